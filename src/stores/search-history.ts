import { persistentJSON } from '@nanostores/persistent';

/** Spec §9: the box shows 6; a few more are kept so deleting one brings back an older one. */
export const SEARCH_HISTORY_SHOWN = 6;
const KEPT = 20;

/** Search words typed on this device, newest first (kept locally, spec §3). */
export const $searchHistory = persistentJSON<string[]>('qyq:search-history', []);

export function addSearch(word: string): void {
  const w = word.trim().slice(0, 40);
  if (!w) return;
  $searchHistory.set([w, ...$searchHistory.get().filter((x) => x !== w)].slice(0, KEPT));
}

export function removeSearch(word: string): void {
  $searchHistory.set($searchHistory.get().filter((x) => x !== word));
}

export function clearSearches(): void {
  $searchHistory.set([]);
}

export const visibleSearches = (list: readonly string[]) => list.slice(0, SEARCH_HISTORY_SHOWN);
