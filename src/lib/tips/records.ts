import { isHit, isMiss, unitProfit, type TipResult } from './settle.ts';

export interface SettledPlan {
  result: TipResult;
  odds: number;
  play: string;
  settledAt: Date | string;
}

export interface ExpertRecord {
  /** Settled plans counted (走水 included). */
  total: number;
  hits: number;
  misses: number;
  pushes: number;
  /** Hits among the plans that were not 走水, in percent (0 when none). */
  hitRate: number;
  /** Profit per unit staked, in percent, staking one unit on each plan at its stored odds. */
  roi: number;
  /** 连红: hits in a row up to the newest plan (走水 neither breaks nor extends it). */
  currentStreak: number;
  longestStreak: number;
  /** The last ten results, newest first: 'red' hit, 'black' miss, 'push'. */
  lastTen: ('red' | 'black' | 'push')[];
}

const netOdds = (play: string) => play === 'asia' || play === 'ou';
/**
 * Profit is added up in ten-thousandths of a unit (odds have two decimals, a half win halves them):
 * whole numbers add up exactly in any order, where floating point gave 115.2 % read one way and
 * 115.3 % the other, so a board and an expert's page could disagree on the same plans.
 */
const PROFIT_SCALE = 10_000;
const time = (d: Date | string) => new Date(d).getTime();

/** The record of settled plans only: nothing an expert or operator types can change it. */
export function computeRecord(plans: SettledPlan[]): ExpertRecord {
  const newestFirst = [...plans].sort((a, b) => time(b.settledAt) - time(a.settledAt));
  let hits = 0;
  let misses = 0;
  let profit = 0;
  for (const p of plans) {
    if (isHit(p.result)) hits++;
    else if (isMiss(p.result)) misses++;
    profit += Math.round(unitProfit(p.result, p.odds, netOdds(p.play)) * PROFIT_SCALE);
  }
  let currentStreak = 0;
  for (const p of newestFirst) {
    if (p.result === 'push') continue;
    if (!isHit(p.result)) break;
    currentStreak++;
  }
  let longestStreak = 0;
  let run = 0;
  for (const p of [...newestFirst].reverse()) {
    if (p.result === 'push') continue;
    run = isHit(p.result) ? run + 1 : 0;
    longestStreak = Math.max(longestStreak, run);
  }
  const decided = hits + misses;
  return {
    total: plans.length,
    hits,
    misses,
    pushes: plans.length - decided,
    hitRate: decided ? Math.round((hits / decided) * 1000) / 10 : 0,
    roi: plans.length ? Math.round((profit * 1000) / (PROFIT_SCALE * plans.length)) / 10 : 0,
    currentStreak,
    longestStreak,
    lastTen: newestFirst
      .slice(0, 10)
      .map((p) => (isHit(p.result) ? 'red' : isMiss(p.result) ? 'black' : 'push')),
  };
}

/** Leaderboards need this many settled plans in the window, so one lucky pick cannot top them. */
export const BOARD_MIN_PLANS = { 7: 3, 30: 5 } as const;
export type BoardDays = keyof typeof BOARD_MIN_PLANS;
/** The 连红榜 lists streaks from 3连红 on: a board topped by "1连红" says nothing. */
export const BOARD_MIN_STREAK = 3;
export const BOARD_KINDS = { streak: '连红榜', hitRate: '命中率榜', roi: '回报率榜' } as const;
export type BoardKind = keyof typeof BOARD_KINDS;
