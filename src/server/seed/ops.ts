import { eq, inArray } from 'drizzle-orm';
import { bubbleOf } from '../../lib/live/rules.ts';
import { idCardCheckChar } from '../../lib/validation.ts';
import type { Db } from '../db/client.ts';
import { chatMessages, roomAudits, rooms, users } from '../db/schema/index.ts';
import { demoPasswordHash } from './demo-password.ts';
import type { Services } from '../services/index.ts';

/** Three fans who applied to become anchors (real name done, waiting for 运营); the people are invented. */
const applicants = [
  {
    mobile: '13800000201',
    nickName: '看球的阿德',
    realName: '林德明',
    birth: '19940612',
    navId: 1,
    intro: '踢了十年业余联赛，想陪大家看中超和英超，赛前讲阵容、赛后复盘关键回合。',
    contact: '微信 ade_kanqiu',
  },
  {
    mobile: '13800000202',
    nickName: '篮下老周',
    realName: '周海涛',
    birth: '19880903',
    navId: 2,
    intro: '前校队中锋，想做 CBA 和 NBA 的逐节解说，重点讲挡拆和篮板的细节。',
    contact: 'QQ 20250902',
  },
  {
    mobile: '13800000203',
    nickName: '电竞小柚',
    realName: '何柚宁',
    birth: '19990218',
    navId: 3,
    intro: '英雄联盟和王者荣耀老玩家，想直播职业联赛的赛事解读和版本分析。',
    contact: '',
  },
] as const;

/** Room changes waiting for review: two demo anchors edited their notice, one its cover. */
const roomChanges = [
  { mobile: '13800000101', field: 'notice', after: '今晚加播一场，关注直播间抽奖送会员，加群领取内部数据！' },
  { mobile: '13800000102', field: 'notice', after: '本周末停播一次，下周一恢复，感谢大家支持。' },
  { mobile: '13800000103', field: 'cover', after: '/covers/other-2.svg' },
] as const;

/** A valid (checksummed) ID number of 北京市东城区 for the birth date; not anyone's. */
const idCardFor = (birth: string, seq: number) => {
  const first17 = `110101${birth}${String(100 + seq).slice(-3)}`;
  return first17 + idCardCheckChar(first17);
};

/**
 * The console's queues at work for a newcomer (once: when the first applicant is missing):
 * anchor applications and room audits waiting for 运营, and reports of a spammer's chat message and account.
 */
export async function seedOpsQueues(db: Db, services: Services): Promise<void> {
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, applicants[0].mobile));
  if (first) return;
  const passwordHash = await demoPasswordHash();
  for (const [i, a] of applicants.entries()) {
    const [u] = await db
      .insert(users)
      .values({ mobile: a.mobile, nickName: a.nickName, level: 2, passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!u) continue;
    await services.accounts.realName.submit(u.id, { realName: a.realName, idCard: idCardFor(a.birth, i) });
    await services.live.audits.submit(u.id, { navId: a.navId, intro: a.intro, contact: a.contact });
  }
  const anchors = await db
    .select({ room: rooms, mobile: users.mobile })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.anchorId))
    .where(
      inArray(
        users.mobile,
        roomChanges.map((c) => c.mobile),
      ),
    );
  for (const c of roomChanges) {
    const r = anchors.find((x) => x.mobile === c.mobile)?.room;
    if (!r || r[c.field] === c.after) continue;
    await db
      .update(rooms)
      .set({ [c.field]: c.after })
      .where(eq(rooms.id, r.id));
    await db.insert(roomAudits).values({ roomId: r.id, field: c.field, before: r[c.field], after: c.after });
  }
  await seedReports(db, services, passwordHash);
}

/** An invented spammer (13800000204) advertises in 主播阿杰's room; two fans report the message, one the account. */
async function seedReports(db: Db, services: Services, passwordHash: string) {
  const byMobile = async (mobile: string) =>
    (await db.select().from(users).where(eq(users.mobile, mobile)))[0];
  const [anchor, fan, ade] = await Promise.all(['13800000002', '13800000001', '13800000201'].map(byMobile));
  const [room] = anchor ? await db.select().from(rooms).where(eq(rooms.anchorId, anchor.id)) : [];
  if (!room || !fan || !ade) return;
  const [spammer] = await db
    .insert(users)
    .values({ mobile: '13800000204', nickName: '稳赚推荐官', level: 1, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!spammer) return;
  const sender = {
    id: spammer.id,
    nickName: spammer.nickName,
    level: 1,
    role: null,
    nobility: null,
    bubble: bubbleOf(1),
  };
  // The moderation demo's case: held for review (out of the room's chat, in the console's queue),
  // so no visitor meets a spam line as the room's chat.
  const [m] = await db
    .insert(chatMessages)
    .values({
      roomId: room.id,
      userId: spammer.id,
      content: '每天稳赚的比分推荐，私信我拉你进群',
      sender,
      extra: { held: 'report' },
    })
    .returning({ id: chatMessages.id });
  const { queue } = services.opsReports;
  await queue.add(fan.id, { kind: 'chat', targetId: m.id, reason: '垃圾广告' });
  await queue.add(ade.id, { kind: 'chat', targetId: m.id, reason: '赌博诈骗', detail: '拉人进群卖比分' });
  await queue.add(ade.id, { kind: 'user', targetId: spammer.id, reason: '垃圾广告' });
}
