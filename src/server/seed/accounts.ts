import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { experts, follows, users } from '../db/schema/index.ts';

/** The demo expert's profile (13800000003). */
const expertSeed = {
  mobile: '13800000003',
  title: '竞彩分析师 · 专注五大联赛',
  intro: '十年足彩研究经验，擅长亚盘与大小球分析，每日精选英超、西甲焦点赛事，理性推荐，不追热门。',
  tags: ['英超', '西甲', '亚盘', '大小球'],
};

/** Who follows whom among the demo accounts, so personal spaces and attention lists are not empty. */
const followSeeds = [
  { from: '13800000001', to: '13800000002', type: 'anchor' },
  { from: '13800000001', to: '13800000003', type: 'expert' },
  { from: '13800000003', to: '13800000002', type: 'anchor' },
  { from: '13800000002', to: '13800000001', type: 'user' },
  { from: '13800000009', to: '13800000003', type: 'expert' },
] as const;

/** Expert profile and follows between the demo accounts; rows already there are left alone. */
export async function seedAccountExtras(db: Db): Promise<void> {
  const mobiles = [...new Set([expertSeed.mobile, ...followSeeds.flatMap((f) => [f.from, f.to])])];
  const rows = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(inArray(users.mobile, mobiles));
  const idOf = new Map(rows.map((r) => [r.mobile, r.id]));
  const { mobile, ...profile } = expertSeed;
  const expertId = idOf.get(mobile);
  if (expertId)
    await db
      .insert(experts)
      .values({ userId: expertId, ...profile })
      .onConflictDoNothing();
  const pairs = followSeeds.filter((f) => idOf.has(f.from) && idOf.has(f.to));
  if (pairs.length === 0) return;
  await db
    .insert(follows)
    .values(pairs.map((f) => ({ userId: idOf.get(f.from)!, targetType: f.type, targetId: idOf.get(f.to)! })))
    .onConflictDoNothing();
}
