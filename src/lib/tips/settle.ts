import type { TipPick, TipPlay } from './plays.ts';

/**
 * Plan results. 赢半/输半 come from quarter lines (x.25, x.75): the stake is split over the two
 * neighbouring half lines and each half settles alone. A whole line that lands exactly is 走水.
 */
export type TipResult = 'win' | 'half_win' | 'push' | 'half_lose' | 'lose';

export const RESULT_NAME: Record<TipResult, string> = {
  win: '红',
  half_win: '赢半',
  push: '走水',
  half_lose: '输半',
  lose: '黑',
};

/** 中 (win or half win) counts as a hit; 走水 counts for neither side. */
export const isHit = (r: TipResult) => r === 'win' || r === 'half_win';
export const isMiss = (r: TipResult) => r === 'lose' || r === 'half_lose';

const sign = (x: number) => (x > 1e-9 ? 1 : x < -1e-9 ? -1 : 0);

/** Settles a margin against a line that may be a quarter (margin > line wins). */
export function settleAgainstLine(margin: number, line: number): TipResult {
  const quarters = Math.round(line * 4);
  const halves = quarters % 2 === 0 ? [line, line] : [(quarters - 1) / 4, (quarters + 1) / 4];
  const [a, b] = halves.map((h) => sign(margin - h));
  const total = a + b;
  if (total === 2) return 'win';
  if (total === 1) return 'half_win';
  if (total === 0) return 'push';
  if (total === -1) return 'half_lose';
  return 'lose';
}

export interface FinalScore {
  home: number;
  away: number;
}

/**
 * The result of a pick from the final score (football: the 90-minute score; basketball: with
 * overtime). `line` is the stored line of the plan, from the home side.
 */
export function settlePick(play: TipPlay, pick: TipPick, line: number | null, score: FinalScore): TipResult {
  const diff = score.home - score.away;
  const l = line ?? 0;
  if (play === 'spf' || play === 'rqspf') {
    const adjusted = sign(diff - (play === 'rqspf' ? l : 0));
    const outcome: TipPick = adjusted > 0 ? 'home' : adjusted < 0 ? 'away' : 'draw';
    return outcome === pick ? 'win' : 'lose';
  }
  if (play === 'asia') {
    // The home side covers when diff − line > 0; the away side is the mirror.
    return pick === 'home' ? settleAgainstLine(diff, l) : settleAgainstLine(-diff, -l);
  }
  const total = score.home + score.away;
  return pick === 'over' ? settleAgainstLine(total, l) : settleAgainstLine(-total, -l);
}

/** Profit of one unit staked at decimal odds `odds` (亚盘 prices are the Hong Kong style net win). */
export function unitProfit(result: TipResult, odds: number, netOdds: boolean): number {
  const win = netOdds ? odds : odds - 1;
  return { win, half_win: win / 2, push: 0, half_lose: -0.5, lose: -1 }[result];
}
