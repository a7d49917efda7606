import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { TOP_UP_STATUS_LABEL, type TopUpStatus } from '../../../lib/vocab/pay-status.ts';
import { TRADE_TYPE, type Currency } from '../../../lib/vocab/trade-types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { topUpRequests, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { WalletServices } from '../wallet/index.ts';
import type { OpsLog } from './log.ts';
import type { SecondFactor } from './second-factor.ts';

type Row = typeof topUpRequests.$inferSelect;

const REASON_MAX = 100;
const balanceField = (currency: Currency) => (currency === 'diamond' ? 'balance' : 'ticket');

/**
 * Maker–checker for manual top-ups above TOP_UP_REVIEW_ABOVE (docs/ops.md): the asker's request waits; a
 * different finance staff member, who is not the account either, approves it with their own second factor
 * (the ledger credits it then, once) or rejects it with a reason. Every step is a line of the ops log.
 */
export function createTopUpReviews(deps: {
  db: Db;
  wallet: WalletServices;
  log: OpsLog;
  secondFactor: SecondFactor;
}) {
  const { db, wallet, log, secondFactor } = deps;

  async function pendingOne(id: number, staffId: number) {
    const [r] = await db.select().from(topUpRequests).where(eq(topUpRequests.id, id));
    if (!r) throw notFound(OPS_MSG.topUpNotFound);
    if (r.status !== 'pending') throw badRequest(OPS_MSG.topUpReviewed);
    if (r.requestedBy === staffId) throw forbidden(OPS_MSG.topUpOwnRequest);
    if (r.userId === staffId) throw forbidden(OPS_MSG.topUpOwnAccount);
    return r;
  }

  /** Closes a pending request; of racing reviews only the first gets the row, the others 该充值申请已处理. */
  async function close(tx: Tx, id: number, staffId: number, status: TopUpStatus, note: string | null) {
    const [r] = await tx
      .update(topUpRequests)
      .set({ status, reviewerId: staffId, reviewNote: note, reviewedAt: new Date() })
      .where(
        and(
          eq(topUpRequests.id, id),
          eq(topUpRequests.status, 'pending'),
          ne(topUpRequests.requestedBy, staffId),
          ne(topUpRequests.userId, staffId),
        ),
      )
      .returning();
    if (!r) throw badRequest(OPS_MSG.topUpReviewed);
    return r;
  }

  const logged = (r: Row) => ({
    requestId: r.id,
    requestedBy: r.requestedBy,
    currency: r.currency,
    amount: r.amount,
  });

  return {
    /** Files a top-up for review (the asker's second factor already checked) → what the console shows. */
    async request(
      staffId: number,
      input: { userId: number; currency: Currency; amount: number; reason: string },
    ) {
      return db.transaction(async (tx) => {
        const [r] = await tx
          .insert(topUpRequests)
          .values({ ...input, requestedBy: staffId })
          .returning();
        await log.record(tx, {
          actorId: staffId,
          action: 'wallet.topUp.request',
          targetType: 'user',
          targetId: r.userId,
          after: { ...logged(r), status: r.status },
          reason: r.reason,
        });
        return { pending: true as const, requestId: r.id, amount: r.amount, currency: input.currency };
      });
    },

    /** The second staff member's approval: the type 14 credit, exactly once however many approvals race. */
    async approve(staffId: number, id: number, code: unknown) {
      await pendingOne(id, staffId);
      await secondFactor.verify(staffId, code);
      return db.transaction(async (tx) => {
        const r = await close(tx, id, staffId, 'approved', null);
        const currency = r.currency as Currency;
        const field = balanceField(currency);
        const before = (await wallet.ledger.balances(r.userId, tx))[field];
        const record = await wallet.ledger.credit(
          {
            userId: r.userId,
            currency,
            amount: r.amount,
            type: TRADE_TYPE.manualTopUp,
            key: `ops:topUpRequest:${r.id}`,
            ref: `ops:${r.requestedBy}`,
            note: r.reason,
          },
          tx,
        );
        await tx.update(topUpRequests).set({ recordId: record.id }).where(eq(topUpRequests.id, r.id));
        await log.record(tx, {
          actorId: staffId,
          action: 'wallet.topUp.approve',
          targetType: 'user',
          targetId: r.userId,
          before: { currency, [field]: before },
          after: { ...logged(r), [field]: record.balanceAfter, recordId: record.id },
          reason: r.reason,
        });
        return {
          requestId: r.id,
          recordId: record.id,
          amount: record.amount,
          balanceAfter: record.balanceAfter,
          currency,
        };
      });
    },

    /** The second staff member's rejection, with the reason; nothing moves. */
    async reject(staffId: number, id: number, reason: string) {
      const why = reason.trim();
      if (!why || [...why].length > REASON_MAX) throw badRequest(WALLET_MSG.rejectReasonRequired);
      await pendingOne(id, staffId);
      return db.transaction(async (tx) => {
        const r = await close(tx, id, staffId, 'rejected', why);
        await log.record(tx, {
          actorId: staffId,
          action: 'wallet.topUp.reject',
          targetType: 'user',
          targetId: r.userId,
          after: { ...logged(r), status: r.status },
          reason: why,
        });
        return { requestId: r.id, status: r.status };
      });
    },

    /** The review queue, newest first, with the account, the asker and the reviewer by name. */
    async queue(status: TopUpStatus | undefined, pageNum: number, pageSize: number) {
      const where = status ? eq(topUpRequests.status, status) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(topUpRequests)
          .where(where)
          .orderBy(desc(topUpRequests.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ total: count() }).from(topUpRequests).where(where),
      ]);
      const ids = [...new Set(rows.flatMap((r) => [r.userId, r.requestedBy, r.reviewerId ?? r.userId]))];
      const names = new Map(
        ids.length
          ? (
              await db
                .select({ id: users.id, nickName: users.nickName })
                .from(users)
                .where(inArray(users.id, ids))
            ).map((u) => [u.id, u.nickName])
          : [],
      );
      const person = (id: number | null) => (id === null ? null : { id, nickName: names.get(id) ?? '' });
      const list = rows.map((r) => ({
        id: r.id,
        user: person(r.userId)!,
        currency: r.currency as Currency,
        amount: r.amount,
        reason: r.reason,
        requester: person(r.requestedBy)!,
        status: r.status as TopUpStatus,
        statusName: TOP_UP_STATUS_LABEL[r.status as TopUpStatus],
        reviewer: person(r.reviewerId),
        reviewNote: r.reviewNote,
        recordId: r.recordId,
        createdAt: r.createdAt.toISOString(),
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
      }));
      return { list, total, pageNum, pageSize };
    },
  };
}

export type TopUpReviews = ReturnType<typeof createTopUpReviews>;
