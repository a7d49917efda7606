import { stateGroupOf } from '../../lib/sports/score-view.ts';
import type { MatchPhase } from '../../lib/vocab/match-states.ts';
import type { LiveUpdate } from './patch-rows.ts';

const kickoffOf = (row: Element) =>
  Date.parse(row.querySelector('time[datetime]')?.getAttribute('datetime') ?? '');
const rowsOf = (el: ParentNode) => [...el.querySelectorAll<HTMLElement>('[data-list] > li[data-mid]')];

/**
 * On a list grouped by state (进行中 / 未开赛 / 完场, MatchList's `data-group` sections), moves the
 * match's row to the section its phase now belongs in, in kick-off order, and brings every count up
 * to date: each section's "N 场" (an empty section hides) and the heading's 进行中 count.
 */
export function regroup(root: HTMLElement, live: LiveUpdate) {
  const row = root.querySelector<HTMLElement>(`[data-group] [data-list] > li[data-mid="${live.id}"]`);
  const target = root.querySelector<HTMLElement>(`[data-group="${stateGroupOf(live.phase)}"]`);
  const list = target?.querySelector('[data-list]');
  if (row && list && row.closest('[data-group]') !== target) {
    const at = kickoffOf(row);
    const after = rowsOf(target!).find(
      (r) => kickoffOf(r) > at || (kickoffOf(r) === at && Number(r.dataset.mid) > live.id),
    );
    list.insertBefore(row, after ?? null);
  }
  for (const section of root.querySelectorAll<HTMLElement>('[data-group]')) {
    const n = rowsOf(section).length;
    section.querySelector('[data-count]')!.textContent = String(n);
    section.hidden = n === 0;
  }
  // Any grouping: the matches in play are the rows whose phase is a live one (a pinned copy is not in a list).
  const playing = rowsOf(root).filter((r) => stateGroupOf(r.dataset.phase as MatchPhase) === 'live');
  document.querySelectorAll('[data-live-count]').forEach((el) => (el.textContent = String(playing.length)));
}
