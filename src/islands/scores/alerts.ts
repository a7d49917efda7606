import { $scoreSound, toggleScoreSound } from '../../stores/score-sound.ts';
import type { Change } from './patch-rows.ts';

const FLASH_MS = 4_000;
let audio: AudioContext | null = null;

/** Two short rising tones, made on the spot (no sound file to download). */
function chime() {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const start = audio.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const t = start + i * 0.16;
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.25, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.15);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.16);
  }
}

function flash(root: ParentNode, id: string, cls: string) {
  for (const row of root.querySelectorAll<HTMLElement>(`[data-mid="${id}"]`)) {
    row.classList.remove(cls);
    void row.offsetWidth; // restart the animation when a second goal follows quickly
    row.classList.add(cls);
    setTimeout(() => row.classList.remove(cls), FLASH_MS);
  }
}

/** The goal line of the toast: "进球！热刺 1-0 利物浦 72' 孙兴慜" (the scorer when the feed names one). */
export function goalText(row: HTMLElement, scorer?: string | null): string {
  const text = (f: string) => row.querySelector(`[data-f="${f}"]`)?.textContent?.trim() ?? '';
  const team = (side: string) => row.querySelector(`[data-team="${side}"]`)?.textContent?.trim() ?? '';
  const line = `进球！${team('home')} ${text('hs')}-${text('as')} ${team('away')} ${text('clock')}`;
  return scorer ? `${line} ${scorer}` : line;
}

/**
 * A line in the board's toast area (aria-live), gone after a few seconds. A goal line names its match
 * and gives way to the follow alert of that match (scripts/notice-live.ts) when there is one.
 */
export function toast(root: HTMLElement, text: string, goalOf?: string) {
  const area = root.querySelector<HTMLElement>('[data-toast]');
  if (!area || (goalOf && area.querySelector(`[data-alert][data-mid="${goalOf}"]`))) return;
  const line = document.createElement('p');
  line.className = goalOf ? 'score-toast is-goal' : 'score-toast';
  if (goalOf) line.dataset.mid = goalOf;
  line.textContent = text;
  area.prepend(line);
  setTimeout(() => line.remove(), FLASH_MS + 2_000);
}

/** Goal flash (row and toast), the optional chime, and a red-card flash. */
export function announce(root: HTMLElement, change: Change, scorer?: string | null) {
  const id = change.row.dataset.mid!;
  if (change.red) flash(root, id, 'red-flash');
  if (!change.goal) return;
  flash(root, id, 'goal-flash');
  toast(root, goalText(change.row, scorer), id);
  if ($scoreSound.get()) {
    try {
      chime();
    } catch {
      // audio unavailable (autoplay policy): the flash still shows
    }
  }
}

/** The 声音 switch: on/off, kept on the device. Turning it on plays the chime once (and unlocks audio). */
export function setupSoundToggle(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>('[data-sound]');
  if (!button) return;
  const show = (on: boolean) => {
    button.setAttribute('aria-pressed', String(on));
    button.textContent = on ? '进球声音：开' : '进球声音：关';
  };
  show($scoreSound.get());
  button.hidden = false;
  button.addEventListener('click', () => {
    const on = toggleScoreSound();
    show(on);
    if (on) chime();
  });
}
