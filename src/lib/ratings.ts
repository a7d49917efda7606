import { stateInfo } from './vocab/match-states.ts';
import type { SportId } from './vocab/sports.ts';

/**
 * Player ratings 球员评分 (docs/ratings.md): after the final whistle a logged-in fan rates each player
 * who played, 1–10 in half steps, changeable for 24 hours by the feed's clock; beside the fans' average
 * the site's own rating from the player's line (`siteRating`, 3.0–10.0 around a 6.0 baseline).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 10;
/** The values a fan may give: 1, 1.5, … 10. */
export const RATING_VALUES: readonly number[] = Array.from({ length: 19 }, (_, i) => RATING_MIN + i / 2);
/** How long after the final whistle ratings may be given or changed. */
export const RATING_WINDOW_MS = 24 * 3_600_000;
/** Football: a player substituted off may be rated from this minute of the match on. */
export const SUBBED_OFF_FROM_MINUTE = 60;
/** A fan's rating counts in the averages from this user level on (1 球迷: several days of logins). */
export const RATING_COUNT_LEVEL = 1;
/** 全场最佳 needs at least this many counted ratings, so one fan cannot crown a player. */
export const FAN_BEST_MIN = 3;
/** The staff console lists an address once this many accounts rated one match from it. */
export const RATING_SUSPECT_ACCOUNTS = 3;
/**
 * When a finished match's whistle is unknown (an imported result never moved through 完场 by the feed),
 * it is taken as kick-off plus this much.
 */
export const NOMINAL_LENGTH_MS: Record<SportId, number> = { 1: 115 * 60_000, 2: 150 * 60_000 };

export const RATING_MSG = {
  matchUnknown: '比赛不存在',
  rating: '评分须为 1 到 10 分，以 0.5 分为单位',
  notPlayed: '该球员本场没有出场，不能评分',
  notStarted: '比赛还没有结束，完场后才能评分',
  subbedOffEarly: '比赛第 60 分钟起才能为已换下的球员评分',
  void: '比赛没有正常进行，不能评分',
  closed: '完场已超过 24 小时，评分已截止',
} as const;

/** Whether `v` is a rating a fan may give (a number from 1 to 10 in half steps). */
export const isRatingValue = (v: number) =>
  Number.isFinite(v) && v >= RATING_MIN && v <= RATING_MAX && Number.isInteger(v * 2);

/** The final whistle by the feed: the moment it moved the match to 完场, else kick-off plus a nominal length. */
export function whistleAt(m: { sport: number; kickoffAt: number; finishedAt: number | null }): number {
  return m.finishedAt ?? m.kickoffAt + NOMINAL_LENGTH_MS[m.sport as SportId];
}

export interface WindowInput {
  sport: number;
  state: number;
  /** Football: the running minute of a match in play. */
  minute: number | null;
  kickoffAt: number;
  /** When the feed moved the match to its state (the whistle, once finished), if known. */
  finishedAt: number | null;
  now: number;
  /** Football: the player was substituted off (an earlier rating is possible from minute 60). */
  subbedOff?: boolean;
}

/**
 * Why a player of this match cannot be rated now, or null when he can: from the final whistle for
 * 24 hours; in football from the 60th minute for a player already substituted off.
 */
export function ratingRefusal(w: WindowInput): string | null {
  const phase = stateInfo(w.sport as SportId, w.state).phase;
  if (phase === 'void') return RATING_MSG.void;
  if (phase === 'finished') {
    return w.now < whistleAt(w) + RATING_WINDOW_MS ? null : RATING_MSG.closed;
  }
  if (phase === 'scheduled' || w.sport !== 1 || !w.subbedOff) return RATING_MSG.notStarted;
  return (w.minute ?? 0) >= SUBBED_OFF_FROM_MINUTE ? null : RATING_MSG.subbedOffEarly;
}

/** The fans' average to one decimal, or null before anyone counted. */
export const fanAverage = (sum: number, count: number) =>
  count ? Math.round((sum / count) * 10) / 10 : null;

