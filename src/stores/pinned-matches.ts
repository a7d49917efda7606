import { persistentJSON } from '@nanostores/persistent';

/** Matches pinned to the top of the score lists (spec §3: pinned match ids, kept locally on the device). */
export const PINNED_LIMIT = 50;

export const $pinnedMatches = persistentJSON<number[]>('qyq:pinned-matches', []);

const valid = (id: number) => Number.isInteger(id) && id > 0;

export const isPinned = (id: number): boolean => $pinnedMatches.get().includes(id);

/** Pins a match (newest first) or unpins it; returns whether it is pinned now. */
export function togglePin(id: number): boolean {
  if (!valid(id)) return false;
  const list = $pinnedMatches.get().filter((x) => valid(x) && x !== id);
  const pinned = !isPinned(id);
  $pinnedMatches.set(pinned ? [id, ...list].slice(0, PINNED_LIMIT) : list);
  return pinned;
}
