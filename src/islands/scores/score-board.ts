import { isChannel, WS_CODE } from '../../lib/realtime/codes.ts';
import { onFrame, subscribe, unsubscribe } from '../../stores/socket.ts';
import { announce, setupSoundToggle } from './alerts.ts';
import { setupFollow } from './follow.ts';
import { patchRows } from './patch-rows.ts';
import { regroup } from './regroup.ts';
import { setupPins } from './pins.ts';

/**
 * `<score-board data-channels="scores:football">` — the one island of a score page. The rows are
 * complete server-rendered HTML; this subscribes to the channels and patches the rows in place
 * (clock, score, state, cards), moves a row to 进行中 / 完场 when its match kicks off or ends,
 * flashes goals, and wires the pin, follow and sound buttons.
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
    setupSoundToggle(this);
  }

  disconnectedCallback() {
    this.stop?.();
    this.stop = null;
  }
}

customElements.define('score-board', ScoreBoard);
