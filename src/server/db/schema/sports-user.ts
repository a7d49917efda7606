import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { matches } from './sports-match.ts';
import { users } from './users.ts';

/** 关注的比赛 (/football/collect, /api/attention/… with a match target). */
export const matchFollows = pgTable(
  'match_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] }), index('match_follows_match_idx').on(t.matchId)],
);

/** 预约的比赛 (/api/match/reserve, /v/reserve). */
export const matchReserves = pgTable(
  'match_reserves',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.matchId] }), index('match_reserves_match_idx').on(t.matchId)],
);

/** Leases of the sports feed: one instance runs the simulator, the others only read (src/server/jobs/lease.ts); every singleton job keeps its lease here too. */
export const sportsFeedState = pgTable('sports_feed_state', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  until: timestamp('until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Teams and competitions a user follows (我的关注 on the score pages, goal alerts, /v/concern). */
export const sportFollows = pgTable(
  'sport_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** team | competition (no foreign key: either table, by type). */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetType, t.targetId] }),
    index('sport_follows_target_idx').on(t.targetType, t.targetId),
    check('sport_follows_type', sql`${t.targetType} in ('team','competition')`),
  ],
);
