import { isChannel, WS_CODE } from '../../lib/realtime/codes.ts';
import { announce, setupSoundToggle } from './alerts.ts';
import { setupFollow } from './follow.ts';
import { patchRows, type LiveUpdate } from './patch-rows.ts';
import { setupPins } from './pins.ts';
import { openScoreSocket } from './score-socket.ts';

/**
 * `<score-board data-channels="scores:football">` — the one island of a score page. The rows are
 * complete server-rendered HTML; this subscribes to the channels and patches the rows in place
 * (clock, score, state, cards), flashes goals, and wires the pin, follow and sound buttons.
 */
class ScoreBoard extends HTMLElement {
  private stop: (() => void) | null = null;

  connectedCallback() {
    const channels = (this.dataset.channels ?? '').split(' ').filter(isChannel);
    if (channels.length) {
      this.stop = openScoreSocket(channels, (d) => {
        if (d.code !== WS_CODE.scoreUpdate || !d.payload || typeof d.payload !== 'object') return;
        const live = d.payload as LiveUpdate;
        const change = patchRows(this, live);
        if (change) announce(this, change, live.highlight?.type === 'goal' ? live.highlight.player : null);
      });
    }
    setupPins(this);
    setupFollow(this);
    setupSoundToggle(this);
  }

  disconnectedCallback() {
    this.stop?.();
    this.stop = null;
  }
}

customElements.define('score-board', ScoreBoard);
