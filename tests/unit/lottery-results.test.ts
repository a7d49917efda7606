import { describe, expect, it } from 'vitest';
import { outcomeOf, totalOutcome, zcDigit } from '../../src/lib/sports/lottery-results.ts';

const m = (
  home: number | null,
  away: number | null,
  phase = 'finished',
  ft: [number, number] | null = null,
) => ({ phase, home: { score: home }, away: { score: away }, ft });

describe('lottery outcomes', () => {
  it('settles 胜平负 and 让球胜平负 (home gives the line)', () => {
    expect(outcomeOf(m(2, 1))).toBe('home');
    expect(outcomeOf(m(2, 1), 1)).toBe('draw');
    expect(outcomeOf(m(2, 1), 2)).toBe('away');
    expect(outcomeOf(m(0, 1), -1)).toBe('draw');
  });

  it('waits for the final whistle and settles on 90 minutes when there was extra time', () => {
    expect(outcomeOf(m(1, 0, 'playing'))).toBeNull();
    expect(outcomeOf(m(2, 1, 'finished', [1, 1]))).toBe('draw');
  });

  it('settles totals and gives 足彩 digits', () => {
    expect(totalOutcome(m(110, 100), 205.5)).toBe('over');
    expect(totalOutcome(m(100, 100), 205.5)).toBe('under');
    expect(totalOutcome(m(100, 100), 200)).toBeNull();
    expect([m(3, 1), m(1, 1), m(0, 2), m(null, null, 'void')].map(zcDigit)).toEqual(['3', '1', '0', '*']);
  });
});
