import { sql } from 'drizzle-orm';
import {
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
import { liveSessions } from './live.ts';
import { users } from './users.ts';

/**
 * 有料 (docs/youliao.md): clips cut from a replay (a live_sessions row) with ffmpeg. The files live
 * in DATA_DIR/media/clips/{id}/; `state` moves processing → ready | failed.
 */
export const youliaoClips = pgTable(
  'youliao_clips',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    /** The replay's anchor: the clip's owner, who earns from its sales. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who cut it: the anchor, or an editor/operator. */
    cutById: integer('cut_by_id').references(() => users.id, { onDelete: 'set null' }),
    sport: smallint('sport').notNull(),
    title: text('title').notNull(),
    /** 球钻; 0 = free. */
    price: integer('price').notNull(),
    /** The range in the replay, seconds. */
    startSec: real('start_sec').notNull(),
    endSec: real('end_sec').notNull(),
    /** Of the cut file (stream copy starts at a key frame, so it may differ a little from the range). */
    duration: real('duration'),
    /** processing | ready | failed */
    state: text('state').notNull().default('processing'),
    failReason: text('fail_reason'),
    sold: integer('sold').notNull().default(0),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Taken down by staff: out of the lists and closed to new buyers; its buyers keep watching. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
  },
  (t) => [
    index('youliao_clips_list_idx').on(t.state, t.sport, t.id),
    index('youliao_clips_anchor_idx').on(t.anchorId, t.id),
    check('youliao_clips_price_range', sql`${t.price} between 0 and 100000`),
    check('youliao_clips_range', sql`${t.endSec} > ${t.startSec} and ${t.startSec} >= 0`),
  ],
);

/** One purchase per clip and user. */
export const youliaoPurchases = pgTable(
  'youliao_purchases',
  {
    id: serial('id').primaryKey(),
    clipId: integer('clip_id')
      .notNull()
      .references(() => youliaoClips.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    tradeId: integer('trade_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('youliao_purchases_once').on(t.clipId, t.userId),
    index('youliao_purchases_user_idx').on(t.userId, t.id),
  ],
);
