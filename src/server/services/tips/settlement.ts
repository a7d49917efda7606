import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { settledNotice } from '../../../lib/tips/messages.ts';
import { RESULT_NAME, isMiss, settlePick, type TipResult } from '../../../lib/tips/settle.ts';
import { TIP_RULES } from '../../../lib/tips/rules.ts';
import type { TipPick, TipPlay } from '../../../lib/tips/plays.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { matches, tipPlans, tipPurchases } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { publish } from '../../realtime/publish.ts';
import type { PubSub } from '../../realtime/pubsub.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { Ledger } from '../wallet/ledger.ts';

type Plan = typeof tipPlans.$inferSelect;
type MatchRow = Pick<
  typeof matches.$inferSelect,
  'id' | 'sport' | 'state' | 'homeScore' | 'awayScore' | 'ftHome' | 'ftAway'
>;

/** What a match's state means for its plans: a result from the final score, void, or not yet. */
export function outcomeOf(
  m: MatchRow,
): { kind: 'settle'; home: number; away: number } | { kind: 'void' } | null {
  const phase = stateInfo(m.sport as SportId, m.state).phase;
  if (phase === 'void') return { kind: 'void' };
  if (phase !== 'finished') return null;
  // Football plays settle on the 90 minutes; basketball counts overtime.
  const home = m.sport === 1 ? (m.ftHome ?? m.homeScore) : m.homeScore;
  const away = m.sport === 1 ? (m.ftAway ?? m.awayScore) : m.awayScore;
  if (home === null || away === null) return null;
  return { kind: 'settle', home, away };
}

export interface SettledNotice {
  type: 'tip';
  planId: number;
  status: string;
  result: string | null;
  resultName: string | null;
  refund: number;
}

/**
 * Settlement. Each plan settles in one transaction that first moves its status from open (the
 * guard: a second or concurrent run finds nothing to move and does nothing), then refunds buyers
 * (type 6, 不中退 on a miss, everyone on a void match) or pays the expert's share (type 5, 球票).
 * The ledger keys make each payment once per plan even if the guard were bypassed. Each buyer gets
 * one 消息通知 of the outcome in the same transaction, so the guard makes it once too.
 */
