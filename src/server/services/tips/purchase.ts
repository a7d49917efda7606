import { and, eq, sql } from 'drizzle-orm';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db } from '../../db/client.ts';
import { tipPlans, tipPurchases } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { openMatch } from './plans.ts';

/**
 * Buying a plan: one transaction that counts the sale on the plan row (locking it, so a sale and a
 * settlement or withdrawal cannot interleave), records the purchase (unique per plan and user) and
 * takes the buyer's 球钻 through the ledger (type 4, key `tip:{planId}`). Any refusal rolls it all
 * back: nothing is charged.
 */
export function createPurchaseService(db: Db, ledger: Ledger, now: () => number) {
  return {
    async buy(userId: number, planId: number) {
      return db.transaction(async (tx) => {
        const [plan] = await tx
          .update(tipPlans)
          .set({ sold: sql`${tipPlans.sold} + 1` })
          .where(and(eq(tipPlans.id, planId), eq(tipPlans.status, 'open')))
          .returning();
        if (!plan) {
          const [exists] = await tx.select({ id: tipPlans.id }).from(tipPlans).where(eq(tipPlans.id, planId));
          if (!exists) throw notFound(TIP_MSG.planUnknown);
          throw badRequest(TIP_MSG.planClosed);
        }
        if (plan.expertId === userId) throw badRequest(TIP_MSG.ownPlan);
        if (plan.price === 0) throw badRequest(TIP_MSG.freePlan);
        const { refusal } = await openMatch(tx, plan.matchId, now());
        if (refusal) throw badRequest(TIP_MSG.saleStarted);
        const [purchase] = await tx
          .insert(tipPurchases)
          .values({ planId, userId, price: plan.price })
          .onConflictDoNothing()
          .returning();
        if (!purchase) throw badRequest(TIP_MSG.bought);
        const trade = await ledger.debit(
          {
            userId,
            currency: 'diamond',
            amount: plan.price,
            type: TRADE_TYPE.planPurchase,
            key: `tip:${planId}`,
            ref: `tip:${planId}`,
            counterpartyId: plan.expertId,
            note: `购买方案：${plan.title}`,
          },
          tx,
        );
        await tx.update(tipPurchases).set({ tradeId: trade.id }).where(eq(tipPurchases.id, purchase.id));
        return { planId, price: plan.price, balance: trade.balanceAfter, tradeId: trade.id };
      });
    },
  };
}
