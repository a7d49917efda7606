import { and, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  PREDICTION_BOARD_MIN,
  PREDICTION_MSG,
  percents,
  predictionRecord,
  winnerPicksOf,
  type CrowdSplit,
  type PredictionBoardDays,
  type TotalPick,
  type WinnerPick,
} from '../../../lib/predictions.ts';
import { settlePick, type TipResult } from '../../../lib/tips/settle.ts';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import type { Db } from '../../db/client.ts';
import { matches, predictions, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { currentPrice } from '../tips/odds.ts';
import { openMatch } from '../tips/plans.ts';
import { outcomeOf } from '../tips/settlement.ts';

export interface PickInput {
  matchId: number;
  winner: WinnerPick;
  total?: TotalPick;
}

type Row = typeof predictions.$inferSelect;
const mineOf = (r: Row | undefined) =>
  r ? { winner: r.winner as WinnerPick, total: r.total as TotalPick | null, totalLine: r.totalLine } : null;

/**
 * 竞猜 (docs/predictions.md): free picks before kick-off by the feed's clock, settled by the same
 * rules and at the same moments as 锦囊 (jobs in services/tips/jobs.ts), a record per fan and boards.
 */
export function createPredictionService(db: Db, now: () => number) {
  async function split(matchId: number, sport: number): Promise<CrowdSplit> {
    const rows = await db
      .select({ winner: predictions.winner, total: predictions.total, n: sql<number>`count(*)::int` })
      .from(predictions)
      .where(eq(predictions.matchId, matchId))
      .groupBy(predictions.winner, predictions.total);
    const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
    const sides = winnerPicksOf(sport);
    const winnerCounts = sides.map((p) => count((r) => r.winner === p));
    const totalPicks: TotalPick[] = sport === 2 ? ['over', 'under'] : [];
    const totalCounts = totalPicks.map((p) => count((r) => r.total === p));
    const wp = percents(winnerCounts);
    const tp = percents(totalCounts);
    return {
      total: winnerCounts.reduce((a, b) => a + b, 0),
      winner: sides.map((pick, i) => ({ pick, count: winnerCounts[i], percent: wp[i] })),
      totals: totalPicks.map((pick, i) => ({ pick, count: totalCounts[i], percent: tp[i] })),
    };
  }

  const totalLineOf = async (matchId: number) =>
    (await currentPrice(db, matchId, 'ou', 'over'))?.line ?? null;

  async function mine(userId: number, matchId: number) {
    const [r] = await db
      .select()
      .from(predictions)
      .where(and(eq(predictions.userId, userId), eq(predictions.matchId, matchId)));
    return r;
  }

  /** The results of the open predictions of one ended match; a void match closes them unsettled. */
  async function settleMatch(matchId: number, at = new Date(now())): Promise<number> {
    const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
    if (!m) return 0;
    const outcome = outcomeOf(m);
    if (!outcome) return 0;
    const open = and(eq(predictions.matchId, matchId), isNull(predictions.settledAt));
    if (outcome.kind === 'void') {
      return (
        await db.update(predictions).set({ settledAt: at }).where(open).returning({ id: predictions.id })
      ).length;
    }
    return db.transaction(async (tx) => {
      const rows = await tx.select().from(predictions).where(open).for('update');
      for (const r of rows) {
        const winnerResult = settlePick('spf', r.winner as WinnerPick, null, outcome);
        const totalResult: TipResult | null =
          r.total && r.totalLine !== null
            ? settlePick('ou', r.total as TotalPick, r.totalLine, outcome)
            : null;
        await tx
          .update(predictions)
          .set({ winnerResult, totalResult, settledAt: at })
          .where(eq(predictions.id, r.id));
      }
      return rows.length;
    });
  }

  return {
    split,
    settleMatch,

    /** Makes or changes the caller's pick; refused from kick-off on (by state or by the clock). */
    async pick(userId: number, input: PickInput) {
      const { match, refusal } = await openMatch(db, input.matchId, now());
      if (!match) throw notFound(PREDICTION_MSG.matchUnknown);
      if (refusal)
        throw badRequest(refusal === TIP_MSG.matchFinished ? PREDICTION_MSG.finished : PREDICTION_MSG.closed);
      if (!winnerPicksOf(match.sport).includes(input.winner)) throw badRequest(PREDICTION_MSG.winner);
      let totalLine: number | null = null;
      if (input.total) {
        if (match.sport !== 2) throw badRequest(PREDICTION_MSG.totalFootball);
        totalLine = await totalLineOf(match.id);
        if (totalLine === null) throw badRequest(PREDICTION_MSG.noTotalLine);
      }
      const at = new Date(now());
      const values = { winner: input.winner, total: input.total ?? null, totalLine, updatedAt: at };
      await db
        .insert(predictions)
        .values({ userId, matchId: match.id, sport: match.sport, createdAt: at, ...values })
        .onConflictDoUpdate({ target: [predictions.userId, predictions.matchId], set: values });
      return { mine: mineOf(await mine(userId, match.id)), split: await split(match.id, match.sport) };
    },

    /**
     * What a match page shows: whether picks are open, the basketball total line, the viewer's own
     * pick, and the crowd's split once the viewer has picked or the match has kicked off.
     */
    async forMatch(matchId: number, viewerId: number | null) {
      const { match, refusal } = await openMatch(db, matchId, now());
      if (!match) throw notFound(PREDICTION_MSG.matchUnknown);
      const own = viewerId ? await mine(viewerId, matchId) : undefined;
      const open = refusal === null;
      return {
        matchId,
        sport: match.sport,
        open,
        totalLine: open && match.sport === 2 ? await totalLineOf(matchId) : null,
        mine: mineOf(own),
        split: own || !open ? await split(matchId, match.sport) : null,
      };
    },

    /** A fan's record over every settled pick. */
    async record(userId: number) {
      const rows = await db
        .select({ w: predictions.winnerResult, t: predictions.totalResult })
        .from(predictions)
        .where(and(eq(predictions.userId, userId), isNotNull(predictions.settledAt)));
      return predictionRecord(rows.flatMap((r) => [r.w, r.t] as (TipResult | null)[]));
    },

    /** 周榜 / 月榜: hit rate over the picks settled in the last 7 or 30 days, with a floor of picks. */
    async board(days: PredictionBoardDays, limit = 20) {
      const rows = await db
        .select({ userId: predictions.userId, w: predictions.winnerResult, t: predictions.totalResult })
        .from(predictions)
        .where(gte(predictions.settledAt, new Date(now() - days * 86_400_000)));
      const by = new Map<number, (TipResult | null)[]>();
      for (const r of rows) {
        const results = by.get(r.userId) ?? [];
        results.push(r.w as TipResult, r.t as TipResult);
        by.set(r.userId, results);
      }
      const ranked = [...by]
        .map(([userId, results]) => ({ userId, ...predictionRecord(results) }))
        .filter((r) => r.picks >= PREDICTION_BOARD_MIN[days])
        .sort((a, b) => b.hitRate - a.hitRate || b.hits - a.hits || a.userId - b.userId)
        .slice(0, limit);
      if (!ranked.length) return [];
      const people = await db
        .select({ id: users.id, nickName: users.nickName, portrait: users.portrait })
        .from(users)
        .where(
          inArray(
            users.id,
            ranked.map((r) => r.userId),
          ),
        );
      const person = new Map(people.map((p) => [p.id, p]));
      return ranked.map((r, i) => ({ rank: i + 1, ...r, ...person.get(r.userId)! }));
    },

    /** Settles the predictions of every ended match that still has open ones (a missed event, a restart). */
    async sweep(): Promise<number> {
      const rows = await db
        .selectDistinct({ matchId: predictions.matchId })
        .from(predictions)
        .innerJoin(matches, eq(matches.id, predictions.matchId))
        .where(and(isNull(predictions.settledAt), ne(matches.state, 1)));
      let n = 0;
      for (const r of rows) n += await settleMatch(r.matchId);
      return n;
    },
  };
}

export type PredictionService = ReturnType<typeof createPredictionService>;
