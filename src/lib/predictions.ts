import { isHit, isMiss, type TipResult } from './tips/settle.ts';

/**
 * Free predictions 竞猜 (docs/predictions.md): before kick-off a fan picks the winner (football
 * 主胜/平/客胜, basketball 主胜/客胜) and, for basketball, over or under the total-points line of the
 * moment. Nothing is paid or won; the fan's record and the boards count hits.
 */
export type WinnerPick = 'home' | 'draw' | 'away';
export type TotalPick = 'over' | 'under';

export const winnerPicksOf = (sport: number): readonly WinnerPick[] =>
  sport === 2 ? ['home', 'away'] : ['home', 'draw', 'away'];

export const WINNER_NAME: Record<WinnerPick, string> = { home: '主胜', draw: '平局', away: '客胜' };
export const totalName = (pick: TotalPick, line: number) => `${pick === 'over' ? '大于' : '小于'} ${line} 分`;

export const PREDICTION_MSG = {
  matchUnknown: '比赛不存在',
  closed: '比赛已开赛，竞猜已截止',
  finished: '比赛已结束，竞猜已截止',
  winner: '请选择胜负',
  total: '请选择大分或小分',
  noTotalLine: '这场比赛暂无总分盘口，只能竞猜胜负',
  totalFootball: '足球竞猜只有胜平负',
  period: '请选择周榜或月榜',
} as const;

/** Boards: picks settled in the last 7 or 30 days; a fan needs this many to be ranked. */
export const PREDICTION_BOARD_MIN = { 7: 5, 30: 12 } as const;
export type PredictionBoardDays = keyof typeof PREDICTION_BOARD_MIN;
export const PREDICTION_BOARD_NAME: Record<PredictionBoardDays, string> = { 7: '周榜', 30: '月榜' };

/** How many fans picked each side, and each side's share in whole percents that add up to 100. */
export interface CrowdSplit {
  total: number;
  winner: { pick: WinnerPick; count: number; percent: number }[];
  /** Basketball only: over and under among the fans who also picked the total. */
  totals: { pick: TotalPick; count: number; percent: number }[];
}

/** Whole percents that add up to 100 (largest remainder), all zero when nobody picked. */
export function percents(counts: number[]): number[] {
  const sum = counts.reduce((a, b) => a + b, 0);
  if (!sum) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / sum);
  const floor = exact.map(Math.floor);
  let left = 100 - floor.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - floor[i], i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    floor[i]++;
  }
  return floor;
}

/** A fan's record: every settled pick counts once (winner and total apart); 走水 counts for neither. */
export interface PredictionRecord {
  picks: number;
  hits: number;
  hitRate: number;
}

export function predictionRecord(results: (TipResult | null)[]): PredictionRecord {
  let hits = 0;
  let misses = 0;
  for (const r of results) {
    if (!r) continue;
    if (isHit(r)) hits++;
    else if (isMiss(r)) misses++;
  }
  const decided = hits + misses;
  return { picks: decided, hits, hitRate: decided ? Math.round((hits / decided) * 1000) / 10 : 0 };
}

/** The split as the panel lists it: each winner pick, then basketball's 大分 / 小分. */
export const splitRows = (split: CrowdSplit) => [
  ...split.winner.map((s) => ({ label: WINNER_NAME[s.pick], count: s.count, percent: s.percent })),
  ...split.totals.map((s) => ({
    label: s.pick === 'over' ? '大分' : '小分',
    count: s.count,
    percent: s.percent,
  })),
];

const SIDE_NAME: Record<WinnerPick, string> = { home: '主队', draw: '平局', away: '客队' };

/**
 * How the crowd's winner picks stand to an expert's pick of a side (胜平负, 让球, 亚盘: home, draw or
 * away): "多数球迷（55%）看好主队，与专家同向". Null for a pick that is no side (大小球) or a tie at the top.
 */
export function crowdAgreement(split: CrowdSplit, expertPick: string): string | null {
  if (!(expertPick in SIDE_NAME)) return null;
  const [top, second] = [...split.winner].sort((a, b) => b.count - a.count);
  if (!top?.count || top.count === second?.count) return null;
  const side = top.pick === 'draw' ? '猜平局' : `看好${SIDE_NAME[top.pick]}`;
  return `多数球迷（${top.percent}%）${side}，与专家${top.pick === expertPick ? '同向' : '相反'}`;
}
