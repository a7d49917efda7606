import { and, eq, gte, sql } from 'drizzle-orm';
import { CODE } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import type { Currency, TradeType } from '../../../lib/vocab/trade-types.ts';
import { ApiError, badRequest } from '../../errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { tradeRecords, wallets } from '../../db/schema/index.ts';

/** One side of a balance change. The amount is positive; the call says which way it goes. */
export interface Movement {
  userId: number;
  currency: Currency;
  amount: number;
  type: TradeType;
  /** Unique per user: a retry with the same key returns the first record and moves nothing. */
  key: string;
  ref?: string | null;
  counterpartyId?: number | null;
  note?: string | null;
}

export interface Transfer {
  from: Omit<Movement, 'key' | 'counterpartyId'>;
  to: Omit<Movement, 'key' | 'counterpartyId'>;
  key: string;
}

export type TradeRecord = typeof tradeRecords.$inferSelect;
export interface Balances {
  balance: number;
  ticket: number;
  ticketHeld: number;
}

/** Largest single movement: far below the integer columns' limit. */
export const MAX_AMOUNT = 100_000_000;

const column = (c: Currency) => (c === 'diamond' ? wallets.balance : wallets.ticket);
const field = (c: Currency) => (c === 'diamond' ? 'balance' : 'ticket');
export const insufficient = (c: Currency) =>
  new ApiError(
    CODE.insufficientBalance,
    c === 'diamond' ? WALLET_MSG.diamondsShort : WALLET_MSG.ticketsShort,
  );

function checkMovement(m: Movement) {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0 || m.amount > MAX_AMOUNT) throw badRequest();
  if (!m.key || m.key.length > 120) throw badRequest();
}

/**
 * The ledger: the only code that changes balances. Every change is one transaction holding a
 * guarded UPDATE … RETURNING (never read-then-write) and its trade record. Pass `outer` to take
 * part in a caller's transaction (it runs in a savepoint there).
 *
 * Rows are locked in ascending user id order, so concurrent transfers on PostgreSQL cannot
 * deadlock; on PGlite transactions run one at a time anyway.
 */
