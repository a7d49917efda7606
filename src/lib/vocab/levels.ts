/**
 * User grades 0–8 (spec hints: grade icons 1–8, chat bubbles 1–5). Experience comes from daily
 * logins; the level follows the experience.
 */
export interface LevelRule {
  level: number;
  /** Experience needed to reach this level. */
  minExp: number;
  name: string;
  /** What this level adds. */
  unlocks: string[];
  /** Chat bubble style 0–5 granted at this level. */
  bubble: number;
}

export const LEVELS: readonly LevelRule[] = [
  {
    level: 0,
    minExp: 0,
    name: '新人',
    unlocks: ['浏览比分、资讯与直播', '观看直播并发送文字聊天'],
    bubble: 0,
  },
  { level: 1, minExp: 100, name: '球迷', unlocks: ['发送弹幕', '在社区发帖与评论'], bubble: 1 },
  { level: 2, minExp: 500, name: '铁杆', unlocks: ['一级聊天气泡', '聊天中使用 @ 提及'], bubble: 1 },
  { level: 3, minExp: 1_500, name: '看台常客', unlocks: ['在直播间发红包', '昵称旁显示等级徽章'], bubble: 2 },
  { level: 4, minExp: 4_000, name: '资深球迷', unlocks: ['二级聊天气泡', '弹幕颜色可选'], bubble: 2 },
  {
    level: 5,
    minExp: 10_000,
    name: '球场名宿',
    unlocks: ['进入直播间时显示进场提示', '三级聊天气泡'],
    bubble: 3,
  },
  { level: 6, minExp: 25_000, name: '主场之星', unlocks: ['四级聊天气泡', '评论置顶展示机会'], bubble: 4 },
  {
    level: 7,
    minExp: 60_000,
    name: '传奇球迷',
    unlocks: ['专属传奇徽章', '发送全站喇叭折扣 9 折'],
    bubble: 4,
  },
  { level: 8, minExp: 150_000, name: '球友圈荣誉会员', unlocks: ['五级聊天气泡', '专属客服通道'], bubble: 5 },
];

export function levelForExp(exp: number): number {
  let level = 0;
  for (const rule of LEVELS) if (exp >= rule.minExp) level = rule.level;
  return level;
}

/** Progress toward the next level (1 at the top level). */
export function levelProgress(exp: number): {
  level: number;
  next: LevelRule | null;
  ratio: number;
  need: number;
} {
  const level = levelForExp(exp);
  const next = LEVELS[level + 1] ?? null;
  if (!next) return { level, next: null, ratio: 1, need: 0 };
  const from = LEVELS[level].minExp;
  return { level, next, ratio: (exp - from) / (next.minExp - from), need: next.minExp - exp };
}

/** Experience for the first login of each day (days reckoned in China time). */
export const DAILY_LOGIN_EXP = 10;

const chinaDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export function isNewChinaDay(last: Date | null, now: Date): boolean {
  return !last || chinaDay(last) !== chinaDay(now);
}
