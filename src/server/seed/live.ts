import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  anchorApplications,
  anchorSchedules,
  follows,
  liveSessions,
  roomManagers,
  rooms,
  users,
} from '../db/schema/index.ts';
import { demoPasswordHash } from './demo-password.ts';
import { createMatchLookup } from '../services/live/matches.ts';
import { titleForMatch } from './live-titles.ts';

/** The bundled demo stream (public/media/demo), also the "recording" of every seeded broadcast. */
const DEMO_STREAM = '/media/demo/master.m3u8';

interface AnchorSeed {
  mobile: string;
  nickName?: string;
  level?: number;
  navId: number;
  cover: string;
  title: string;
  /** The anchor's kind of show, after the match in the title once the room is linked to one. */
  show: string;
  notice: string;
  live: boolean;
  heat: number;
}

/** The demo anchor 主播阿杰 (13800000002, seeded with the accounts) and seven more. */
const anchorSeeds: AnchorSeed[] = [
  {
    mobile: '13800000002',
    navId: 1,
    cover: '/covers/football-1.svg',
    title: '阿杰聊足球：焦点战全程陪看',
    show: '阿杰全程陪看',
    notice: '今晚焦点战全程陪看，开赛前发红包，欢迎点个关注！',
    live: true,
    heat: 12_860,
  },
  {
    mobile: '13800000101',
    nickName: '篮球老张',
    level: 4,
    navId: 2,
    cover: '/covers/basketball-1.svg',
    title: '篮球今日焦点 逐节解说',
    show: '老张逐节解说',
    notice: '每节结束聊数据，理性讨论不引战。',
    live: true,
    heat: 9_620,
  },
  {
    mobile: '13800000102',
    nickName: '绿茵小鱼',
    level: 3,
    navId: 1,
    cover: '/covers/football-2.svg',
    title: '足球之夜 战术板复盘',
    show: '战术板直播',
    notice: '赛后战术板复盘，想看哪队留言。',
    live: true,
    heat: 7_240,
  },
  {
    mobile: '13800000103',
    nickName: '电竞阿飞',
    level: 3,
    navId: 3,
    cover: '/covers/esports-1.svg',
    title: '电竞竞技场 赛事陪看',
    show: '赛事陪看',
    notice: '周末赛事全程陪看，弹幕互动抽奖。',
    live: true,
    heat: 5_410,
  },
  {
    mobile: '13800000104',
    nickName: '球迷茶话会',
    level: 2,
    navId: 4,
    cover: '/covers/other-1.svg',
    title: '球迷茶话会：本周热点聊不停',
    show: '边看边聊',
    notice: '聊球、聊八卦、聊竞猜，文明发言。',
    live: true,
    heat: 3_150,
  },
  {
    mobile: '13800000105',
    nickName: '三分王大伟',
    level: 3,
    navId: 2,
    cover: '/covers/basketball-2.svg',
    title: 'CBA篮球夜',
    show: '大伟陪看',
    notice: '每周三、周五晚八点开播。',
    live: false,
    heat: 2_280,
  },
  {
    mobile: '13800000106',
    nickName: '中超老周',
    level: 4,
    navId: 1,
    cover: '/covers/football-3.svg',
    title: '中超观察：本轮前瞻',
    show: '老周观察',
    notice: '中超每轮前瞻与复盘。',
    live: false,
    heat: 1_960,
  },
  {
    mobile: '13800000107',
    nickName: '体育早餐',
    level: 2,
    navId: 4,
    cover: '/covers/other-2.svg',
    title: '体育早餐 赛事速递',
    show: '赛事速递',
    notice: '工作日早上九点，十分钟看完昨夜赛果。',
    live: false,
    heat: 1_120,
  },
];

const hours = (n: number) => n * 3600_000;

/**
 * Demo rooms (when there are none): anchors with approved applications, live and offline rooms
 * on the bundled demo stream, past broadcasts with replays, schedules, a manager and chat history.
 * Every start also links the live demo rooms to one of today's matches of their sport.
 */
