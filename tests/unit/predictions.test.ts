import { describe, expect, it } from 'vitest';
import { crowdAgreement, percents, predictionRecord, type CrowdSplit } from '../../src/lib/predictions.ts';

const split = (home: number, draw: number, away: number): CrowdSplit => {
  const p = percents([home, draw, away]);
  return {
    total: home + draw + away,
    winner: [
      { pick: 'home', count: home, percent: p[0] },
      { pick: 'draw', count: draw, percent: p[1] },
      { pick: 'away', count: away, percent: p[2] },
    ],
    totals: [],
  };
};

describe('竞猜 rules', () => {
  it('gives whole percents that add up to 100, the remainder to the largest fractions', () => {
    expect(percents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percents([2, 1, 0])).toEqual([67, 33, 0]);
    expect(percents([1, 6])).toEqual([14, 86]);
    expect(percents([0, 0])).toEqual([0, 0]);
    for (const counts of [
      [3, 3, 1],
      [7, 11, 13],
      [1, 998, 1],
    ]) {
      expect(percents(counts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });

  it('counts hits among decided picks: 走水 and unsettled count for neither', () => {
    expect(predictionRecord(['win', 'lose', 'push', null, 'half_win', 'half_lose'])).toEqual({
      picks: 4,
      hits: 2,
      hitRate: 50,
    });
    expect(predictionRecord([])).toEqual({ picks: 0, hits: 0, hitRate: 0 });
  });

  it('says whether most fans agree with the expert, and nothing on a tie or a 大小 pick', () => {
    expect(crowdAgreement(split(11, 5, 4), 'home')).toBe('多数球迷（55%）看好主队，与专家同向');
    expect(crowdAgreement(split(2, 3, 5), 'home')).toBe('多数球迷（50%）看好客队，与专家相反');
    expect(crowdAgreement(split(1, 5, 2), 'away')).toBe('多数球迷（62%）猜平局，与专家相反');
    expect(crowdAgreement(split(4, 1, 4), 'home')).toBeNull();
    expect(crowdAgreement(split(4, 1, 2), 'over')).toBeNull();
    expect(crowdAgreement(split(0, 0, 0), 'home')).toBeNull();
  });
});
