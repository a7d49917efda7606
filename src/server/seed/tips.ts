import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TipPick, TipPlay } from '../../lib/tips/plays.ts';
import type { Db } from '../db/client.ts';
import { competitions, experts, matches, tipPlans, users } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { demoPasswordHash } from './demo-password.ts';
import { matchesWithTeams, publishDemoPlans } from '../services/tips/demo.ts';
import { seedRecentPlans } from '../services/tips/demo-recent.ts';
import { commitPlan } from '../services/tips/hash.ts';
import { demoAnalysis, matchForms } from '../services/tips/demo-text.ts';
import type { TipServices } from '../services/tips/index.ts';
import { modelPrices } from '../services/tips/demo-prices.ts';
import { rngFor } from '../sports/rng.ts';

/** The demo experts: 竞彩老李 (a demo account already) and three more, each with a favourite play. */
export const DEMO_EXPERTS = [
  { mobile: '13800000003', nickName: '竞彩老李', plays: ['rqspf', 'spf', 'asia'] },
  {
    mobile: '13800000031',
    nickName: '盘口阿斌',
    plays: ['asia'],
    title: '亚盘研究员 · 专注让球',
    intro: '只看亚盘，习惯从两队近况与盘口水位的变化里找答案，每场给出明确方向。',
  },
  {
    mobile: '13800000032',
    nickName: '大小球小周',
    plays: ['ou'],
    title: '大小球专家 · 进球节奏分析',
    intro: '关注两队场均进失球与比赛节奏，专做大小球，篮球大小分也会涉及。',
  },
  {
    mobile: '13800000033',
    nickName: '看球的老陈',
    plays: ['spf', 'ou', 'asia'],
    title: '综合分析 · 五大联赛',
    intro: '五大联赛每轮必看，胜平负、让球与大小球都做，注重主客场差异。',
  },
] as const;

const HISTORY_PER_EXPERT = 24;
const HOT_LEAGUES = ['en.1', 'es.1', 'it.1', 'de.1', 'fr.1'];
const PRICES = [0, 18, 28, 38, 58];

/** Creates the three new expert accounts (password demo123456) and their profiles; idempotent. */
async function ensureExperts(db: Db): Promise<Map<string, number>> {
  const passwordHash = await demoPasswordHash();
  for (const e of DEMO_EXPERTS) {
    if (!('title' in e)) continue;
    await db
      .insert(users)
      .values({ mobile: e.mobile, nickName: e.nickName, passwordHash, isExpert: 1, level: 5 })
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      inArray(
        users.mobile,
        DEMO_EXPERTS.map((e) => e.mobile),
      ),
    );
  const ids = new Map(rows.map((r) => [r.mobile, r.id]));
  for (const e of DEMO_EXPERTS) {
    if (!('title' in e) || !ids.has(e.mobile)) continue;
    await db
      .insert(experts)
      .values({ userId: ids.get(e.mobile)!, title: e.title, intro: e.intro })
      .onConflictDoNothing();
  }
  return ids;
}

/**
 * Histories: each demo expert "published" plans on real past matches of the seed data (priced by
 * the simulator's odds model from the teams' ratings), then the settlement code settles them
 * against the real final scores. So the records on screen are what that code produced.
 */
export async function seedTips(db: Db, tips: TipServices, log: Logger, now = Date.now()): Promise<void> {
  const ids = await ensureExperts(db);
  if ((await db.$count(tipPlans)) > 0) return;
  await seedHistories(db, tips, log, ids);
  // The boards (last 7 and 30 days) and the plans on sale, from the first request: the demo job
  // keeps them up from here.
  await seedRecentPlans(db, tips, now, log);
  await publishDemoPlans(db, tips, now, log);
}

async function seedHistories(db: Db, tips: TipServices, log: Logger, ids: Map<string, number>) {
  const past = await matchesWithTeams(db)
    .where(
      and(
        eq(matches.origin, 'import'),
        eq(matches.state, 8),
        isNotNull(matches.ftHome),
        inArray(competitions.key, HOT_LEAGUES),
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(DEMO_EXPERTS.length * HISTORY_PER_EXPERT * 2);
  if (!past.length) return;
  const plans: (typeof tipPlans.$inferInsert)[] = [];
  for (const [i, e] of DEMO_EXPERTS.entries()) {
    const expertId = ids.get(e.mobile);
    if (!expertId) continue;
    const rng = rngFor('tips-demo', e.mobile);
    // Each expert takes every other match of a different slice, oldest first.
    const mine = past
      .filter((_, k) => (k + i) % 2 === 0)
      .slice(i * 6, i * 6 + HISTORY_PER_EXPERT)
      .reverse();
    for (const row of mine) {
      const play = e.plays[Math.floor(rng.next() * e.plays.length)] as TipPlay;
      const prices = modelPrices(row.home.rating, row.away.rating, row.m.neutral)[play];
      const pick = prices.picks[Math.floor(rng.next() * prices.picks.length)] as TipPick;
      const kickoff = row.m.kickoffAt;
      const fields = {
        expertId,
        matchId: row.m.id,
        play,
        line: prices.line,
        pick,
        odds: prices.odds[pick]!,
        title: `${row.home.nameZh}vs${row.away.nameZh}：${e.nickName}的看法`,
        analysis: demoAnalysis({
          competition: row.competition,
          home: row.home.nameZh,
          away: row.away.nameZh,
          ...(await matchForms(db, row.home.id, row.away.id, kickoff)),
          play,
          pick,
          line: prices.line,
          odds: prices.odds[pick]!,
          sport: 1,
        }),
        price: PRICES[Math.floor(rng.next() * PRICES.length)],
        refundOnLoss: rng.next() < 0.4,
        publishedAt: new Date(kickoff.getTime() - 5 * 3600_000),
      };
      fields.refundOnLoss = fields.price > 0 && fields.refundOnLoss;
      plans.push({ ...fields, sport: 1, ...commitPlan(fields) });
    }
  }
  if (plans.length) await db.insert(tipPlans).values(plans);
  // Settled by the same code as live plans, at each match's end.
  const matchIds = [...new Set((await db.select({ id: tipPlans.matchId }).from(tipPlans)).map((r) => r.id))];
  for (const id of matchIds) {
    const m = past.find((p) => p.m.id === id)!.m;
    await tips.settlement.settleMatch(id, new Date(m.kickoffAt.getTime() + 2 * 3600_000));
  }
  log.info({ plans: plans.length }, 'tips history seeded');
}
