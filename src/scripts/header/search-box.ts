// The `<search-box>` of SearchBox.astro, loaded with the shell's one script (src/scripts/shell.ts)
// rather than as a script file of its own on every page.
import {
  $searchHistory,
  addSearch,
  clearSearches,
  removeSearch,
  visibleSearches,
} from '../../stores/search-history.ts';

/** The header search: device-local history (6 shown, delete one, clear all) above the hot list. */
class SearchBoxElement extends HTMLElement {
  connectedCallback() {
    const panel = this.querySelector<HTMLElement>('[data-panel]')!;
    const input = this.querySelector<HTMLInputElement>('input')!;
    const historyBox = this.querySelector<HTMLElement>('[data-history]')!;
    const list = this.querySelector<HTMLUListElement>('[data-history-list]')!;
    const render = (items: readonly string[]) => {
      const shown = visibleSearches(items);
      historyBox.hidden = shown.length === 0;
      list.replaceChildren(
        ...shown.map((word) => {
          const li = document.createElement('li');
          li.className = 'flex items-center justify-between text-sm';
          const a = document.createElement('a');
          a.href = `/search?val=${encodeURIComponent(word)}`;
          a.textContent = word;
          a.className = 'truncate hover:text-brand';
          const del = document.createElement('button');
          del.type = 'button';
          del.textContent = '×';
          del.className = 'px-1 text-ink-mute hover:text-accent';
          del.setAttribute('aria-label', `删除搜索记录 ${word}`);
          del.addEventListener('click', (e) => {
            e.stopPropagation();
            removeSearch(word);
            input.focus();
          });
          li.append(a, del);
          return li;
        }),
      );
    };
    $searchHistory.subscribe(render);
    // Clicks inside the panel keep the focus in the input, so deleting an entry (whose button
    // then leaves the page) does not close the panel.
    panel.addEventListener('mousedown', (e) => e.preventDefault());
    input.addEventListener('focus', () => (panel.hidden = false));
    this.addEventListener('focusout', (e) => {
      if (!this.contains(e.relatedTarget as Node)) panel.hidden = true;
    });
    document.addEventListener('click', (e) => {
      if (!this.contains(e.target as Node)) panel.hidden = true;
    });
    this.querySelector('[data-clear]')!.addEventListener('click', () => {
      clearSearches();
      input.focus();
    });
    this.querySelector('form')!.addEventListener('submit', (e) => {
      if (!input.value.trim()) return e.preventDefault();
      addSearch(input.value);
    });
    this.querySelectorAll<HTMLAnchorElement>('[data-hot] a').forEach((a) =>
      a.addEventListener('click', () => addSearch(a.dataset.word ?? '')),
    );
  }
}
customElements.define('search-box', SearchBoxElement);
