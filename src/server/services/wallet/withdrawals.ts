import { and, count, desc, eq } from 'drizzle-orm';
import { fill } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { WITHDRAW_STATUS_LABEL, type WithdrawStatus } from '../../../lib/vocab/pay-status.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import { payoutFen, WITHDRAW } from '../../../lib/wallet.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users, withdrawals } from '../../db/schema/index.ts';
import type { Pii } from '../../pii.ts';
import type { OpsLog } from '../ops/log.ts';
import type { CardService } from './cards.ts';
import type { Ledger } from './ledger.ts';
import type { PayPasswordService, SealedPayPassword } from './pay-password.ts';

type Row = typeof withdrawals.$inferSelect;

export const withdrawalView = (w: Row) => ({
  id: w.id,
  amount: w.amount,
  payoutFen: w.payoutFen,
  bankName: w.bankName,
  cardNo: w.cardNoMasked,
  status: w.status as WithdrawStatus,
  statusName: WITHDRAW_STATUS_LABEL[w.status as WithdrawStatus],
  reviewNote: w.reviewNote,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
});

export interface WithdrawInput extends SealedPayPassword {
  amount: number;
  cardId: number;
  /** The idempotency key (`key` is the dynamic key of the sealed pay password). */
  requestKey: string;
}

/**
 * Withdrawals (提现) of 球票 to a bank card. A request holds the tickets (trade type 3) and waits
 * for an operator: approval pays the held tickets out, rejection gives them back (type 6 refund).
 */
export interface WithdrawalDeps {
  db: Db;
  ledger: Ledger;
  cards: CardService;
  payPassword: PayPasswordService;
  pii: Pii;
  /** Reviews are staff actions: each one is a line of the operator log, in its transaction. */
  opsLog: OpsLog;
  realNameVerified(userId: number): Promise<boolean>;
  /** True when recharges are not real money (the sandbox in production): nothing may be paid out. */
  withdrawalsOff: boolean;
}

export function createWithdrawalService(deps: WithdrawalDeps) {
  const { db, ledger, cards, payPassword, pii } = deps;
  const byKey = (userId: number, key: string) =>
    and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, key));

  /** Marks a pending request reviewed; null when it was reviewed already (or by someone else just now). */
  async function close(tx: Tx, id: number, status: WithdrawStatus, reviewerId: number, note: string | null) {
    const [w] = await tx
      .update(withdrawals)
      .set({ status, reviewerId, reviewNote: note, reviewedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    // Nobody reviews their own request (the throw rolls the update back).
    if (w && w.userId === reviewerId) throw forbidden(WALLET_MSG.withdrawOwnReview);
    if (w) return w;
    const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
    throw exists ? badRequest(WALLET_MSG.withdrawReviewed) : notFound(WALLET_MSG.withdrawNotFound);
  }

  return {
    lowest: () => ({
      lowest: WITHDRAW.lowest,
      highest: WITHDRAW.highest,
      ticketsPerYuan: WITHDRAW.ticketsPerYuan,
    }),

    /** POST /pay/withdraw. A retry with the same key returns the first request. */
    async request(userId: number, input: WithdrawInput) {
      if (deps.withdrawalsOff) throw forbidden(WALLET_MSG.withdrawalsOff);
      const [prior] = await db.select().from(withdrawals).where(byKey(userId, input.requestKey));
      if (prior) return withdrawalView(prior);
      const { amount } = input;
      if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest(WALLET_MSG.withdrawAmountInvalid);
      if (amount < WITHDRAW.lowest)
        throw badRequest(fill(WALLET_MSG.withdrawTooLow, { lowest: WITHDRAW.lowest }));
      if (amount > WITHDRAW.highest)
        throw badRequest(fill(WALLET_MSG.withdrawTooHigh, { highest: WITHDRAW.highest }));
      if (!(await deps.realNameVerified(userId))) throw badRequest(WALLET_MSG.realNameRequired);
      const card = await cards.own(userId, input.cardId);
      await payPassword.verify(userId, input);
      try {
        return await db.transaction(async (tx) => {
          const [w] = await tx
            .insert(withdrawals)
            .values({
              userId,
              amount,
              payoutFen: payoutFen(amount),
              bankName: card.bankName,
              cardNoMasked: card.cardNoMasked,
              cardNoEnc: card.cardNoEnc,
              idempotencyKey: input.requestKey,
            })
            .returning();
          await ledger.hold(
            {
              userId,
              amount,
              type: TRADE_TYPE.withdrawal,
              key: `withdraw:${w.id}`,
              ref: `withdraw:${w.id}`,
              note: `提现至${card.bankName}(${card.cardNoMasked.slice(-4)})`,
            },
            tx,
          );
          return withdrawalView(w);
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const [winner] = await db.select().from(withdrawals).where(byKey(userId, input.requestKey));
        if (winner) return withdrawalView(winner);
        throw err;
      }
    },

    async list(userId: number, pageNum: number, pageSize: number) {
      const mine = eq(withdrawals.userId, userId);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(mine)
          .orderBy(desc(withdrawals.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ total: count() }).from(withdrawals).where(mine),
      ]);
      return { list: rows.map(withdrawalView), total, pageNum, pageSize };
    },

    /** The review queue for operators (newest first), with who asked; pending ones with the full card number to pay to. */
    async queue(status: WithdrawStatus | undefined, pageNum: number, pageSize: number) {
      const where = status ? eq(withdrawals.status, status) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ w: withdrawals, nickName: users.nickName })
          .from(withdrawals)
          .innerJoin(users, eq(users.id, withdrawals.userId))
          .where(where)
          .orderBy(desc(withdrawals.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ total: count() }).from(withdrawals).where(where),
      ]);
      const list = rows.map(({ w, nickName }) => ({
        ...withdrawalView(w),
        user: { id: w.userId, nickName },
        payToCardNo: w.status === 'pending' ? pii.decrypt(w.cardNoEnc) : null,
      }));
      return { list, total, pageNum, pageSize };
    },

    /** Approval: the bank transfer is made (`payoutRef` names it); the held tickets leave the site. */
    async approve(reviewerId: number, id: number, payoutRef: string) {
      return db.transaction(async (tx) => {
        const w = await close(tx, id, 'paid', reviewerId, payoutRef);
        await ledger.payOut(tx, w.userId, w.amount);
        await deps.opsLog.record(tx, {
          actorId: reviewerId,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: 'pending', userId: w.userId, amount: w.amount },
          after: { status: 'paid', payoutFen: w.payoutFen, payoutRef },
          reason: payoutRef,
        });
        return withdrawalView(w);
      });
    },

    /** Rejection: the held tickets go back to the user (trade type 6). */
    async reject(reviewerId: number, id: number, reason: string) {
      return db.transaction(async (tx) => {
        const w = await close(tx, id, 'rejected', reviewerId, reason);
        await ledger.release(
          {
            userId: w.userId,
            amount: w.amount,
            type: TRADE_TYPE.refund,
            key: `withdraw-refund:${w.id}`,
            ref: `withdraw:${w.id}`,
            note: `提现驳回：${reason}`,
          },
          tx,
        );
        await deps.opsLog.record(tx, {
          actorId: reviewerId,
          action: 'withdrawal.reject',
          targetType: 'withdrawal',
          targetId: w.id,
          before: { status: 'pending', userId: w.userId, amount: w.amount },
          after: { status: 'rejected', refunded: w.amount },
          reason,
        });
        return withdrawalView(w);
      });
    },
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
