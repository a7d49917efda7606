import { describe, expect, it } from 'vitest';
import {
  FAN_BEST_MIN,
  RATING_MSG,
  RATING_VALUES,
  RATING_WINDOW_MS,
  fanAverage,
  fanBest,
  isRatingValue,
  ratingRefusal,
  siteRating,
  whistleAt,
  type RatingLine,
  type WindowInput,
} from '../../src/lib/ratings.ts';

const line = (l: Partial<RatingLine>): RatingLine => ({
  minutesPlayed: 90,
  goals: 0,
  assists: 0,
  shots: 0,
  yellowCards: 0,
  redCards: 0,
  points: 0,
  fieldGoalsScored: 0,
  fieldGoalsAttempted: 0,
  freeThrowsScored: 0,
  freeThrowsAttempted: 0,
  offensiveRebounds: 0,
  defensiveRebounds: 0,
  steals: 0,
  blocks: 0,
  turnovers: 0,
  fouls: 0,
  plusMinus: 0,
  ...l,
});

// A fixed moment: nothing here reads the wall clock.
const KICKOFF = Date.UTC(2026, 2, 7, 12, 0);
const WHISTLE = KICKOFF + 110 * 60_000;
const at = (w: Partial<WindowInput>): WindowInput => ({
  sport: 1,
  state: 8,
  minute: null,
  kickoffAt: KICKOFF,
  finishedAt: WHISTLE,
  now: WHISTLE + 60_000,
  ...w,
});

describe('player rating values', () => {
  it('takes 1 to 10 in half steps and nothing else', () => {
    expect(RATING_VALUES).toHaveLength(19);
    expect(RATING_VALUES[0]).toBe(1);
    expect(RATING_VALUES[1]).toBe(1.5);
    expect(RATING_VALUES.at(-1)).toBe(10);
    for (const v of RATING_VALUES) expect(isRatingValue(v)).toBe(true);
    for (const v of [0, 0.5, 10.5, 7.3, 6.25, -1, NaN, Infinity]) expect(isRatingValue(v)).toBe(false);
  });

  it('averages to one decimal, none before anyone counted', () => {
    expect(fanAverage(0, 0)).toBeNull();
    expect(fanAverage(7 + 8 + 8.5, 3)).toBe(7.8);
    expect(fanAverage(6.5 + 7, 2)).toBe(6.8);
  });
});

describe('the rating window', () => {
  it('opens at the final whistle and closes 24 hours after it, by the clock it is given', () => {
    expect(ratingRefusal(at({}))).toBeNull();
    expect(ratingRefusal(at({ now: WHISTLE + RATING_WINDOW_MS - 1 }))).toBeNull();
    expect(ratingRefusal(at({ now: WHISTLE + RATING_WINDOW_MS }))).toBe(RATING_MSG.closed);
    expect(RATING_MSG.closed).toBe('完场已超过 24 小时，评分已截止');
  });

  it('takes kick-off plus a nominal length when the whistle is unknown', () => {
    expect(whistleAt({ sport: 1, kickoffAt: KICKOFF, finishedAt: null })).toBe(KICKOFF + 115 * 60_000);
    expect(whistleAt({ sport: 2, kickoffAt: KICKOFF, finishedAt: null })).toBe(KICKOFF + 150 * 60_000);
    const late = KICKOFF + 115 * 60_000 + RATING_WINDOW_MS;
    expect(ratingRefusal(at({ finishedAt: null, now: late - 1 }))).toBeNull();
    expect(ratingRefusal(at({ finishedAt: null, now: late }))).toBe(RATING_MSG.closed);
  });

  it('is shut before the whistle, except from the 60th minute for a football player already substituted off', () => {
    expect(ratingRefusal(at({ state: 1 }))).toBe(RATING_MSG.notStarted);
    expect(ratingRefusal(at({ state: 4, minute: 75 }))).toBe(RATING_MSG.notStarted);
    expect(ratingRefusal(at({ state: 4, minute: 59, subbedOff: true }))).toBe(RATING_MSG.subbedOffEarly);
    expect(ratingRefusal(at({ state: 4, minute: 60, subbedOff: true }))).toBeNull();
    expect(ratingRefusal(at({ state: 5, minute: 100, subbedOff: true }))).toBeNull();
    // Basketball has no such rule: a player on the bench waits for the final whistle.
    expect(ratingRefusal(at({ sport: 2, state: 8, minute: 70, subbedOff: true }))).toBe(
      RATING_MSG.notStarted,
    );
    expect(ratingRefusal(at({ sport: 2, state: 10 }))).toBeNull();
  });

  it('never opens for a match called off', () => {
    expect(ratingRefusal(at({ state: 12 }))).toBe(RATING_MSG.void);
    expect(ratingRefusal(at({ sport: 2, state: 14 }))).toBe(RATING_MSG.void);
  });
});

