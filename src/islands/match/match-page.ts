import type { LiveScore } from '../../lib/sports/types.ts';
import { runningText, textStamp } from '../../lib/match/format.ts';
import { CHANNEL, WS_CODE } from '../../lib/realtime/codes.ts';
import type { DeliveryFrame, MatchDetail, TextLineEvent } from '../../lib/realtime/events.ts';
import { onFrame, subscribe } from '../../stores/socket.ts';
import { fillMatchStates } from '../../scripts/match-states.ts';
import { call } from '../../scripts/svc.ts';
import { wireMatchActions } from './match-actions.ts';

type StatsPayload = Extract<MatchDetail, { kind: 'stats' }>;

const MAX_LINES = 200;
/** The timeline is refetched at most this often, and never sooner than the page micro-cache's second. */
const TIMELINE_EVERY_MS = 4000;
const TIMELINE_DELAY_MS = 1500;
const all = (sel: string) => document.querySelectorAll<HTMLElement>(sel);
const set = (name: string, text: string) =>
  all(`[data-live="${name}"]`).forEach((el) => (el.textContent = text));
const pair = (a: number | null, b: number | null) => `${a ?? 0}-${b ?? 0}`;

/**
 * <match-live>: the match page's one live island. It patches the score header, the game clock,
 * the text commentary (newest first) and the statistics bars from `match:{id}` (10033 score,
 * 10034 text / stats), refetches the match timeline's fragment when an event, a price, the
 * statistics or the state change (docs/match-day.md), and wires the follow and reserve buttons.
 */
class MatchLive extends HTMLElement {
  private score!: Pick<
    LiveScore,
    | 'sport'
    | 'phase'
    | 'stateName'
    | 'minute'
    | 'addedMinute'
    | 'period'
    | 'clockSeconds'
    | 'clockRunning'
    | 'clockAt'
  >;
  private loadedAt = Date.now();
  private timelineTimer: ReturnType<typeof setTimeout> | null = null;
  private timelineAt = 0;
  private caughtUp = false;

  connectedCallback() {
    const d = this.dataset;
    const id = Number(d.matchId);
    const sport = Number(d.sport);
    const num = (v: string | undefined) => (v ? Number(v) : null);
    this.score = {
      sport: sport as 1 | 2,
      phase: d.phase as LiveScore['phase'],
      stateName: d.stateName ?? '',
      minute: null,
      addedMinute: null,
      period: num(d.period),
      clockSeconds: num(d.clockSeconds),
      clockRunning: d.clockRunning === '1',
      clockAt: num(d.clockAt),
    };
    // On a shared page a fan's buttons are the visitor's until their states are in.
    void fillMatchStates(this).then(() => wireMatchActions(this, id, sport));
    if (!d.watch) return;
    const channel = CHANNEL.match(id);
    onFrame((f) => {
      // Subscribed again after a (re)connection: catch up on what changed while not listening.
      if (f.code === WS_CODE.subscribed && f.data.channel === channel) void this.catchUp(id);
      else if (f.code === WS_CODE.scoreUpdate || f.code === WS_CODE.matchEvent) this.onDelivery(f);
    });
    subscribe(channel);
    if (sport === 2) setInterval(() => this.tick(), 1000);
  }

  /** The feed's time now: simulated time runs `speed` times faster than the wall clock. */
  private feedNow() {
    return Number(this.dataset.feedNow) + (Date.now() - this.loadedAt) * Number(this.dataset.speed || 1);
  }

  /** Seconds left on the basketball clock, counted down from the last value the feed sent. */
  private seconds() {
    const s = this.score;
    if (s.clockSeconds === null || !s.clockRunning || s.clockAt === null || s.phase !== 'playing')
      return s.clockSeconds;
    return Math.max(0, s.clockSeconds - Math.floor((this.feedNow() - s.clockAt) / 1000));
  }

  private tick() {
    set('running', runningText(this.score, this.seconds()));
  }

  private onDelivery(f: DeliveryFrame) {
    if (f.data.channel !== CHANNEL.match(Number(this.dataset.matchId))) return;
    if (f.code === WS_CODE.scoreUpdate) {
      if (f.data.payload.stateName !== this.score.stateName) this.refreshTimeline();
      this.applyScore(f.data.payload);
    } else if (f.code === WS_CODE.matchEvent) {
      const p = f.data.payload;
      if (p.kind === 'text') this.addLines(p.lines);
      else if (p.kind === 'stats') this.applyStats(p);
      if (p.kind === 'events' || p.kind === 'odds' || p.kind === 'stats') this.refreshTimeline();
    }
  }

