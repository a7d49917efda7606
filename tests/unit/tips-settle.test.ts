import { describe, expect, it } from 'vitest';
import { computeRecord } from '../../src/lib/tips/records.ts';
import { settlePick, type TipResult } from '../../src/lib/tips/settle.ts';
import type { TipPick, TipPlay } from '../../src/lib/tips/plays.ts';

type Row = [TipPlay, TipPick, number | null, string, TipResult];

// play, pick, line (home gives when positive), final score, expected result
const TABLE: Row[] = [
  // 胜平负
  ['spf', 'home', null, '2-1', 'win'],
  ['spf', 'home', null, '1-1', 'lose'],
  ['spf', 'draw', null, '0-0', 'win'],
  ['spf', 'away', null, '0-3', 'win'],
  ['spf', 'away', null, '1-0', 'lose'],
  // 让球胜平负 (whole goals)
  ['rqspf', 'home', 1, '2-0', 'win'],
  ['rqspf', 'draw', 1, '2-1', 'win'],
  ['rqspf', 'away', 1, '1-1', 'win'],
  ['rqspf', 'home', 1, '2-1', 'lose'],
  ['rqspf', 'home', -1, '0-0', 'win'],
  ['rqspf', 'draw', -1, '0-1', 'win'],
  ['rqspf', 'away', -2, '0-3', 'win'],
  // 亚盘 whole lines: push when it lands
  ['asia', 'home', 0, '1-1', 'push'],
  ['asia', 'away', 0, '1-1', 'push'],
  ['asia', 'home', 0, '2-1', 'win'],
  ['asia', 'away', 0, '2-1', 'lose'],
  ['asia', 'home', 1, '2-1', 'push'],
  ['asia', 'home', 1, '3-1', 'win'],
  ['asia', 'away', 1, '1-1', 'win'],
  ['asia', 'home', -1, '0-1', 'push'],
  ['asia', 'away', -1, '0-2', 'win'],
  ['asia', 'home', 2, '3-1', 'push'],
  // 亚盘 half lines: never a push
  ['asia', 'home', 0.5, '1-0', 'win'],
  ['asia', 'home', 0.5, '0-0', 'lose'],
  ['asia', 'away', 0.5, '0-0', 'win'],
  ['asia', 'home', -0.5, '0-0', 'win'],
  ['asia', 'home', 1.5, '2-0', 'win'],
  ['asia', 'away', 1.5, '2-1', 'win'],
  // 亚盘 quarter lines: half wins and half losses
  ['asia', 'home', 0.25, '0-0', 'half_lose'],
  ['asia', 'away', 0.25, '0-0', 'half_win'],
  ['asia', 'home', 0.25, '1-0', 'win'],
  ['asia', 'home', 0.75, '1-0', 'half_win'],
  ['asia', 'away', 0.75, '1-0', 'half_lose'],
  ['asia', 'home', 0.75, '2-0', 'win'],
  ['asia', 'home', -0.25, '0-0', 'half_win'],
  ['asia', 'away', -0.25, '0-0', 'half_lose'],
  ['asia', 'home', -0.75, '0-1', 'half_lose'],
  ['asia', 'away', -0.75, '0-1', 'half_win'],
  ['asia', 'home', 1.25, '1-0', 'half_lose'],
  ['asia', 'home', 1.75, '2-0', 'half_win'],
  ['asia', 'away', 1.75, '3-0', 'lose'],
  // 大小球: whole, half and quarter lines
  ['ou', 'over', 2.5, '2-1', 'win'],
  ['ou', 'under', 2.5, '2-1', 'lose'],
  ['ou', 'over', 2.5, '1-1', 'lose'],
  ['ou', 'over', 3, '2-1', 'push'],
  ['ou', 'under', 3, '2-1', 'push'],
  ['ou', 'over', 2.25, '1-1', 'half_lose'],
  ['ou', 'under', 2.25, '1-1', 'half_win'],
  ['ou', 'over', 2.75, '2-1', 'half_win'],
  ['ou', 'under', 2.75, '2-1', 'half_lose'],
  ['ou', 'over', 2.75, '2-2', 'win'],
  // basketball 让分 and 大小分 (points)
  ['asia', 'home', 5.5, '105-99', 'win'],
  ['asia', 'home', 5.5, '104-99', 'lose'],
  ['asia', 'away', 5.5, '104-99', 'win'],
  ['asia', 'home', 5, '104-99', 'push'],
  ['asia', 'away', -3.5, '100-102', 'lose'],
  ['asia', 'home', -3.5, '100-102', 'win'],
  ['ou', 'over', 210.5, '110-101', 'win'],
  ['ou', 'under', 210.5, '110-100', 'win'],
  ['ou', 'over', 210, '110-100', 'push'],
];