export interface FanScore {
  playerId: number;
  average: number | null;
  count: number;
}

/** 全场最佳: the best average among players with at least FAN_BEST_MIN counted ratings (ties: more ratings). */
export function fanBest<T extends FanScore>(players: readonly T[]): T | null {
  let best: T | null = null;
  for (const p of players) {
    if (p.average === null || p.count < FAN_BEST_MIN) continue;
    if (
      !best ||
      p.average > best.average! ||
      (p.average === best.average &&
        (p.count > best.count || (p.count === best.count && p.playerId < best.playerId)))
    )
      best = p;
  }
  return best;
}

/** The player line the site's rating reads (match_player_stats). */
export interface RatingLine {
  minutesPlayed: number;
  goals: number;
  assists: number;
  shots: number;
  yellowCards: number;
  redCards: number;
  points: number;
  fieldGoalsScored: number;
  fieldGoalsAttempted: number;
  freeThrowsScored: number;
  freeThrowsAttempted: number;
  offensiveRebounds: number;
  defensiveRebounds: number;
  steals: number;
  blocks: number;
  turnovers: number;
  fouls: number;
  plusMinus: number;
}

const clampRating = (r: number) => Math.round(Math.min(10, Math.max(3, r)) * 10) / 10;

/**
 * The site's rating of one player in one match, 3.0–10.0 with one decimal, 6.0 for an uneventful
 * appearance; null for a player who did not play. docs/ratings.md gives the weights.
 *
 * Football: 6.0 + 0.3 × share of 90 minutes + 1.0 a goal + 0.7 an assist + 0.1 a shot (at most 0.5)
 * − 0.4 a yellow card − 1.5 a red card.
 * Basketball: Hollinger's game score GmSc = PTS + 0.4 FGM − 0.7 FGA − 0.4 (FTA − FTM) + 0.7 ORB
 * + 0.3 DRB + STL + 0.7 AST + 0.7 BLK − 0.4 PF − TOV, then 6.0 + (GmSc − 6) / 8 + plus-minus / 20
 * (the plus-minus part at most ±0.5).
 */
export function siteRating(sport: number, l: RatingLine): number | null {
  if (!(l.minutesPlayed > 0)) return null;
  if (sport === 1) {
    const r =
      6 +
      0.3 * (Math.min(l.minutesPlayed, 90) / 90) +
      1.0 * l.goals +
      0.7 * l.assists +
      Math.min(0.5, 0.1 * l.shots) -
      0.4 * l.yellowCards -
      1.5 * l.redCards;
    return clampRating(r);
  }
  const gameScore =
    l.points +
    0.4 * l.fieldGoalsScored -
    0.7 * l.fieldGoalsAttempted -
    0.4 * (l.freeThrowsAttempted - l.freeThrowsScored) +
    0.7 * l.offensiveRebounds +
    0.3 * l.defensiveRebounds +
    l.steals +
    0.7 * l.assists +
    0.7 * l.blocks -
    0.4 * l.fouls -
    l.turnovers;
  const pm = Math.max(-0.5, Math.min(0.5, l.plusMinus / 20));
  return clampRating(6 + (gameScore - 6) / 8 + pm);
}

/** A rating as shown: one decimal (7.0, 8.5), a dash for none. */
export const ratingText = (r: number | null) => (r === null ? '-' : r.toFixed(1));

/** The fans' figure beside a player: 7.8（12人）, or 暂无 before anyone counted. */
export const fansText = (average: number | null, count: number) =>
  average === null ? '暂无' : `${ratingText(average)}（${count}人）`;

/** The 全场最佳 line of a match. */
export const bestText = (best: { name: string; average: number | null; count: number } | null) =>
  best
    ? `${best.name} ${ratingText(best.average)} 分（${best.count}人评分）`
    : `暂未产生（至少 ${FAN_BEST_MIN} 位球迷评分的球员中选出）`;
