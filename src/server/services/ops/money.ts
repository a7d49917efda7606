import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import type { OrderStatus } from '../../../lib/vocab/pay-status.ts';
import { TRADE_TYPE, type Currency } from '../../../lib/vocab/trade-types.ts';
import { maskMobile } from '../../../lib/mask.ts';
import type { Db } from '../../db/client.ts';
import { rechargeOrders, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { auditLedger } from '../wallet/audit.ts';
import { orderView } from '../wallet/recharge.ts';
import type { WalletServices } from '../wallet/index.ts';
import type { OpsLog } from './log.ts';
import type { SecondFactor } from './second-factor.ts';
import type { TopUpReviews } from './top-ups.ts';

/** Largest manual top-up or deduction, one action. */
export const ADJUST_MAX = 1_000_000;
const REASON_MAX = 100;

export interface AdjustInput {
  userId: number;
  currency: Currency;
  amount: number;
  reason: string;
  /** The second factor: the SMS code sent to the staff member's own phone. */
  code: unknown;
}

/**
 * The finance desk of the console: manual top-up (trade type 14) and system deduction (type 8),
 * each with a reason and the second factor, through the ledger and logged in its transaction; the
 * recharge orders; one user's money; the ledger audit. Routes check the 财务 role first.
 * Nobody tops up or deducts on their own account, and a top-up above `reviewAbove` only files a
 * request that a second finance staff member approves (top-ups.ts). A deduction never waits: it only
 * takes money out of an account (never below zero), so it cannot make money for anyone.
 */
export function createOpsMoney(deps: {
  db: Db;
  wallet: WalletServices;
  log: OpsLog;
  secondFactor: SecondFactor;
  topUps: TopUpReviews;
  /** TOP_UP_REVIEW_ABOVE */
  reviewAbove: number;
}) {
  const { db, wallet, log, secondFactor } = deps;

  async function userOf(userId: number) {
    const [u] = await db
      .select({ id: users.id, nickName: users.nickName, mobile: users.mobile })
      .from(users)
      .where(eq(users.id, userId));
    if (!u) throw notFound(OPS_MSG.opsUserNotFound);
    return { id: u.id, nickName: u.nickName, mobile: maskMobile(u.mobile) };
  }

  function checkAdjust(input: AdjustInput) {
    if (input.currency !== 'diamond' && input.currency !== 'ticket')
      throw badRequest(OPS_MSG.opsCurrencyInvalid);
    if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > ADJUST_MAX)
      throw badRequest(OPS_MSG.opsAmountInvalid);
    const reason = input.reason.trim();
    if (!reason || [...reason].length > REASON_MAX) throw badRequest(OPS_MSG.opsReasonRequired);
    return reason;
  }

  async function adjust(staffId: number, input: AdjustInput, way: 'topUp' | 'deduct') {
    const reason = checkAdjust(input);
    if (input.userId === staffId) throw forbidden(OPS_MSG.opsMoneySelf);
    await userOf(input.userId);
    await secondFactor.verify(staffId, input.code);
    if (way === 'topUp' && input.amount > deps.reviewAbove)
      return deps.topUps.request(staffId, {
        userId: input.userId,
        currency: input.currency,
        amount: input.amount,
        reason,
      });
    const field = input.currency === 'diamond' ? 'balance' : 'ticket';
    return db.transaction(async (tx) => {
      const before = (await wallet.ledger.balances(input.userId, tx))[field];
      const movement = {
        userId: input.userId,
        currency: input.currency,
        amount: input.amount,
        type: way === 'topUp' ? TRADE_TYPE.manualTopUp : TRADE_TYPE.systemDeduction,
        // Each verified action stands alone: its one-use code is what stops a double submit.
        key: `ops:${way}:${staffId}:${Date.now()}:${Math.random().toString(36).slice(2, 10)}`,
        ref: `ops:${staffId}`,
        note: reason,
      };
      // The ledger's guarded UPDATE refuses a deduction beyond the balance (10020), so none goes negative.
      const record =
        way === 'topUp' ? await wallet.ledger.credit(movement, tx) : await wallet.ledger.debit(movement, tx);
      await log.record(tx, {
        actorId: staffId,
        action: way === 'topUp' ? 'wallet.topUp' : 'wallet.deduct',
        targetType: 'user',
        targetId: input.userId,
        before: { currency: input.currency, [field]: before },
        after: {
          currency: input.currency,
          [field]: record.balanceAfter,
          amount: record.amount,
          recordId: record.id,
        },
        reason,
      });
      return {
        pending: false as const,
        recordId: record.id,
        amount: record.amount,
        balanceAfter: record.balanceAfter,
        currency: input.currency,
      };
    });
  }

  return {
    topUp: (staffId: number, input: AdjustInput) => adjust(staffId, input, 'topUp'),
    deduct: (staffId: number, input: AdjustInput) => adjust(staffId, input, 'deduct'),

    /** One user's money: who, the balances and a page of trade records (newest first). */
    async userMoney(userId: number, pageNum: number, pageSize: number) {
      const [user, balances, records] = await Promise.all([
        userOf(userId),
        wallet.ledger.balances(userId),
        wallet.records.list(userId, {}, pageNum, pageSize),
      ]);
      return { user, balances, records };
    },

    /** The user a finance search means: an id, or a phone number. */
    async findUser(query: string) {
      const q = query.trim();
      const conds: SQL[] = [];
      if (/^\d{1,9}$/.test(q)) conds.push(eq(users.id, Number(q)));
      if (/^1\d{10}$/.test(q)) conds.push(eq(users.mobile, q));
      if (!conds.length) return null;
      const [u] = await db
        .select({ id: users.id })
        .from(users)
        .where(or(...conds))
        .limit(1);
      return u?.id ?? null;
    },

    /** Recharge orders of everybody, newest first, with the provider's side of the callback. */
    async rechargeOrders(
      f: { status?: OrderStatus; orderNo?: string; userId?: number },
      pageNum: number,
      pageSize: number,
    ) {
      const where = and(
        f.status ? eq(rechargeOrders.status, f.status) : undefined,
        f.orderNo ? eq(rechargeOrders.orderNo, f.orderNo) : undefined,
        f.userId ? eq(rechargeOrders.userId, f.userId) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ o: rechargeOrders, nickName: users.nickName })
          .from(rechargeOrders)
          .innerJoin(users, eq(users.id, rechargeOrders.userId))
          .where(where)
          .orderBy(desc(rechargeOrders.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ total: count() }).from(rechargeOrders).where(where),
      ]);
      const list = rows.map(({ o, nickName }) => ({
        ...orderView(o),
        user: { id: o.userId, nickName },
        provider: o.provider,
        providerTradeNo: o.providerTradeNo,
      }));
      return { list, total, pageNum, pageSize };
    },

    /** The ledger audit (npm run ledger:audit's check), run by a staff member and logged with its outcome. */
    async audit(staffId: number) {
      const mismatches = await auditLedger(db);
      const checkedAt = new Date();
      await db.transaction((tx) =>
        log.record(tx, {
          actorId: staffId,
          action: 'ledger.audit',
          targetType: 'ledger',
          targetId: 'all',
          after: { mismatches: mismatches.length },
        }),
      );
      return { clean: mismatches.length === 0, mismatches, checkedAt: checkedAt.toISOString() };
    },
  };
}

export type OpsMoney = ReturnType<typeof createOpsMoney>;