export function createSettlementService(deps: {
  db: Db;
  ledger: Ledger;
  pubsub: PubSub;
  log: Logger;
  notices: NotificationService;
}) {
  const { db, ledger } = deps;

  async function tellBuyers(tx: Tx, plan: Plan, refunded: { userId: number; price: number }[]) {
    const buyers = await tx.select().from(tipPurchases).where(eq(tipPurchases.planId, plan.id));
    const back = new Set(refunded.map((r) => r.userId));
    const resultName = plan.result ? RESULT_NAME[plan.result as TipResult] : null;
    for (const b of buyers) {
      const text = settledNotice(plan, resultName, back.has(b.userId) ? b.price : 0);
      await deps.notices.notify(tx, {
        userId: b.userId,
        kind: 'purchase',
        ...text,
        link: `/guide/plan/${plan.id}`,
      });
    }
  }

  async function refundBuyers(tx: Tx, plan: Plan, note: string) {
    const buyers = await tx
      .select()
      .from(tipPurchases)
      .where(and(eq(tipPurchases.planId, plan.id), isNull(tipPurchases.refundedAt)));
    for (const b of buyers) {
      await ledger.credit(
        {
          userId: b.userId,
          currency: 'diamond',
          amount: b.price,
          type: TRADE_TYPE.refund,
          key: `tip-refund:${plan.id}`,
          ref: `tip:${plan.id}`,
          counterpartyId: plan.expertId,
          note,
        },
        tx,
      );
      await tx.update(tipPurchases).set({ refundedAt: new Date() }).where(eq(tipPurchases.id, b.id));
    }
    return buyers;
  }

  async function payExpert(tx: Tx, plan: Plan) {
    const [{ total }] = await tx
      .select({ total: sql<number>`coalesce(sum(${tipPurchases.price}), 0)::int` })
      .from(tipPurchases)
      .where(and(eq(tipPurchases.planId, plan.id), isNull(tipPurchases.refundedAt)));
    const share = Math.floor((total * TIP_RULES.expertSharePercent) / 100);
    if (share <= 0) return;
    await ledger.credit(
      {
        userId: plan.expertId,
        currency: 'ticket',
        amount: share,
        type: TRADE_TYPE.prizePayout,
        key: `tip-income:${plan.id}`,
        ref: `tip:${plan.id}`,
        note: `方案收益：${plan.title}`,
      },
      tx,
    );
  }

  /** Closes one plan as settled (with `result`) or void; false when another run already did. */
  async function close(
    planId: number,
    to: { result: TipResult; score: string } | { void: string },
    at = new Date(),
  ) {
    const outcome = await db.transaction(async (tx) => {
      const isVoid = 'void' in to;
      const [plan] = await tx
        .update(tipPlans)
        .set({
          status: isVoid ? 'void' : 'settled',
          result: isVoid ? null : to.result,
          settledScore: isVoid ? null : to.score,
          settledAt: at,
        })
        .where(and(eq(tipPlans.id, planId), eq(tipPlans.status, 'open')))
        .returning();
      if (!plan) return null;
      let refunded: { userId: number; price: number }[] = [];
      if (isVoid) refunded = await refundBuyers(tx, plan, to.void);
      else if (plan.refundOnLoss && isMiss(to.result))
        refunded = await refundBuyers(tx, plan, '不中退：方案未中，全额退款');
      if (!isVoid) await payExpert(tx, plan);
      await tellBuyers(tx, plan, refunded);
      return { plan, refunded };
    });
    if (outcome) await announce(outcome.plan, outcome.refunded);
    return outcome !== null;
  }

  async function announce(plan: Plan, refunded: { userId: number; price: number }[]) {
    const base = {
      type: 'tip' as const,
      planId: plan.id,
      status: plan.status,
      result: plan.result,
      resultName: plan.result ? RESULT_NAME[plan.result as TipResult] : null,
    };
    try {
      const buyers = await db.select().from(tipPurchases).where(eq(tipPurchases.planId, plan.id));
      const back = new Set(refunded.map((r) => r.userId));
      for (const b of buyers) {
        const refund = back.has(b.userId) ? b.price : 0;
        const balances = await ledger.balances(b.userId);
        await publish(deps.pubsub, CHANNEL.user(b.userId), WS_CODE.userNotice, { ...base, refund, balances });
      }
      await publish(deps.pubsub, CHANNEL.match(plan.matchId), WS_CODE.message, { ...base, refund: 0 });
    } catch (err) {
      deps.log.warn({ err, planId: plan.id }, 'tip settlement notice failed');
    }
  }

  /** Settles the open plans of a match that has ended; `at` dates the settlement (the demo history). */
  async function settleMatch(matchId: number, at?: Date): Promise<number> {
    const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
    if (!m) return 0;
    const outcome = outcomeOf(m);
    if (!outcome) return 0;
    const open = await db
      .select()
      .from(tipPlans)
      .where(and(eq(tipPlans.matchId, matchId), eq(tipPlans.status, 'open')));
    let n = 0;
    for (const p of open) {
      const done =
        outcome.kind === 'void'
          ? await close(p.id, { void: '比赛取消或推迟，方案全额退款' }, at)
          : await close(
              p.id,
              {
                result: settlePick(p.play as TipPlay, p.pick as TipPick, p.line, outcome),
                score: `${outcome.home}-${outcome.away}`,
              },
              at,
            );
      if (done) n++;
    }
    return n;
  }

  return {
    settleMatch,
    /** Voids one open plan and refunds its buyers (an expert suspended by staff). */
    voidPlan: (planId: number, note: string) => close(planId, { void: note }),

    /** Settles the open plans of every match that has ended (a missed event, a restart). */
    async sweep(): Promise<number> {
      const rows = await db
        .selectDistinct({ matchId: tipPlans.matchId })
        .from(tipPlans)
        .innerJoin(matches, eq(matches.id, tipPlans.matchId))
        .where(and(eq(tipPlans.status, 'open'), ne(matches.state, 1)));
      let n = 0;
      for (const r of rows) n += await settleMatch(r.matchId);
      return n;
    },

    async openPlanIds(expertId: number) {
      const rows = await db
        .select({ id: tipPlans.id })
        .from(tipPlans)
        .where(and(eq(tipPlans.expertId, expertId), eq(tipPlans.status, 'open')));
      return rows.map((r) => r.id);
    },
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
