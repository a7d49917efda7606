import { $pinnedMatches, togglePin } from '../../stores/pinned-matches.ts';

/**
 * 置顶: pinned matches are copied into the `[data-pinned]` box at the top of the board and hidden
 * in their own list. The copies are rebuilt from the originals, which the socket keeps up to date.
 */
export function setupPins(root: HTMLElement) {
  const box = root.querySelector<HTMLElement>('[data-pinned]');
  const list = box?.querySelector('ul');
  if (!box || !list) return;
  const originals = () => [...root.querySelectorAll<HTMLElement>('[data-list] [data-mid]')];

  const markButton = (row: HTMLElement, pinned: boolean) => {
    const button = row.querySelector<HTMLButtonElement>('[data-pin]');
    if (!button) return;
    button.hidden = false;
    button.setAttribute('aria-pressed', String(pinned));
    button.title = pinned ? '取消置顶' : '置顶';
  };

  const render = () => {
    const ids = $pinnedMatches.get();
    const rows = originals();
    const copies: HTMLElement[] = [];
    for (const id of ids) {
      const row = rows.find((r) => r.dataset.mid === String(id));
      if (!row) continue;
      const copy = row.cloneNode(true) as HTMLElement;
      copy.hidden = false;
      markButton(copy, true);
      copies.push(copy);
    }
    for (const row of rows) {
      const pinned = ids.includes(Number(row.dataset.mid));
      row.hidden = pinned;
      markButton(row, pinned);
    }
    list.replaceChildren(...copies);
    box.hidden = copies.length === 0;
  };

  root.addEventListener('click', (e) => {
    const button = (e.target as Element).closest?.<HTMLButtonElement>('[data-pin]');
    const id = Number(button?.closest<HTMLElement>('[data-mid]')?.dataset.mid);
    if (!button || !id) return;
    togglePin(id);
    render();
  });
  render();
}
