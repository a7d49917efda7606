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
import { sql } from 'drizzle-orm';
import { matches } from './sports-match.ts';
import { users } from './users.ts';

/**
 * Free predictions 竞猜 (docs/predictions.md): one row per fan and match, changeable until kick-off,
 * settled by the 锦囊 settlement rules (src/lib/tips/settle.ts). No money moves.
 */
export const predictions = pgTable(
  'predictions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    sport: smallint('sport').notNull(),
    /** home | draw | away (basketball: home | away). */
    winner: text('winner').notNull(),
    /** Basketball only: over | under the total-points line of the moment, or null. */
    total: text('total'),
    totalLine: real('total_line'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** win | lose once the match ended. */
    winnerResult: text('winner_result'),
    /** win | half_win | push | half_lose | lose for the total pick. */
    totalResult: text('total_result'),
    /** Null while open; a void match sets it with both results null. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('predictions_user_match').on(t.userId, t.matchId),
    index('predictions_match_idx').on(t.matchId),
    index('predictions_settled_idx').on(t.settledAt),
    check('predictions_total_line', sql`(${t.total} is null) = (${t.totalLine} is null)`),
  ],
);