  /**
   * Swaps in the timeline's server-rendered fragment, fetched a moment after the change (so the
   * page micro-cache has let go of the copy from before it) and at most every few seconds.
   */
  private refreshTimeline() {
    const box = document.querySelector<HTMLElement>('[data-live="timeline"]');
    if (!box?.dataset.src || this.timelineTimer) return;
    const wait = Math.max(TIMELINE_DELAY_MS, this.timelineAt + TIMELINE_EVERY_MS - Date.now());
    this.timelineTimer = setTimeout(() => {
      this.timelineAt = Date.now();
      fetch(box.dataset.src!, { cache: 'no-cache' })
        .then((res) => (res.ok ? res.text() : null))
        .then((html) => {
          if (html) box.innerHTML = html;
        })
        .catch(() => {})
        .finally(() => (this.timelineTimer = null));
    }, wait);
  }

  private applyScore(s: LiveScore) {
    this.score = s;
    const scheduled = s.phase === 'scheduled';
    set('home-score', s.home.score === null ? '' : String(s.home.score));
    set('away-score', s.away.score === null ? '' : String(s.away.score));
    set('sep', scheduled ? 'VS' : '-');
    set('state', s.stateName);
    set('running', runningText(s, this.seconds()));
    if (s.home.ht !== null && s.away.ht !== null) {
      set('ht', pair(s.home.ht, s.away.ht));
      all('[data-live="ht-row"]').forEach((el) => (el.hidden = false));
    }
    set('corner', pair(s.home.corner, s.away.corner));
    set('yellow', pair(s.home.yellow, s.away.yellow));
    set('red', pair(s.home.red, s.away.red));
    [s.home, s.away].forEach((t, i) => {
      t.periods?.forEach((v, p) => set(`p${i + 1}-${p}`, String(v)));
      set(`t${i + 1}`, t.score === null ? '-' : String(t.score));
    });
  }

  /** Prepends new commentary lines (oldest first in, so the newest ends on top), skipping ones already shown. */
  private addLines(lines: TextLineEvent[]) {
    const list = document.querySelector<HTMLElement>('[data-live="texts"]');
    const tpl = document.querySelector<HTMLTemplateElement>('template[data-live="text-tpl"]');
    if (!list || !tpl) return;
    for (const line of [...lines].sort((a, b) => a.seq - b.seq)) {
      if (list.querySelector(`[data-seq="${line.seq}"]`)) continue;
      const li = tpl.content.firstElementChild!.cloneNode(true) as HTMLElement;
      li.dataset.seq = String(line.seq);
      li.dataset.kind = line.kind;
      li.querySelector('[data-slot="stamp"]')!.textContent = textStamp(line, this.score.sport);
      li.querySelector('[data-slot="text"]')!.textContent = line.text;
      list.prepend(li);
    }
    while (list.children.length > MAX_LINES) list.lastElementChild!.remove();
    all('[data-live="texts-empty"]').forEach((el) => (el.hidden = true));
    list.hidden = false;
  }

  private applyStats(p: StatsPayload) {
    const home = p.teams.find((t) => t.side === 1)?.stats;
    const away = p.teams.find((t) => t.side === 2)?.stats;
    if (!home || !away) return;
    for (const row of all('[data-stat]')) {
      const key = row.dataset.stat!;
      const [h, a] = [home[key] ?? 0, away[key] ?? 0];
      const unit = row.dataset.unit ?? '';
      row.querySelector('[data-slot="home"]')!.textContent = `${h}${unit}`;
      row.querySelector('[data-slot="away"]')!.textContent = `${a}${unit}`;
      const share = h + a > 0 ? (h / (h + a)) * 100 : 50;
      row.querySelector<HTMLElement>('[data-slot="home-bar"]')!.style.width = `${share}%`;
      row.querySelector<HTMLElement>('[data-slot="away-bar"]')!.style.width = `${100 - share}%`;
    }
  }

  /** Once subscribed: the score and the latest lines, which may have changed since the page was rendered. */
  private async catchUp(id: number) {
    const [detail, texts] = await Promise.all([
      call<LiveScore>('GET', `/live/match/${id}`),
      call<TextLineEvent[]>('GET', `/live/match/${id}/texts?limit=30`),
    ]);
    // On a failure the next delivery brings the page up to date.
    if (detail.code === 200) this.applyScore(detail.data);
    if (texts.code === 200) this.addLines(texts.data);
    // The first subscription follows the page's own render: only a reconnection refetches the timeline.
    if (this.caughtUp) this.refreshTimeline();
    this.caughtUp = true;
  }
}

if (!customElements.get('match-live')) customElements.define('match-live', MatchLive);
