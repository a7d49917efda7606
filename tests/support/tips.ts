import { eq } from 'drizzle-orm';
import {
  experts,
  matches,
  odds,
  oddsCompanies,
  tradeRecords,
  users,
} from '../../src/server/db/schema/index.ts';
import type { Target } from './context.ts';
import { createLiveBench, insertMatch } from './live.ts';

/** The live bench plus 锦囊 helpers: experts, priced matches, finishing a match, trade counts. */
export async function createTipsBench(target: Target) {
  const b = await createLiveBench(target);
  const { db } = b.app;
  await db
    .insert(oddsCompanies)
    .values([
      { key: 'jc', name: '竞彩官方', isLottery: true, sort: 0 },
      { key: 'jindun', name: '金盾', isLottery: false, sort: 2 },
    ])
    .onConflictDoNothing();
  const company = async (key: string) =>
    (await db.select({ id: oddsCompanies.id }).from(oddsCompanies).where(eq(oddsCompanies.key, key)))[0].id;
  const jc = await company('jc');
  const book = await company('jindun');

  /** A new expert (isExpert 1 with a profile) holding `diamonds`. */
  async function expert(diamonds = 0) {
    const u = await b.viewer({ level: 3, diamonds });
    await db.update(users).set({ isExpert: 1 }).where(eq(users.id, u.id));
    await db.insert(experts).values({ userId: u.id, title: '测试专家', intro: '专注欧洲联赛' });
    return u;
  }

  /** A football match two hours ahead, priced: 竞彩 胜平负 and 让球 (−1), 亚盘 `asiaLine`, 大小球 `ouLine`. */
  async function pricedMatch(asiaLine = 0.25, ouLine = 2.5) {
    const id = await insertMatch(db);
    const at = new Date();
    const row = (
      companyId: number,
      market: string,
      v: [number | null, number | null, number | null],
      line: number | null,
    ) => ({
      matchId: id,
      companyId,
      market,
      v1: v[0],
      v2: v[1],
      v3: v[2],
      line,
      openedAt: at,
      updatedAt: at,
    });
    await db
      .insert(odds)
      .values([
        row(jc, 'jc_spf', [1.85, 3.4, 3.9], null),
        row(jc, 'jc_rqspf', [3.6, 3.5, 1.8], 1),
        row(book, 'eu', [1.9, 3.3, 4.0], null),
        row(book, 'asia', [0.92, null, 0.94], asiaLine),
        row(book, 'ou', [0.9, null, 0.96], ouLine),
      ]);
    return id;
  }

  /** Full time with the given 90-minute score (written as the feed would, state 8). */
  async function finish(matchId: number, home: number, away: number) {
    await db
      .update(matches)
      .set({ state: 8, homeScore: home, awayScore: away, ftHome: home, ftAway: away })
      .where(eq(matches.id, matchId));
  }

  const trades = async (userId: number, type: number) =>
    (await db.select().from(tradeRecords).where(eq(tradeRecords.userId, userId))).filter(
      (t) => t.type === type,
    );

  let n = 0;
  /** Publishes through the API; returns the envelope. */
  const publish = (token: string, body: Record<string, unknown>) =>
    b.post(
      '/tj/recommend/publish',
      {
        play: 'asia',
        pick: 'home',
        title: `稳胆推荐第${++n}场`,
        analysis: '主队近期状态火热，主场五连胜，客队伤病较多，防线不稳，本场看好主队赢盘。',
        price: 30,
        refundOnLoss: 1,
        ...body,
      },
      { token },
    );

  return { ...b, expert, pricedMatch, finish, trades, publish };
}

export type TipsBench = Awaited<ReturnType<typeof createTipsBench>>;
