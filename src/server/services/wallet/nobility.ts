import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import { NOBILITY_MONTH_MS, NOBILITY_MONTHS } from '../../../lib/wallet.ts';
import type { TierView } from '../../../lib/wallet-views.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { nobilityTiers, tradeRecords, userNobility } from '../../db/schema/index.ts';
import { cached } from '../cache.ts';
import type { Ledger } from './ledger.ts';

type Tier = typeof nobilityTiers.$inferSelect;

const tierView = (t: Tier): TierView => ({
  id: t.id,
  name: t.name,
  level: t.level,
  monthlyPrice: t.monthlyPrice,
  renewPrice: renewPrice(t),
  perks: { bubble: t.bubble, entryEffect: t.entryEffect, badge: t.badge, renewDiscount: t.renewDiscount },
  color: t.color,
});

/** A month of renewal while the tier is active: the discounted price, rounded up to whole 球钻. */
const renewPrice = (t: Tier) => Math.ceil((t.monthlyPrice * t.renewDiscount) / 100);

/** The nobility a user holds now (for user info and badges), or null. */
export async function activeNobilityOf(db: Db, userId: number) {
  const [row] = await db
    .select({ id: nobilityTiers.id, name: nobilityTiers.name, expiresAt: userNobility.expiresAt })
    .from(userNobility)
    .innerJoin(nobilityTiers, eq(nobilityTiers.id, userNobility.tierId))
    .where(and(eq(userNobility.userId, userId), gt(userNobility.expiresAt, new Date())));
  return row ? { id: row.id, name: row.name, expiresAt: row.expiresAt.toISOString() } : null;
}

/**
 * 贵族: tiers with a monthly price in 球钻 and perks (chat bubble, entry effect, badge, renewal
 * discount). Buying the held tier renews it at the discount from its current expiry; a higher
 * tier starts now and turns the lower tier's remaining time into time at the new price; a lower
 * tier waits until the higher one ends. Paid through the ledger (trade type 15).
 */
export function createNobilityService(deps: { db: Db; ledger: Ledger }) {
  const { db, ledger } = deps;
  const tiers = cached(30_000, () => db.select().from(nobilityTiers).orderBy(asc(nobilityTiers.level)));

  const heldBy = async (q: Tx, userId: number) =>
    (
      await q
        .select()
        .from(userNobility)
        .innerJoin(nobilityTiers, eq(nobilityTiers.id, userNobility.tierId))
        .where(eq(userNobility.userId, userId))
    )[0];

  return {
    list: async () => (await tiers()).map(tierView),
    /** After a console edit, so this instance shows the new prices at once. */
    invalidate: () => tiers.invalidate(),
    active: (userId: number) => activeNobilityOf(db, userId),

    /** Active tiers of many users at once (rankings, chat badges). */
    async activeOf(userIds: number[]) {
      if (userIds.length === 0)
        return new Map<number, { id: number; name: string; level: number; color: string; badge: string }>();
      const rows = await db
        .select({
          userId: userNobility.userId,
          id: nobilityTiers.id,
          name: nobilityTiers.name,
          level: nobilityTiers.level,
          color: nobilityTiers.color,
          badge: nobilityTiers.badge,
        })
        .from(userNobility)
        .innerJoin(nobilityTiers, eq(nobilityTiers.id, userNobility.tierId))
        .where(and(inArray(userNobility.userId, userIds), gt(userNobility.expiresAt, new Date())));
      return new Map(rows.map(({ userId, ...tier }) => [userId, tier]));
    },

    /** POST /pay/room/nobility/purchase. A retry with the same key returns the first purchase. */
    async purchase(userId: number, input: { tierId: number; months: number; key: string }) {
      // The price as it is now, never the cached list: a console price change holds at once.
      const [tier] = await db.select().from(nobilityTiers).where(eq(nobilityTiers.id, input.tierId));
      if (!tier) throw notFound(WALLET_MSG.nobilityNotFound);
      if (!(NOBILITY_MONTHS as readonly number[]).includes(input.months))
        throw badRequest(WALLET_MSG.nobilityMonthsInvalid);
      const key = `nobility:${input.key}`;
      return db.transaction(async (tx) => {
        // One purchase per user at a time: the expiry below is read and written under this lock.
        await ledger.lockWallet(tx, userId);
        const held = await heldBy(tx, userId);
        const [done] = await tx
          .select()
          .from(tradeRecords)
          .where(and(eq(tradeRecords.userId, userId), eq(tradeRecords.idempotencyKey, key)));
        if (done && held) {
          return {
            nobility: {
              id: held.nobility_tiers.id,
              name: held.nobility_tiers.name,
              expiresAt: held.user_nobility.expiresAt.toISOString(),
            },
            cost: -done.amount,
            balance: done.balanceAfter,
          };
        }
        const now = Date.now();
        const current = held && held.user_nobility.expiresAt.getTime() > now ? held : undefined;
        const span = input.months * NOBILITY_MONTH_MS;
        let cost = tier.monthlyPrice * input.months;
        let expiresAt = now + span;
        if (current && current.nobility_tiers.id === tier.id) {
          cost = renewPrice(tier) * input.months;
          expiresAt = current.user_nobility.expiresAt.getTime() + span;
        } else if (current && current.nobility_tiers.level > tier.level) {
          throw badRequest(WALLET_MSG.nobilityLower);
        } else if (current) {
          const left = current.user_nobility.expiresAt.getTime() - now;
          expiresAt += Math.floor((left * current.nobility_tiers.monthlyPrice) / tier.monthlyPrice);
        }
        const record = await ledger.debit(
          {
            userId,
            currency: 'diamond',
            amount: cost,
            type: TRADE_TYPE.openNobility,
            key,
            ref: `nobility:${tier.id}`,
            note: `${tier.name} ${input.months}个月`,
          },
          tx,
        );
        const until = new Date(expiresAt);
        await tx
          .insert(userNobility)
          .values({ userId, tierId: tier.id, expiresAt: until })
          .onConflictDoUpdate({
            target: userNobility.userId,
            set: { tierId: tier.id, expiresAt: until, updatedAt: new Date() },
          });
        return {
          nobility: { id: tier.id, name: tier.name, expiresAt: until.toISOString() },
          cost,
          balance: record.balanceAfter,
        };
      });
    },
  };
}

export type NobilityService = ReturnType<typeof createNobilityService>;