export async function seedLive(db: Db): Promise<void> {
  if ((await db.$count(rooms)) === 0) await seedRooms(db);
  await linkTodaysMatches(db);
}

async function seedRooms(db: Db) {
  const passwordHash = await demoPasswordHash();
  const fresh = anchorSeeds.filter((a) => a.nickName);
  await db
    .insert(users)
    .values(
      fresh.map((a) => ({
        mobile: a.mobile,
        nickName: a.nickName!,
        level: a.level ?? 1,
        isAnchor: 1,
        passwordHash,
        signature: a.notice,
      })),
    )
    .onConflictDoNothing();
  const people = await db
    .select({ id: users.id, mobile: users.mobile, nickName: users.nickName, level: users.level })
    .from(users)
    .where(inArray(users.mobile, [...anchorSeeds.map((a) => a.mobile), '13800000001', '13800000003']));
  const byMobile = new Map(people.map((p) => [p.mobile, p]));
  const now = Date.now();
  for (const [i, a] of anchorSeeds.entries()) {
    const anchor = byMobile.get(a.mobile);
    if (!anchor) continue;
    await db
      .update(users)
      .set({ isAnchor: 1, signature: sql`coalesce(${users.signature}, ${a.notice})` })
      .where(eq(users.id, anchor.id));
    await db
      .insert(anchorApplications)
      .values({
        userId: anchor.id,
        status: 'success',
        navId: a.navId,
        intro: `${a.title}。${a.notice}`,
        reviewNote: '资料完整，审核通过',
        createdAt: new Date(now - 30 * 86_400_000),
        reviewedAt: new Date(now - 29 * 86_400_000),
      })
      .onConflictDoNothing();
    const [room] = await db
      .insert(rooms)
      .values({
        anchorId: anchor.id,
        title: a.title,
        cover: a.cover,
        navId: a.navId,
        notice: a.notice,
        heat: a.heat,
        streamSecret: randomBytes(6).toString('hex'),
      })
      .returning();
    // Three finished broadcasts a day apart, each with its replay.
    for (let d = 3; d >= 1; d--) {
      const startedAt = new Date(now - d * 86_400_000 - hours(2 + (i % 3)));
      await db.insert(liveSessions).values({
        roomId: room.id,
        anchorId: anchor.id,
        title: a.title,
        cover: a.cover,
        navId: a.navId,
        startedAt,
        endedAt: new Date(startedAt.getTime() + hours(2) - i * 60_000),
        replayUrl: DEMO_STREAM,
        peakHeat: a.heat - d * 300,
      });
    }
    if (a.live) {
      const liveSince = new Date(now - (20 + i * 7) * 60_000);
      const [session] = await db
        .insert(liveSessions)
        .values({
          roomId: room.id,
          anchorId: anchor.id,
          title: a.title,
          cover: a.cover,
          navId: a.navId,
          startedAt: liveSince,
        })
        .returning();
      await db
        .update(rooms)
        .set({ liveState: 1, liveSince, sessionId: session.id })
        .where(eq(rooms.id, room.id));
    }
    // Every anchor announces tomorrow evening's show (20:00 China time, a little later for each).
    const tomorrow8pm = new Date(
      Math.floor((now + hours(8)) / 86_400_000) * 86_400_000 + 86_400_000 + hours(12) + i * 15 * 60_000,
    );
    await db.insert(anchorSchedules).values({
      anchorId: anchor.id,
      title: a.live ? `明晚继续：${a.title}` : a.title,
      startAt: tomorrow8pm,
    });
  }
  await seedDemoRoomPeople(db, byMobile);
}

/**
 * 竞彩老李 manages 阿杰's room; the demo fan follows two anchors. The rooms' chat is written later
 * from their matches by dedicated voices (live-chat.ts), never under a demo login's name.
 */
