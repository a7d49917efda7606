import { aliasedTable, and, asc, count, desc, eq, gt, gte, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import {
  BOARD_MIN_PLANS,
  BOARD_MIN_STREAK,
  computeRecord,
  type BoardDays,
  type BoardKind,
} from '../../../lib/tips/records.ts';
import type { TipResult } from '../../../lib/tips/settle.ts';
import type { BoardRow, ExpertCard } from '../../../lib/tips/types.ts';
import { addDays, beijingDate, dayStart } from '../../../lib/sports/time.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import {
  competitions,
  experts,
  follows,
  matches,
  teams,
  tipPlans,
  tipPurchases,
  users,
} from '../../db/schema/index.ts';
import { expertBriefs, type PlanViews } from './views.ts';

export interface PlanFilter {
  expertId?: number;
  matchId?: number;
  sport?: number;
  play?: string;
  /** open: on sale (open, match not started); settled: with a result; all (default). */
  status?: 'open' | 'settled' | 'all';
  sort?: 'new' | 'hot';
  pageNum: number;
  pageSize: number;
}

type Settled = {
  expertId: number;
  result: string | null;
  odds: number;
  play: string;
  settledAt: Date | null;
};
const asRecord = (rows: Settled[]) =>
  computeRecord(
    rows.map((r) => ({ result: r.result as TipResult, odds: r.odds, play: r.play, settledAt: r.settledAt! })),
  );

