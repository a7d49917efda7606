import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import { GIFT_TICKETS_PER_DIAMOND } from '../../../lib/wallet.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { gifts, tradeRecords, users } from '../../db/schema/index.ts';
import { cached } from '../cache.ts';
import type { Ledger } from './ledger.ts';
import type { NobilityService } from './nobility.ts';

export const GIFT_COUNT_MAX = 9_999;
export const RANK_SIZE = 20;
export const RANK_PERIODS = ['day', 'week', 'month', 'total'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];

/** Where a ranking period starts, on China's calendar (weeks start on Monday). */
export function periodStart(period: RankPeriod, now = Date.now()): Date | null {
  if (period === 'total') return null;
  const china = new Date(now + 8 * 3600_000);
  const y = china.getUTCFullYear();
  const m = china.getUTCMonth();
  const d = china.getUTCDate();
  const dayStart = (day: number) => new Date(Date.UTC(y, m, day) - 8 * 3600_000);
  if (period === 'day') return dayStart(d);
  if (period === 'month') return dayStart(1);
  return dayStart(d - ((china.getUTCDay() + 6) % 7));
}

/**
 * Gifts in live rooms: the catalogue, sending (球钻 from the viewer, 球票 to the anchor in one
 * ledger transfer: trade types 2 and 9) and the contribution ranking of an anchor's viewers.
 */
export function createGiftService(deps: { db: Db; ledger: Ledger; nobility: NobilityService }) {
  const { db, ledger, nobility } = deps;
  const catalogue = cached(30_000, () =>
    db
      .select({ id: gifts.id, name: gifts.name, icon: gifts.icon, price: gifts.price, tier: gifts.tier })
      .from(gifts)
      .where(eq(gifts.enabled, true))
      .orderBy(asc(gifts.sort), asc(gifts.id)),
  );

  return {
    /** Enabled gifts, cheapest first (the live room's gift bar). */
    catalogue: () => catalogue(),
    /** After a console edit, so this instance shows the new catalogue at once. */
    invalidate: () => catalogue.invalidate(),

    /** POST /pay/gift. A retry with the same key returns the first result and moves nothing. */
    async send(userId: number, input: { giftId: number; anchorId: number; count: number; key: string }) {
      const { count } = input;
      if (!Number.isInteger(count) || count < 1 || count > GIFT_COUNT_MAX)
        throw badRequest(WALLET_MSG.giftCountInvalid);
      if (input.anchorId === userId) throw badRequest(WALLET_MSG.giftToSelf);
      // The price as it is now, never the cached catalogue: a console price change holds at once.
      const [gift] = await db
        .select({ id: gifts.id, name: gifts.name, icon: gifts.icon, price: gifts.price, tier: gifts.tier })
        .from(gifts)
        .where(and(eq(gifts.id, input.giftId), eq(gifts.enabled, true)));
      if (!gift) throw notFound(WALLET_MSG.giftNotFound);
      const [anchor] = await db
        .select({ id: users.id, nickName: users.nickName })
        .from(users)
        .where(and(eq(users.id, input.anchorId), eq(users.isAnchor, 1), eq(users.status, 1)));
      if (!anchor) throw notFound(WALLET_MSG.anchorNotFound);
      const cost = gift.price * count;
      const side = { ref: `gift:${gift.id}`, note: `${gift.name}×${count}` };
      const { debit, credit } = await ledger.transfer({
        from: { userId, currency: 'diamond', amount: cost, type: TRADE_TYPE.giftTip, ...side },
        to: {
          userId: anchor.id,
          currency: 'ticket',
          amount: cost * GIFT_TICKETS_PER_DIAMOND,
          type: TRADE_TYPE.giftIncome,
          ...side,
        },
        key: `gift:${input.key}`,
      });
      return {
        gift,
        count,
        cost,
        tickets: credit.amount,
        balance: debit.balanceAfter,
        anchor,
        recordId: debit.id,
      };
    },

    /** GET /pay/room/user/rank: who gave the anchor the most 球钻 in the period. */
    async rank(anchorId: number, period: RankPeriod) {
      const since = periodStart(period);
      const total = sql<number>`cast(-sum(${tradeRecords.amount}) as integer)`;
      const rows = await db
        .select({
          userId: tradeRecords.userId,
          amount: total,
          nickName: users.nickName,
          portrait: users.portrait,
          level: users.level,
        })
        .from(tradeRecords)
        .innerJoin(users, eq(users.id, tradeRecords.userId))
        .where(
          and(
            eq(tradeRecords.counterpartyId, anchorId),
            eq(tradeRecords.type, TRADE_TYPE.giftTip),
            since ? gte(tradeRecords.createdAt, since) : undefined,
          ),
        )
        .groupBy(tradeRecords.userId, users.nickName, users.portrait, users.level)
        .orderBy(desc(total), asc(tradeRecords.userId))
        .limit(RANK_SIZE);
      const nobles = await nobility.activeOf(rows.map((r) => r.userId));
      return rows.map((r, i) => ({
        rank: i + 1,
        ...r,
        amount: Number(r.amount),
        nobility: nobles.get(r.userId) ?? null,
      }));
    },
  };
}

export type GiftService = ReturnType<typeof createGiftService>;
