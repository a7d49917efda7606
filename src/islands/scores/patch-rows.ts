import { rowFields, type ScoreView } from '../../lib/sports/score-view.ts';

export type LiveUpdate = ScoreView & {
  id: number;
  highlight: { type: string; side: 1 | 2; player?: string | null } | null;
};

/** What an update changed that deserves attention: the side that scored or got a red card (0 none). */
export interface Change {
  row: HTMLElement;
  goal: 0 | 1 | 2;
  red: 0 | 1 | 2;
}

const num = (el: Element | null) => Number(el?.textContent) || 0;

/**
 * Writes a live score into every row of the match under `root` (a pinned copy included): each
 * `[data-f]` element gets its field's text, `[data-hide-empty]` ones hide when empty, and the row's
 * `data-phase` drives its colours. Returns what changed in the first row, null when no row shows it.
 */
export function patchRows(root: ParentNode, live: LiveUpdate): Change | null {
  const rows = [...root.querySelectorAll<HTMLElement>(`[data-mid="${live.id}"]`)];
  if (!rows.length) return null;
  const first = rows[0];
  const before = ['hs', 'as', 'hred', 'ared'].map((f) => num(first.querySelector(`[data-f="${f}"]`)));
  const fields = rowFields(live);
  for (const row of rows) {
    row.dataset.phase = live.phase;
    for (const el of row.querySelectorAll<HTMLElement>('[data-f]')) {
      const value = fields[el.dataset.f!];
      if (value === undefined) continue;
      if (el.textContent !== value) el.textContent = value;
      if (el.hasAttribute('data-hide-empty')) el.hidden = value === '';
    }
  }
  const side = (h: boolean, a: boolean): 0 | 1 | 2 => (h ? 1 : a ? 2 : 0);
  const [hs, as, hred, ared] = [live.home.score ?? 0, live.away.score ?? 0, live.home.red, live.away.red];
  return {
    row: first,
    goal: live.sport === 1 ? side(hs > before[0], as > before[1]) : 0,
    red: side(hred > before[2], ared > before[3]),
  };
}
