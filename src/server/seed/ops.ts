import { eq, inArray } from 'drizzle-orm';
import { idCardCheckChar } from '../../lib/validation.ts';
import type { Db } from '../db/client.ts';
import { roomAudits, rooms, users } from '../db/schema/index.ts';
import { hashPassword } from '../services/accounts/password.ts';
import type { Services } from '../services/index.ts';
import { DEMO_PASSWORD } from './site-content.ts';

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
 * anchor applications and room audits waiting for 运营.
 */
export async function seedOpsQueues(db: Db, services: Services): Promise<void> {
  const [first] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, applicants[0].mobile));
  if (first) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
}