/** Read side of 锦囊: plan lists, records (from settled plans only), leaderboards, open matches. */
export function createTipQueries(db: Db, toViews: PlanViews, now: () => number) {
  async function settled(where?: SQL) {
    return db
      .select({
        expertId: tipPlans.expertId,
        result: tipPlans.result,
        odds: tipPlans.odds,
        play: tipPlans.play,
        settledAt: tipPlans.settledAt,
      })
      .from(tipPlans)
      .where(and(eq(tipPlans.status, 'settled'), where));
  }

  /**
   * Plans on sale: open, on a match not started (scheduled, kick-off ahead of the feed clock), the
   * rule buying applies (openMatch). An open plan whose match is under way or over (settlement
   * not yet run: a fresh demo's first seconds, a late feed) is not.
   */
  const notStarted = (sport: 1 | 2) =>
    and(
      eq(matches.sport, sport),
      inArray(
        matches.state,
        codesWhere(sport, (p) => p === 'scheduled'),
      ),
    );
  const onSale = () =>
    and(
      eq(tipPlans.status, 'open'),
      inArray(
        tipPlans.matchId,
        db
          .select({ id: matches.id })
          .from(matches)
          .where(and(or(notStarted(1), notStarted(2)), gt(matches.kickoffAt, new Date(now())))),
      ),
    );

  return {
    async plans(f: PlanFilter, viewerId: number | null) {
      const where = and(
        f.expertId ? eq(tipPlans.expertId, f.expertId) : undefined,
        f.matchId ? eq(tipPlans.matchId, f.matchId) : undefined,
        f.sport ? eq(tipPlans.sport, f.sport) : undefined,
        f.play ? eq(tipPlans.play, f.play) : undefined,
        f.status === 'open' ? onSale() : undefined,
        f.status === 'settled' ? eq(tipPlans.status, 'settled') : undefined,
        // Withdrawn plans stay on the expert's own history, not in the public lists.
        f.expertId ? undefined : ne(tipPlans.status, 'withdrawn'),
      );
      const order = f.sort === 'hot' ? [desc(tipPlans.sold), desc(tipPlans.id)] : [desc(tipPlans.id)];
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(tipPlans)
          .where(where)
          .orderBy(...order)
          .limit(f.pageSize)
          .offset((f.pageNum - 1) * f.pageSize),
        db.select({ total: count() }).from(tipPlans).where(where),
      ]);
      return { list: await toViews(rows, viewerId), total, pageNum: f.pageNum, pageSize: f.pageSize };
    },

    async plan(id: number, viewerId: number | null) {
      const rows = await db.select().from(tipPlans).where(eq(tipPlans.id, id));
      return (await toViews(rows, viewerId))[0] ?? null;
    },

    /** Plans the user bought, newest first (/v/order). */
    async purchases(userId: number, pageNum: number, pageSize: number) {
      const where = eq(tipPurchases.userId, userId);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ plan: tipPlans, boughtAt: tipPurchases.createdAt, refundedAt: tipPurchases.refundedAt })
          .from(tipPurchases)
          .innerJoin(tipPlans, eq(tipPlans.id, tipPurchases.planId))
          .where(where)
          .orderBy(desc(tipPurchases.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ total: count() }).from(tipPurchases).where(where),
      ]);
      const views = await toViews(
        rows.map((r) => r.plan),
        userId,
      );
      const extra = new Map(rows.map((r) => [r.plan.id, r]));
      return {
        list: views.map((v) => ({
          ...v,
          boughtAt: extra.get(v.id)!.boughtAt.toISOString(),
          refundedAt: extra.get(v.id)!.refundedAt?.toISOString() ?? null,
        })),
        total,
        pageNum,
        pageSize,
      };
    },

    /** An expert's record, computed from their settled plans only. */
    async record(expertId: number) {
      return asRecord(await settled(eq(tipPlans.expertId, expertId)));
    },

    /** Every expert (isExpert 1) with record, open plans and followers; sorted as asked. */
    async experts(opts: { sort?: 'hitRate' | 'roi' | 'streak' | 'plans'; sport?: number } = {}) {
      const list = await db
        .select({ userId: users.id, intro: experts.intro })
        .from(users)
        .innerJoin(experts, eq(experts.userId, users.id))
        .where(eq(users.isExpert, 1));
      const ids = list.map((e) => e.userId);
      if (!ids.length) return [];
      const [briefs, done, open, fans] = await Promise.all([
        expertBriefs(db, ids),
        settled(
          and(inArray(tipPlans.expertId, ids), opts.sport ? eq(tipPlans.sport, opts.sport) : undefined),
        ),
        db
          .select({ expertId: tipPlans.expertId, n: count() })
          .from(tipPlans)
          .where(and(inArray(tipPlans.expertId, ids), onSale()))
          .groupBy(tipPlans.expertId),
        db
          .select({ id: follows.targetId, n: count() })
          .from(follows)
          .where(and(eq(follows.targetType, 'expert'), inArray(follows.targetId, ids)))
          .groupBy(follows.targetId),
      ]);
      const cards: ExpertCard[] = list.map((e) => ({
        ...briefs.get(e.userId)!,
        intro: e.intro,
        record: asRecord(done.filter((d) => d.expertId === e.userId)),
        openPlans: open.find((o) => o.expertId === e.userId)?.n ?? 0,
        followers: fans.find((f) => f.id === e.userId)?.n ?? 0,
      }));
      const key = (c: ExpertCard) =>
        ({
          hitRate: c.record.hitRate,
          roi: c.record.roi,
          streak: c.record.currentStreak,
          plans: c.record.total,
        })[opts.sort ?? 'hitRate'];
      return cards.sort((a, b) => key(b) - key(a) || b.record.total - a.record.total || a.userId - b.userId);
    },

    /** 连红榜 / 命中率榜 / 回报率榜 over the plans settled in the last `days` days. */
    async board(kind: BoardKind, days: BoardDays, limit = 10): Promise<BoardRow[]> {
      const rows = await settled(gte(tipPlans.settledAt, new Date(now() - days * 86400_000)));
      const by = new Map<number, Settled[]>();
      for (const r of rows) by.set(r.expertId, [...(by.get(r.expertId) ?? []), r]);
      const scored = [...by.entries()]
        .filter(([, list]) => list.length >= BOARD_MIN_PLANS[days])
        .map(([expertId, list]) => {
          const rec = asRecord(list);
          const value = kind === 'streak' ? rec.currentStreak : kind === 'roi' ? rec.roi : rec.hitRate;
          return { expertId, value, plans: list.length };
        })
        .filter((s) => kind !== 'streak' || s.value >= BOARD_MIN_STREAK)
        .sort((a, b) => b.value - a.value || b.plans - a.plans || a.expertId - b.expertId)
        .slice(0, limit);
      const briefs = await expertBriefs(
        db,
        scored.map((s) => s.expertId),
      );
      return scored.map((s, i) => ({
        rank: i + 1,
        expert: briefs.get(s.expertId)!,
        value: s.value,
        plans: s.plans,
      }));
    },

    /**
     * Matches open for tips (not started, kick-off ahead), soonest first, with their plan counts;
     * filtered by sport, competition and Beijing date.
     */
    async openMatches(f: { sport?: number; competitionId?: number; date?: string; limit?: number }) {
      const from = f.date ? Math.max(dayStart(f.date), now()) : now();
      const to = f.date ? dayStart(addDays(f.date, 1)) : now() + 3 * 86400_000;
      return matchesWithCounts(
        and(
          eq(matches.state, 1),
          gte(matches.kickoffAt, new Date(from)),
          lt(matches.kickoffAt, new Date(to)),
          f.sport ? eq(matches.sport, f.sport) : undefined,
          f.competitionId ? eq(matches.competitionId, f.competitionId) : undefined,
        )!,
        f.limit ?? 100,
      );
    },

    /** Today's (Beijing) matches that have plans, with their counts. */
    async todayWithPlans() {
      const today = beijingDate(now());
      const rows = await matchesWithCounts(
        and(
          gte(matches.kickoffAt, new Date(dayStart(today))),
          lt(matches.kickoffAt, new Date(dayStart(addDays(today, 1)))),
        )!,
        200,
      );
      return rows.filter((r) => r.plans > 0);
    },
  };

  async function matchesWithCounts(where: SQL, limit: number) {
    const home = aliasedTable(teams, 'home');
    const away = aliasedTable(teams, 'away');
    const rows = await db
      .select({
        id: matches.id,
        sport: matches.sport,
        state: matches.state,
        kickoffAt: matches.kickoffAt,
        competitionId: matches.competitionId,
        competition: competitions.nameZh,
        home: home.nameZh,
        away: away.nameZh,
        homeScore: matches.homeScore,
        awayScore: matches.awayScore,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(where)
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(limit);
    const ids = rows.map((r) => r.id);
    const counts = ids.length
      ? await db
          .select({ matchId: tipPlans.matchId, n: count() })
          .from(tipPlans)
          .where(and(inArray(tipPlans.matchId, ids), ne(tipPlans.status, 'withdrawn')))
          .groupBy(tipPlans.matchId)
      : [];
    const by = new Map(counts.map((c) => [c.matchId, c.n]));
    return rows.map((r) => ({ ...r, kickoffAt: r.kickoffAt.toISOString(), plans: by.get(r.id) ?? 0 }));
  }
}

export type TipQueries = ReturnType<typeof createTipQueries>;
