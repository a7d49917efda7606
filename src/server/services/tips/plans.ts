import { and, eq, ne, sql } from 'drizzle-orm';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { TIP_PLAYS, pickName, playName, type TipPick, type TipPlay } from '../../../lib/tips/plays.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { matches, tipPlans, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { commitPlan } from './hash.ts';
import { currentPrice } from './odds.ts';

export interface PlanInput {
  matchId: number;
  play: TipPlay;
  pick: TipPick;
  title: string;
  analysis: string;
  price: number;
  refundOnLoss: boolean;
}

/** Whether a match still takes plans (and sales): not started by state nor by the clock. */
export async function openMatch(q: Tx, matchId: number, now: number) {
  const [m] = await q
    .select({ id: matches.id, sport: matches.sport, state: matches.state, kickoffAt: matches.kickoffAt })
    .from(matches)
    .where(eq(matches.id, matchId));
  if (!m) return { match: null, refusal: TIP_MSG.matchUnknown };
  const phase = stateInfo(m.sport as SportId, m.state).phase;
  if (phase === 'finished' || phase === 'void') return { match: m, refusal: TIP_MSG.matchFinished };
  if (phase !== 'scheduled' || m.kickoffAt.getTime() <= now)
    return { match: m, refusal: TIP_MSG.matchStarted };
  return { match: m, refusal: null };
}

/** Publishing and withdrawing plans. A published plan's fixed fields are never updated. */
export function createPlanService(db: Db, now: () => number) {
  return {
    async publish(expertId: number, input: PlanInput) {
      const [u] = await db.select({ isExpert: users.isExpert }).from(users).where(eq(users.id, expertId));
      if (!u || u.isExpert !== 1) throw forbidden(TIP_MSG.notExpert);
      const { match, refusal } = await openMatch(db, input.matchId, now());
      if (!match) throw notFound(TIP_MSG.matchUnknown);
      if (refusal) throw badRequest(refusal);
      const play = TIP_PLAYS[input.play];
      if (!(play.sports as readonly number[]).includes(match.sport)) throw badRequest(TIP_MSG.playWrongSport);
      if (!(play.picks as readonly string[]).includes(input.pick)) throw badRequest(TIP_MSG.pickUnknown);
      const price = await currentPrice(db, match.id, input.play, input.pick);
      if (!price) throw badRequest(TIP_MSG.noOdds);
      return db.transaction(async (tx) => {
        // One plan per expert, match and play: an expert cannot publish both sides.
        await tx.execute(sql`select pg_advisory_xact_lock(${expertId}::int, ${match.id}::int)`);
        const [dup] = await tx
          .select({ id: tipPlans.id })
          .from(tipPlans)
          .where(
            and(
              eq(tipPlans.expertId, expertId),
              eq(tipPlans.matchId, match.id),
              eq(tipPlans.play, input.play),
              ne(tipPlans.status, 'withdrawn'),
            ),
          );
        if (dup) throw badRequest(TIP_MSG.duplicate);
        const fields = {
          expertId,
          matchId: match.id,
          play: input.play,
          line: price.line,
          pick: input.pick,
          odds: price.odds,
          title: input.title,
          analysis: input.analysis,
          price: input.price,
          refundOnLoss: input.price > 0 && input.refundOnLoss,
          publishedAt: new Date(Math.floor(Date.now() / 1000) * 1000),
        };
        const [plan] = await tx
          .insert(tipPlans)
          .values({ ...fields, sport: match.sport, ...commitPlan(fields) })
          .returning();
        return plan;
      });
    },

    /** The plays a match can take now, each pick with its current price and line (the publish form). */
    async options(matchId: number) {
      const { match, refusal } = await openMatch(db, matchId, now());
      if (!match) throw notFound(TIP_MSG.matchUnknown);
      const plays = [];
      for (const code of Object.keys(TIP_PLAYS) as TipPlay[]) {
        const play = TIP_PLAYS[code];
        if (!(play.sports as readonly number[]).includes(match.sport)) continue;
        const picks = [];
        for (const pick of play.picks) {
          const price = await currentPrice(db, matchId, code, pick);
          if (price) picks.push({ pick, name: pickName(code, pick, price.line, match.sport), ...price });
        }
        if (picks.length === play.picks.length)
          plays.push({ play: code, name: playName(code, match.sport), picks });
      }
      return { matchId, open: !refusal, refusal, plays };
    },

    /** Withdraws an open plan nobody has bought (the guard is in the WHERE, so a sale cannot slip in). */
    async withdraw(expertId: number, planId: number) {
      const [plan] = await db.select().from(tipPlans).where(eq(tipPlans.id, planId));
      if (!plan) throw notFound(TIP_MSG.planUnknown);
      if (plan.expertId !== expertId) throw forbidden(TIP_MSG.notOwner);
      const [done] = await db
        .update(tipPlans)
        .set({ status: 'withdrawn' })
        .where(and(eq(tipPlans.id, planId), eq(tipPlans.status, 'open'), eq(tipPlans.sold, 0)))
        .returning({ id: tipPlans.id });
      if (done) return { id: planId, status: 'withdrawn' };
      const [again] = await db.select().from(tipPlans).where(eq(tipPlans.id, planId));
      throw badRequest(again.status === 'open' ? TIP_MSG.withdrawSold : TIP_MSG.withdrawNotOpen);
    },
  };
}
