import { eq } from 'drizzle-orm';
import { competitions, matches, rooms, seasons, teams, users } from '../../src/server/db/schema/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { Target } from './context.ts';
import { createWalletBench } from './wallet.ts';

/** Demo accounts (password demo123456): the fan, the anchor 主播阿杰, the expert (a manager of his room), the operator. */
export const DEMO = {
  fan: '13800000001',
  anchor: '13800000002',
  expert: '13800000003',
  operator: '13800000009',
  editor: '13800000010',
  admin: '13800000011',
} as const;

/** A football match two hours from now, between two new teams (API test contexts hold no sports data). */
export async function insertMatch(db: Db, kickoffAt = new Date(Date.now() + 2 * 3600_000)): Promise<number> {
  const tag = Math.random().toString(36).slice(2, 8);
  const [c] = await db
    .insert(competitions)
    .values({
      key: `t.${tag}`,
      sport: 1,
      nameZh: '测试联赛',
      fullNameZh: '测试足球联赛',
      nameEn: 'Test League',
      shortName: '测联',
      regionZh: '中国',
      type: 'league',
      color: '#0a7d4f',
    })
    .returning({ id: competitions.id });
  const [season] = await db
    .insert(seasons)
    .values({ competitionId: c.id, name: '2025-26' })
    .returning({ id: seasons.id });
  const team = (name: string) => ({
    key: `t:${tag}:${name}`,
    sport: 1,
    name,
    nameZh: name,
    fullNameZh: `${name}足球俱乐部`,
    shortName: name.slice(0, 3),
    color: '#123456',
  });
  const [home, away] = await db
    .insert(teams)
    .values([team('红队'), team('蓝队')])
    .returning({ id: teams.id });
  const [m] = await db
    .insert(matches)
    .values({
      key: `t:${tag}`,
      origin: 'import',
      sport: 1,
      competitionId: c.id,
      seasonId: season.id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      kickoffAt,
      state: 1,
    })
    .returning({ id: matches.id });
  return m.id;
}

/** The wallet bench plus live-room helpers: the demo room, viewers of a chosen level and balance, new anchors. */
export async function createLiveBench(target: Target, env: Record<string, string> = {}) {
  const w = await createWalletBench(target, env);
  const { db } = w.app;

  const roomOf = async (anchorId: number) =>
    (await db.select().from(rooms).where(eq(rooms.anchorId, anchorId)))[0];

  /** A new logged-in user with `level` and `diamonds`. */
  async function viewer(opts: { level?: number; diamonds?: number } = {}) {
    const u = await w.newUser();
    if (opts.level) await db.update(users).set({ level: opts.level }).where(eq(users.id, u.id));
    if (opts.diamonds) await w.fund(u.id, opts.diamonds);
    const [{ nickName }] = await db
      .select({ nickName: users.nickName })
      .from(users)
      .where(eq(users.id, u.id));
    return { ...u, nickName };
  }

  /** A new user who is an anchor with a room (as an operator's approval leaves them). */
  async function anchor() {
    const u = await viewer({ level: 3 });
    await db.update(users).set({ isAnchor: 1 }).where(eq(users.id, u.id));
    await w.app.services.live.roomAdmin.createFor(db, { id: u.id, nickName: u.nickName }, 1);
    return { ...u, room: await roomOf(u.id) };
  }

  const demoAnchorId = await w.idOf(DEMO.anchor);
  const demoRoom = await roomOf(demoAnchorId);
  return { ...w, viewer, anchor, roomOf, demoAnchorId, demoRoom };
}

export type LiveBench = Awaited<ReturnType<typeof createLiveBench>>;