async function seedDemoRoomPeople(
  db: Db,
  byMobile: Map<string, { id: number; nickName: string; level: number }>,
) {
  const anchor = byMobile.get('13800000002');
  const fan = byMobile.get('13800000001');
  const expert = byMobile.get('13800000003');
  const [room] = anchor ? await db.select().from(rooms).where(eq(rooms.anchorId, anchor.id)) : [];
  if (!room || !fan || !expert || !anchor) return;
  await db.insert(roomManagers).values({ roomId: room.id, userId: expert.id }).onConflictDoNothing();
  const zhang = byMobile.get('13800000101');
  if (zhang)
    await db
      .insert(follows)
      .values({ userId: fan.id, targetType: 'anchor', targetId: zhang.id })
      .onConflictDoNothing();
}

/**
 * Live football and basketball demo rooms follow the calendar: one whose match is missing or over
 * is linked to a match of its sport from two hours ago to twelve hours ahead (at each start, and
 * every few minutes from services/live/jobs.ts while the demo runs). Skipped until the sports
 * engine's tables exist.
 */
/** The ids of the demo anchors (whose rooms the demo links to matches and chats in). */
export async function demoAnchorIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.mobile,
        anchorSeeds.map((a) => a.mobile),
      ),
    );
  return rows.map((r) => r.id);
}

export async function linkTodaysMatches(db: Db) {
  const exists = await db.execute(sql`select to_regclass('public.matches') is not null as ok`);
  const ok = (Array.isArray(exists) ? exists : (exists as { rows: { ok: boolean }[] }).rows)[0]?.ok;
  if (!ok) return;
  const lookup = createMatchLookup(db);
  const demoAnchors = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      inArray(
        users.mobile,
        anchorSeeds.map((a) => a.mobile),
      ),
    );
  // Only the demo's own broadcasts: not one pushed from OBS (a demo account used for real).
  const live = await db
    .select({ room: rooms })
    .from(rooms)
    .leftJoin(liveSessions, eq(liveSessions.id, rooms.sessionId))
    .where(
      and(
        eq(rooms.liveState, 1),
        isNull(liveSessions.pushClient),
        inArray(rooms.navId, [1, 2]),
        inArray(
          rooms.anchorId,
          demoAnchors.map((a) => a.id),
        ),
      ),
    );
  const seedOf = new Map(demoAnchors.map((a) => [a.id, anchorSeeds.find((s) => s.mobile === a.mobile)]));
  const showOf = (anchorId: number) => seedOf.get(anchorId)?.show ?? '直播陪看';
  const now = Date.now();
  const used = new Set<number>();
  for (const { room } of live) {
    const current = room.matchId ? (await lookup.briefs([room.matchId])).get(room.matchId) : undefined;
    // A title the anchor wrote is theirs, and so is the broadcast: only the seed's or the link's is redone.
    const demoTitled =
      room.title === seedOf.get(room.anchorId)?.title ||
      (current !== undefined && room.title === titleForMatch(current, showOf(room.anchorId)));
    if (!demoTitled) continue;
    let pick = current && current.phase !== 'finished' && current.phase !== 'void' ? current : undefined;
    if (!pick) {
      const options = await lookup.between(
        new Date(now - hours(2)),
        new Date(now + hours(12)),
        20,
        room.navId,
      );
      pick = options.find((m) => !used.has(m.id) && m.phase !== 'finished' && m.phase !== 'void');
    }
    if (!pick) continue;
    used.add(pick.id);
    // The title follows the match, also for rooms linked before titles did (older databases).
    const title = titleForMatch(pick, showOf(room.anchorId));
    if (pick.id === room.matchId && title === room.title) continue;
    await db.update(rooms).set({ matchId: pick.id, title }).where(eq(rooms.id, room.id));
    await db
      .update(liveSessions)
      .set({ matchId: pick.id, title })
      .where(eq(liveSessions.id, room.sessionId ?? 0));
  }
}
