import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The wallet (docs/wallet.md). Amounts are whole units: 球钻 (diamonds), 球票 (tickets), and
 * fen (0.01 yuan) for real money. Balances never go negative: CHECKs here, guarded updates in
 * services/wallet/ledger.ts, and every change has its trade record.
 */
export const wallets = pgTable(
  'wallets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 球钻 */
    balance: integer('balance').notNull().default(0),
    /** 球票 that can be spent or withdrawn. */
    ticket: integer('ticket').notNull().default(0),
    /** 球票 held by withdrawals waiting for review (already out of `ticket`). */
    ticketHeld: integer('ticket_held').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_nonneg', sql`${t.balance} >= 0`),
    check('wallets_ticket_nonneg', sql`${t.ticket} >= 0`),
    check('wallets_ticket_held_nonneg', sql`${t.ticketHeld} >= 0`),
  ],
);

/** One row per balance change (trade types 1–15 of src/lib/vocab/trade-types.ts). Never updated. */
export const tradeRecords = pgTable(
  'trade_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    /** 'diamond' | 'ticket' */
    currency: text('currency').notNull(),
    /** Signed: positive in, negative out. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    counterpartyId: integer('counterparty_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the money was for: an order number, `gift:3`, `withdraw:12` … */
    ref: text('ref'),
    note: text('note'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('trade_records_user_key').on(t.userId, t.idempotencyKey),
    index('trade_records_user_idx').on(t.userId, t.id),
    index('trade_records_counterparty_idx').on(t.counterpartyId, t.type),
    check('trade_records_type_range', sql`${t.type} between 1 and 15`),
    check('trade_records_currency', sql`${t.currency} in ('diamond', 'ticket')`),
    check('trade_records_amount_nonzero', sql`${t.amount} <> 0`),
    check('trade_records_balance_after_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Recharge orders: created by POST /pay/recharge, settled by the payment provider's callback. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Price in fen. */
    amountFen: integer('amount_fen').notNull(),
    /** Diamonds credited on payment, bonus included. */
    diamonds: integer('diamonds').notNull(),
    bonus: integer('bonus').notNull().default(0),
    packageId: text('package_id'),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    /** 'pending' | 'paid' | 'cancelled' | 'expired' */
    status: text('status').notNull().default('pending'),
    providerTradeNo: text('provider_trade_no'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('recharge_orders_user_key').on(t.userId, t.idempotencyKey),
    index('recharge_orders_user_idx').on(t.userId, t.id),
    check('recharge_orders_amount_pos', sql`${t.amountFen} > 0 and ${t.diamonds} > 0`),
  ],
);

/** Bank cards for withdrawals: the number encrypted (pii.ts), indexed by HMAC, shown masked. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    cardNoEnc: text('card_no_enc').notNull(),
    cardNoHmac: text('card_no_hmac').notNull(),
    cardNoMasked: text('card_no_masked').notNull(),
    /** The verified real name (masked) the card is held in. */
    holderMasked: text('holder_masked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bank_cards_number_idx').on(t.cardNoHmac), index('bank_cards_user_idx').on(t.userId)],
);

/** The pay password (支付密码), apart from the login password; locked after five wrong tries. */
export const payPasswords = pgTable('pay_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  failures: smallint('failures').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Withdrawal requests: the tickets are held until an operator pays out or rejects. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 球票 */
    amount: integer('amount').notNull(),
    /** What the bank transfer pays, in fen. */
    payoutFen: integer('payout_fen').notNull(),
    /** The card as it was when the request was made (the card may be unbound later). */
    bankName: text('bank_name').notNull(),
    cardNoMasked: text('card_no_masked').notNull(),
    cardNoEnc: text('card_no_enc').notNull(),
    /** 'pending' | 'paid' | 'rejected' */
    status: text('status').notNull().default('pending'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    unique('withdrawals_user_key').on(t.userId, t.idempotencyKey),
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_user_idx').on(t.userId, t.id),
    check('withdrawals_amount_pos', sql`${t.amount} > 0`),
  ],
);

/**
 * Manual top-ups above TOP_UP_REVIEW_ABOVE (docs/ops.md): one finance staff member asks, a different one
 * approves (then, and only then, the ledger credits it) or rejects. The CHECKs keep the rule even against a
 * bug in a service: nobody asks for their own account, and the reviewer is neither the asker nor the account.
 */
export const topUpRequests = pgTable(
  'top_up_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'diamond' | 'ticket' */
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    /** The asker's reason: the note of the trade record once credited. */
    reason: text('reason').notNull(),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    /** 'pending' | 'approved' | 'rejected' */
    status: text('status').notNull().default('pending'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewNote: text('review_note'),
    /** The type 14 record the approval wrote. */
    recordId: integer('record_id').references(() => tradeRecords.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('top_up_requests_status_idx').on(t.status, t.id),
    check('top_up_requests_amount_pos', sql`${t.amount} > 0`),
    check('top_up_requests_currency', sql`${t.currency} in ('diamond', 'ticket')`),
    check('top_up_requests_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('top_up_requests_not_own', sql`${t.requestedBy} <> ${t.userId}`),
    check(
      'top_up_requests_second_person',
      sql`${t.reviewerId} is null or (${t.reviewerId} <> ${t.requestedBy} and ${t.reviewerId} <> ${t.userId})`,
    ),
  ],
);

/** The gift catalogue of the live rooms (priced in diamonds). */
export const gifts = pgTable('gifts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull(),
  price: integer('price').notNull(),
  /** Animation tier 1 (small) … 3 (full-screen). */
  tier: smallint('tier').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Nobility tiers (贵族): a monthly price in diamonds and the perks that come with it. */
export const nobilityTiers = pgTable('nobility_tiers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Rank among tiers, 1 lowest. */
  level: smallint('level').notNull().unique(),
  monthlyPrice: integer('monthly_price').notNull(),
  /** Chat bubble style 1–5. */
  bubble: smallint('bubble').notNull(),
  entryEffect: text('entry_effect').notNull(),
  badge: text('badge').notNull(),
  color: text('color').notNull(),
  /** Renewal price in percent of the monthly price while the tier is active. */
  renewDiscount: smallint('renew_discount').notNull().default(100),
});

/** The tier a user holds and until when; an expired row is no nobility. */
export const userNobility = pgTable('user_nobility', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tierId: integer('tier_id')
    .notNull()
    .references(() => nobilityTiers.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
