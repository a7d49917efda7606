/** Chinese sports lotteries the score lists filter by (竞彩 / 北单 / 足彩). */
export const LOTTERY = { jc: '竞彩', bd: '北单', zc: '足彩' } as const;
export type LotteryKind = keyof typeof LOTTERY;

/** 竞彩 numbers start with the weekday of the selling day: 周三001. */
export const WEEKDAY_NAMES = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'] as const;

/** 竞彩篮球 numbers count from 301 (周三301), football from 001. */
export function jcNumber(weekday: number, seq: number, sport: 1 | 2): string {
  const n = sport === 2 ? 300 + seq : seq;
  return `${WEEKDAY_NAMES[weekday]}${String(n).padStart(3, '0')}`;
}

/** 足彩 plays: 14 matches per period, picked for 14场胜负 and 任选九场. */
export const ZC_PLAYS = ['14场胜负', '任九'] as const;