export function createLedger(db: Db) {
  async function recordOf(q: Tx, userId: number, key: string) {
    const [r] = await q
      .select()
      .from(tradeRecords)
      .where(and(eq(tradeRecords.userId, userId), eq(tradeRecords.idempotencyKey, key)));
    return r ?? null;
  }

  /** A replay must be the same request; the same key for something else is refused. */
  function sameRequest(r: TradeRecord, m: Movement, sign: 1 | -1) {
    if (r.type !== m.type || r.currency !== m.currency || r.amount !== sign * m.amount)
      throw badRequest(WALLET_MSG.requestKeyReused);
    return r;
  }

  /** Runs `work` in a transaction unless `lookup` finds it done; a lost same-key race returns the winner. */
  async function once<T>(
    outer: Tx | undefined,
    lookup: (q: Tx) => Promise<T | null>,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const q = outer ?? db;
    const prior = await lookup(q);
    if (prior) return prior;
    try {
      return await q.transaction((tx) => work(tx));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await lookup(q);
      if (winner) return winner;
      throw err;
    }
  }

  async function write(tx: Tx, m: Movement, signed: number, balanceAfter: number) {
    const [r] = await tx
      .insert(tradeRecords)
      .values({
        userId: m.userId,
        type: m.type,
        currency: m.currency,
        amount: signed,
        balanceAfter,
        counterpartyId: m.counterpartyId ?? null,
        ref: m.ref ?? null,
        note: m.note ?? null,
        idempotencyKey: m.key,
      })
      .returning();
    return r;
  }

  /** Takes from the balance if it holds enough (the guard is in the WHERE). */
  async function take(tx: Tx, m: Movement) {
    const col = column(m.currency);
    const [row] = await tx
      .update(wallets)
      .set({ [field(m.currency)]: sql`${col} - ${m.amount}`, updatedAt: new Date() })
      .where(and(eq(wallets.userId, m.userId), gte(col, m.amount)))
      .returning({ after: col });
    if (!row) throw insufficient(m.currency);
    return write(tx, m, -m.amount, row.after);
  }

  /** Adds to the balance, opening the wallet on its first credit. */
  async function give(tx: Tx, m: Movement) {
    const col = column(m.currency);
    const [row] = await tx
      .insert(wallets)
      .values({ userId: m.userId, [field(m.currency)]: m.amount })
      .onConflictDoUpdate({
        target: wallets.userId,
        set: { [field(m.currency)]: sql`${col} + ${m.amount}`, updatedAt: new Date() },
      })
      .returning({ after: col });
    return write(tx, m, m.amount, row.after);
  }

  const single =
    (sign: 1 | -1, act: (tx: Tx, m: Movement) => Promise<TradeRecord>) => (m: Movement, outer?: Tx) => {
      checkMovement(m);
      return once(
        outer,
        async (q) => {
          const r = await recordOf(q, m.userId, m.key);
          return r && sameRequest(r, m, sign);
        },
        (tx) => act(tx, m),
      );
    };

  /** Held 球票 stay in the wallet row (ticket_held) until paid out or released. */
  async function moveHeld(tx: Tx, m: Movement, sign: 1 | -1) {
    const [row] = await tx
      .update(wallets)
      .set({
        ticket: sql`${wallets.ticket} + ${sign * m.amount}`,
        ticketHeld: sql`${wallets.ticketHeld} - ${sign * m.amount}`,
        updatedAt: new Date(),
      })
      .where(and(eq(wallets.userId, m.userId), gte(sign < 0 ? wallets.ticket : wallets.ticketHeld, m.amount)))
      .returning({ after: wallets.ticket });
    if (!row && sign < 0) throw insufficient('ticket');
    if (!row) throw new Error(`no held tickets to release for user ${m.userId}`);
    return write(tx, m, sign * m.amount, row.after);
  }
  const holdOnce = single(-1, (tx, m) => moveHeld(tx, m, -1));
  const releaseOnce = single(1, (tx, m) => moveHeld(tx, m, 1));

  return {
    /** Takes `amount` from the user; ApiError 10020 (余额不足) when the balance is short. */
    debit: single(-1, take),
    credit: single(1, give),

    /**
     * Moves value between two users in one transaction: `from` is debited, `to` credited (the
     * currencies and amounts may differ, e.g. a gift: 球钻 out, 球票 in at the gift ratio).
     */
    async transfer(t: Transfer, outer?: Tx): Promise<{ debit: TradeRecord; credit: TradeRecord }> {
      if (t.from.userId === t.to.userId) throw badRequest();
      const debit: Movement = { ...t.from, key: t.key, counterpartyId: t.to.userId };
      // The receiver's key is unique per sender, so two senders' keys never collide at the receiver.
      const credit: Movement = {
        ...t.to,
        key: `from:${t.from.userId}:${t.key}`,
        counterpartyId: t.from.userId,
      };
      checkMovement(debit);
      checkMovement(credit);
      return once(
        outer,
        async (q) => {
          const [d, c] = [
            await recordOf(q, debit.userId, debit.key),
            await recordOf(q, credit.userId, credit.key),
          ];
          return d && c ? { debit: sameRequest(d, debit, -1), credit: sameRequest(c, credit, 1) } : null;
        },
        async (tx) => {
          if (debit.userId < credit.userId) {
            const d = await take(tx, debit);
            return { debit: d, credit: await give(tx, credit) };
          }
          const c = await give(tx, credit);
          return { debit: await take(tx, debit), credit: c };
        },
      );
    },

    /** Moves 球票 from the spendable balance into the held column (a withdrawal request, type 3). */
    hold: (m: Omit<Movement, 'currency'>, outer?: Tx) => holdOnce({ ...m, currency: 'ticket' }, outer),
    /** Gives held 球票 back to the spendable balance (a rejected withdrawal: type 6 refund). */
    release: (m: Omit<Movement, 'currency'>, outer?: Tx) => releaseOnce({ ...m, currency: 'ticket' }, outer),

    /**
     * Pays held 球票 out of the site (an approved withdrawal). The spendable balance does not
     * change, so no trade record: the request's type-3 record was written by `hold`.
     * Call it inside the caller's transaction that marks the withdrawal paid.
     */
    async payOut(tx: Tx, userId: number, amount: number): Promise<void> {
      const [row] = await tx
        .update(wallets)
        .set({ ticketHeld: sql`${wallets.ticketHeld} - ${amount}`, updatedAt: new Date() })
        .where(and(eq(wallets.userId, userId), gte(wallets.ticketHeld, amount)))
        .returning({ held: wallets.ticketHeld });
      if (!row) throw new Error(`no held tickets to pay out for user ${userId}`);
    },

    /** Locks the user's wallet row until the transaction ends (creating it when missing). */
    async lockWallet(tx: Tx, userId: number): Promise<void> {
      await tx
        .insert(wallets)
        .values({ userId })
        .onConflictDoUpdate({ target: wallets.userId, set: { updatedAt: sql`${wallets.updatedAt}` } });
    },

    async balances(userId: number, q: Tx = db): Promise<Balances> {
      const [w] = await q
        .select({ balance: wallets.balance, ticket: wallets.ticket, ticketHeld: wallets.ticketHeld })
        .from(wallets)
        .where(eq(wallets.userId, userId));
      return w ?? { balance: 0, ticket: 0, ticketHeld: 0 };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
