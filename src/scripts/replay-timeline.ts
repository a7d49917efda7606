import { REPLAY_SEEK_EVENT, secondAt, type AxisPoint } from '../lib/match/replay-axis.ts';

/**
 * <replay-timeline data-points> around the match timeline under a replay: a click on the figure asks
 * the replay's player for the second that shows that moment of the match (the buttons of the
 * player's 比赛节点 do the same for the keyboard).
 */
class ReplayTimeline extends HTMLElement {
  connectedCallback() {
    const points = JSON.parse(this.dataset.points ?? '[]') as AxisPoint[];
    this.addEventListener('click', (e) => {
      const figure = this.querySelector<HTMLElement>('figure[data-axis]');
      const svg = figure?.querySelector(':scope > svg');
      if (!figure || !svg) return;
      const [from, to] = figure.dataset.axis!.split(',').map(Number);
      const box = svg.getBoundingClientRect();
      const share = ((e.clientX - box.left) / box.width - from) / (to - from);
      if (share < 0 || share > 1) return;
      const second = secondAt(points, share * Number(figure.dataset.end));
      if (second !== null) dispatchEvent(new CustomEvent(REPLAY_SEEK_EVENT, { detail: second }));
    });
  }
}

if (!customElements.get('replay-timeline')) customElements.define('replay-timeline', ReplayTimeline);
