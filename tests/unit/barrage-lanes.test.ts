import { describe, expect, it } from 'vitest';
import { freeLane, MAX_FLYING } from '../../src/lib/live/barrage-lanes.ts';

describe('barrage lanes', () => {
  it('takes the first lane whose last line has left its start', () => {
    expect(freeLane([], 6, 1000, 0)).toBe(0);
    expect(freeLane([2000, 900, 500], 6, 1000, 2)).toBe(1);
    expect(freeLane([2000, 2000, 2000], 3, 1000, 3)).toBeNull();
  });

  it('skips a line once MAX_FLYING are in the air, however many lanes are free', () => {
    expect(freeLane([], 10, 1000, MAX_FLYING - 1)).toBe(0);
    expect(freeLane([], 10, 1000, MAX_FLYING)).toBeNull();
  });
});
