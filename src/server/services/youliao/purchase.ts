import { and, eq, isNull, sql } from 'drizzle-orm';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import { YOULIAO_MSG, YOULIAO_RULES } from '../../../lib/youliao/rules.ts';
import type { Db, Tx } from '../../db/client.ts';
import { youliaoClips, youliaoPurchases } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Ledger } from '../wallet/ledger.ts';

/** Thrown inside the transaction when a concurrent buy of the same user won: roll back, answer with theirs. */
const ALREADY = Symbol('already bought');

/**
 * Buying a paid clip: one transaction that counts the sale on the clip row (which also queues
 * concurrent buyers of it), records the purchase (unique per clip and user) and moves the money
 * through the ledger under the key `youliao:{clipId}`: the buyer's 球钻 out (type 4, 方案购买),
 * and the anchor's share in 球票 in (type 5), as experts are paid for plans. Buying again, or 20
 * times at once, answers with the one purchase and charges once.
 */
export function createClipPurchases(db: Db, ledger: Ledger) {
  async function existing(q: Tx, userId: number, clipId: number) {
    const [p] = await q
      .select()
      .from(youliaoPurchases)
      .where(and(eq(youliaoPurchases.clipId, clipId), eq(youliaoPurchases.userId, userId)));
    if (!p) return null;
    const { balance } = await ledger.balances(userId, q);
    return { movieId: clipId, price: p.price, balance, tradeId: p.tradeId, already: true };
  }

  async function charge(tx: Tx, userId: number, clip: typeof youliaoClips.$inferSelect) {
    const key = `youliao:${clip.id}`;
    const from = {
      userId,
      currency: 'diamond' as const,
      amount: clip.price,
      type: TRADE_TYPE.planPurchase,
      ref: key,
      note: `有料：${clip.title}`,
    };
    const income = Math.floor(clip.price * YOULIAO_RULES.anchorShare);
    if (income === 0) return ledger.debit({ ...from, key, counterpartyId: clip.anchorId }, tx);
    const to = {
      userId: clip.anchorId,
      currency: 'ticket' as const,
      amount: income,
      type: TRADE_TYPE.prizePayout,
      ref: key,
      note: `有料收益：${clip.title}`,
    };
    return (await ledger.transfer({ from, to, key }, tx)).debit;
  }

  return {
    async buy(userId: number, clipId: number) {
      const prior = await existing(db, userId, clipId);
      if (prior) return prior;
      try {
        return await db.transaction(async (tx) => {
          const [clip] = await tx
            .update(youliaoClips)
            .set({ sold: sql`${youliaoClips.sold} + 1` })
            .where(
              and(
                eq(youliaoClips.id, clipId),
                eq(youliaoClips.state, 'ready'),
                isNull(youliaoClips.takenDownAt),
              ),
            )
            .returning();
          if (!clip) {
            const [known] = await tx
              .select({ takenDownAt: youliaoClips.takenDownAt })
              .from(youliaoClips)
              .where(eq(youliaoClips.id, clipId));
            if (!known) throw notFound(YOULIAO_MSG.clipUnknown);
            throw badRequest(known.takenDownAt ? YOULIAO_MSG.takenDownBuy : YOULIAO_MSG.clipNotReady);
          }
          if (clip.price === 0) throw badRequest(YOULIAO_MSG.free);
          if (clip.anchorId === userId) throw badRequest(YOULIAO_MSG.own);
          const [purchase] = await tx
            .insert(youliaoPurchases)
            .values({ clipId, userId, price: clip.price })
            .onConflictDoNothing()
            .returning();
          if (!purchase) throw ALREADY;
          const trade = await charge(tx, userId, clip);
          await tx
            .update(youliaoPurchases)
            .set({ tradeId: trade.id })
            .where(eq(youliaoPurchases.id, purchase.id));
          return {
            movieId: clipId,
            price: clip.price,
            balance: trade.balanceAfter,
            tradeId: trade.id,
            already: false,
          };
        });
      } catch (err) {
        if (err !== ALREADY) throw err;
        const won = await existing(db, userId, clipId);
        if (!won) throw err;
        return won;
      }
    },
  };
}
