import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { players } from './sports-core.ts';
import { matches } from './sports-match.ts';
import { users } from './users.ts';

/**
 * Fans' player ratings 球员评分 (docs/ratings.md): one row per fan, match and player, changeable for
 * 24 hours after the final whistle. `counted` is decided when the rating is given or changed (a verified
 * phone and the level of src/lib/ratings.ts); `ip` is the client address of the last change, for the
 * console's list of addresses rating with many accounts.
 */
export const playerRatings = pgTable(
  'player_ratings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** 1–10 in half steps. */
    rating: real('rating').notNull(),
    counted: boolean('counted').notNull(),
    ip: text('ip').notNull(),
    /** Feed-clock times (the window is the feed's). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('player_ratings_user_match_player').on(t.userId, t.matchId, t.playerId),
    index('player_ratings_match_idx').on(t.matchId, t.playerId),
    index('player_ratings_player_idx').on(t.playerId),
    index('player_ratings_ip_idx').on(t.matchId, t.ip),
    check(
      'player_ratings_rating',
      sql`${t.rating} between 1 and 10 and ${t.rating} * 2 = floor(${t.rating} * 2)`,
    ),
  ],
);