describe('全场最佳', () => {
  it('is the best average among players with enough ratings, ties to the more rated', () => {
    const p = (playerId: number, average: number | null, count: number) => ({ playerId, average, count });
    expect(fanBest([p(1, 9.5, FAN_BEST_MIN - 1), p(2, 7, FAN_BEST_MIN)])).toEqual(p(2, 7, FAN_BEST_MIN));
    expect(fanBest([p(1, 8, 5), p(2, 8, 9), p(3, 7.9, 40)])?.playerId).toBe(2);
    expect(fanBest([p(1, 9.5, 1), p(2, null, 0)])).toBeNull();
  });
});

describe('the site rating', () => {
  it('is null for a player who did not play and 6.x for an uneventful appearance', () => {
    expect(siteRating(1, line({ minutesPlayed: 0 }))).toBeNull();
    expect(siteRating(1, line({}))).toBe(6.3);
    expect(siteRating(1, line({ minutesPlayed: 30 }))).toBe(6.1);
  });

  it('rewards goals, assists and shots in football, and punishes cards', () => {
    expect(siteRating(1, line({ goals: 1, shots: 3 }))).toBe(7.6);
    expect(siteRating(1, line({ goals: 2, assists: 1, shots: 9 }))).toBe(9.5);
    expect(siteRating(1, line({ yellowCards: 1 }))).toBe(5.9);
    expect(siteRating(1, line({ minutesPlayed: 30, redCards: 1 }))).toBe(4.6);
  });

  it('stays within 3.0 and 10.0', () => {
    expect(siteRating(1, line({ goals: 5, assists: 2 }))).toBe(10);
    expect(
      siteRating(
        2,
        line({ minutesPlayed: 20, fieldGoalsAttempted: 15, turnovers: 8, fouls: 6, plusMinus: -30 }),
      ),
    ).toBe(3);
  });

  it('follows the game score in basketball, with a little plus-minus', () => {
    // 30 points on 11/20 (FT 6/7), 8 rebounds (2 off), 7 assists, 2 steals, 1 block, 3 turnovers, 2 fouls, +12.
    const star = line({
      minutesPlayed: 36,
      points: 30,
      fieldGoalsScored: 11,
      fieldGoalsAttempted: 20,
      freeThrowsScored: 6,
      freeThrowsAttempted: 7,
      offensiveRebounds: 2,
      defensiveRebounds: 6,
      assists: 7,
      steals: 2,
      blocks: 1,
      turnovers: 3,
      fouls: 2,
      plusMinus: 12,
    });
    // GmSc = 30 + 4.4 − 14 − 0.4 + 1.4 + 1.8 + 2 + 4.9 + 0.7 − 0.8 − 3 = 27 → 6 + 21/8 + 0.5 = 9.1
    expect(siteRating(2, star)).toBe(9.1);
    expect(siteRating(2, line({ minutesPlayed: 12 }))).toBe(5.3);
  });
});
