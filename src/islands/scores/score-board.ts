import { isChannel, WS_CODE } from '../../lib/realtime/codes.ts';
import { onFrame, subscribe, unsubscribe } from '../../stores/socket.ts';
import { announce, setupSoundToggle } from './alerts.ts';
import { fillMatchStates } from '../../scripts/match-states.ts';
import { whenMe } from '../../scripts/me.ts';
import { setupFollow } from './follow.ts';
import { patchRows } from './patch-rows.ts';
import { regroup } from './regroup.ts';
import { setupPins } from './pins.ts';

/** 我的关注, hidden in the shared copy of a score list, for a logged-in fan (ScoreFilterRows.astro). */
async function showMineFilter() {
  if (!(await whenMe())) return;
  for (const link of document.querySelectorAll<HTMLElement>('[data-mine-filter]')) link.hidden = false;
}

/**
 * `<score-board data-channels="scores:football">` — the one island of a score page. The rows are
 * complete server-rendered HTML; this subscribes to the channels and patches the rows in place
 * (clock, score, state, cards), moves a row to 进行中 / 完场 when its match kicks off or ends,
 * flashes goals, wires the pin, follow and sound buttons, and makes the stars a logged-in fan's own
 * (scripts/match-states.ts).
 */
class ScoreBoard extends HTMLElement {
  private stop: (() => void) | null = null;

  connectedCallback() {
    const channels = (this.dataset.channels ?? '').split(' ').filter(isChannel);
    if (channels.length) {
      const off = onFrame((f) => {
        if (f.code !== WS_CODE.scoreUpdate || !channels.includes(f.data.channel)) return;
        const live = f.data.payload;
        const change = patchRows(this, live);
        if (change) regroup(this, live);
        if (change) announce(this, change, live.highlight?.type === 'goal' ? live.highlight.player : null);
      });
      channels.forEach(subscribe);
      this.stop = () => {
        off();
        channels.forEach(unsubscribe);
      };
    }
    setupPins(this);
    setupFollow(this);
    void fillMatchStates(this);
    void showMineFilter();
    setupSoundToggle(this);
  }

  disconnectedCallback() {
    this.stop?.();
    this.stop = null;
  }
}

customElements.define('score-board', ScoreBoard);
