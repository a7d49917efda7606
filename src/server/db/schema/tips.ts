import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { matches } from './sports-match.ts';
import { users } from './users.ts';

/**
 * Expert tips (锦囊, docs/tips.md). A plan's fixed fields never change after publishing; its
 * `contentHash` (sha256 of a secret salt and them) is shown on the plan page. Only `status`, `result`, `settledAt`
 * and `sold` move, and only forwards: open → settled | void | withdrawn.
 */
export const tipPlans = pgTable(
  'tip_plans',
  {
    id: serial('id').primaryKey(),
    expertId: integer('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    sport: smallint('sport').notNull(),
    /** src/lib/tips/plays.ts: spf, rqspf, asia, ou. */
    play: text('play').notNull(),
    /** Handicap or total line at publish (null for 胜平负). */
    line: real('line'),
    /** home | draw | away | over | under */
    pick: text('pick').notNull(),
    /** The price of the picked side when the plan was published. */
    odds: real('odds').notNull(),
    title: text('title').notNull(),
    analysis: text('analysis').notNull(),
    /** 球钻; 0 = free. */
    price: integer('price').notNull(),
    refundOnLoss: boolean('refund_on_loss').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    contentHash: text('content_hash').notNull(),
    /**
     * The secret random salt hashed with the fields (a commitment: without it the few possible picks
     * could be hashed and compared). Shown with the pick only once unlocked. Null only for plans
     * published before migration 0029, whose hash has no salt.
     */
    hashSalt: text('hash_salt'),
    /** open | settled | void | withdrawn */
    status: text('status').notNull().default('open'),
    /** win | half_win | push | half_lose | lose (settled only). */
    result: text('result'),
    /** The score the plan was settled on, e.g. "2-1". */
    settledScore: text('settled_score'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    index('tip_plans_match_idx').on(t.matchId, t.status),
    index('tip_plans_expert_idx').on(t.expertId, t.id),
    index('tip_plans_status_idx').on(t.status, t.settledAt),
    check('tip_plans_price_range', sql`${t.price} between 0 and 100000`),
  ],
);

/** One purchase per plan and user; `refundedAt` is set by the refund's own transaction. */
export const tipPurchases = pgTable(
  'tip_purchases',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => tipPlans.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    tradeId: integer('trade_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('tip_purchases_once').on(t.planId, t.userId),
    index('tip_purchases_user_idx').on(t.userId, t.id),
  ],
);

/** Applications to become an expert, reviewed in the console (/ops/experts). */
export const expertApplications = pgTable(
  'expert_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realName: text('real_name').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull(),
    sampleRecord: text('sample_record').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    reviewNote: text('review_note'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('expert_applications_status_idx').on(t.status, t.id)],
);