describe('tip settlement', () => {
  it.each(TABLE)('%s %s line %s at %s → %s', (play, pick, line, score, expected) => {
    const [home, away] = score.split('-').map(Number);
    expect(settlePick(play, pick, line, { home, away })).toBe(expected);
  });

  it('covers every play with every kind of line', () => {
    const plays = new Set(TABLE.map((r) => r.slice(0, 1).join()));
    expect(plays).toEqual(new Set(['spf', 'rqspf', 'asia', 'ou']));
    const kinds = new Set(
      TABLE.filter((r) => r[0] === 'asia' || r[0] === 'ou').map((r) => ((Math.round(r[2]! * 4) % 4) + 4) % 4),
    );
    expect(kinds).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(TABLE.map((r) => r[4]))).toEqual(
      new Set(['win', 'half_win', 'push', 'half_lose', 'lose']),
    );
  });
});

describe('expert record', () => {
  const at = (d: number) => new Date(Date.UTC(2026, 0, d));
  it('counts hits, ROI and streaks from settled results only', () => {
    const r = computeRecord([
      { result: 'lose', odds: 2, play: 'spf', settledAt: at(1) },
      { result: 'win', odds: 2, play: 'spf', settledAt: at(2) },
      { result: 'win', odds: 0.9, play: 'asia', settledAt: at(3) },
      { result: 'push', odds: 0.9, play: 'asia', settledAt: at(4) },
      { result: 'half_win', odds: 1, play: 'ou', settledAt: at(5) },
    ]);
    expect(r).toMatchObject({ total: 5, hits: 3, misses: 1, pushes: 1, hitRate: 75, currentStreak: 3 });
    expect(r.longestStreak).toBe(3);
    // profit: -1 + 1 + 0.9 + 0 + 0.5 = 1.4 over 5 plans
    expect(r.roi).toBe(28);
    expect(r.lastTen).toEqual(['red', 'push', 'red', 'red', 'black']);
  });

  it('gives the same ROI whatever order the plans are read in', () => {
    // Summed as floating point these give 115.2 one way round and 115.3 the other: a board and
    // an expert page reading the same plans in two orders disagreed.
    const plans = [
      { result: 'lose', odds: 1.67, play: 'asia' },
      { result: 'win', odds: 2.17, play: 'spf' },
      { result: 'half_win', odds: 3.09, play: 'spf' },
      { result: 'win', odds: 3.16, play: 'ou' },
      { result: 'win', odds: 2.11, play: 'asia' },
      { result: 'half_win', odds: 1.86, play: 'spf' },
    ].map((p, i) => ({ ...p, result: p.result as TipResult, settledAt: at(i + 1) }));
    // profit: -1 + 1.17 + 1.045 + 3.16 + 2.11 + 0.43 = 6.915 over 6 plans = 115.25 %, rounded up
    expect(computeRecord(plans).roi).toBe(115.3);
    expect(computeRecord([...plans].reverse()).roi).toBe(115.3);
  });

  it('is empty without settled plans', () => {
    expect(computeRecord([])).toMatchObject({ total: 0, hitRate: 0, roi: 0, currentStreak: 0, lastTen: [] });
  });
});
