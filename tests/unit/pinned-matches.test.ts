import { beforeEach, describe, expect, it } from 'vitest';
import { $pinnedMatches, isPinned, PINNED_LIMIT, togglePin } from '../../src/stores/pinned-matches.ts';
import { $scoreSound, toggleScoreSound } from '../../src/stores/score-sound.ts';

describe('pinned matches (device-local, spec §3)', () => {
  beforeEach(() => $pinnedMatches.set([]));

  it('pins newest first and unpins', () => {
    expect(togglePin(7)).toBe(true);
    expect(togglePin(9)).toBe(true);
    expect($pinnedMatches.get()).toEqual([9, 7]);
    expect(togglePin(7)).toBe(false);
    expect(isPinned(7)).toBe(false);
    expect($pinnedMatches.get()).toEqual([9]);
  });

  it('ignores ids that are not match ids and keeps at most the limit', () => {
    expect(togglePin(0)).toBe(false);
    expect(togglePin(1.5)).toBe(false);
    for (let id = 1; id <= PINNED_LIMIT + 5; id++) togglePin(id);
    expect($pinnedMatches.get()).toHaveLength(PINNED_LIMIT);
    expect($pinnedMatches.get()[0]).toBe(PINNED_LIMIT + 5);
  });
});

describe('goal sound switch', () => {
  it('is off until turned on, and toggles', () => {
    $scoreSound.set(false);
    expect(toggleScoreSound()).toBe(true);
    expect(toggleScoreSound()).toBe(false);
  });
});
