import { describe, expect, it } from 'vitest';
import { axisPoints, secondAt } from '../../src/lib/match/replay-axis.ts';

const line = (period: number, minute: number | null, second: number, clockSeconds: number | null = null) => ({
  period,
  minute,
  clockSeconds,
  second,
});

describe('the match timeline under a replay', () => {
  it('places football lines as the timeline draws them, stoppage time before the next half, forwards only', () => {
    const points = axisPoints(1, [
      line(1, 44, 10),
      line(1, 45, 20),
      line(1, 47, 30), // 45+2: still the first half
      line(1, 47, 31), // the same place again: the first second is kept
      line(2, 46, 40),
      line(2, null, 41), // no minute: not placed
      line(2, 50, 50),
    ]);
    expect(points.map(([, s]) => s)).toEqual([10, 20, 30, 40, 50]);
    expect(points[2][0]).toBeLessThan(45);
    expect(points[3][0]).toBe(45.5);
  });

  it('places basketball lines by quarter and game clock', () => {
    const points = axisPoints(2, [line(1, null, 5, 720), line(1, null, 65, 360), line(2, null, 200, 720)]);
    expect(points).toEqual([
      [0, 5],
      [6, 65],
      [12, 200],
    ]);
  });

  it('seeks to the last recorded moment at or before the click, else the first', () => {
    const points = axisPoints(1, [line(1, 40, 100), line(2, 46, 160), line(2, 60, 190)]);
    expect(secondAt(points, 10)).toBe(100);
    expect(secondAt(points, 45)).toBe(100);
    expect(secondAt(points, 46)).toBe(160);
    expect(secondAt(points, 89)).toBe(190);
    expect(secondAt([], 30)).toBeNull();
  });
});
