import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Who follows whom. Every target is a user id: an anchor, an expert or a plain user. */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'anchor' | 'user' | 'expert' */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('follows_once').on(t.userId, t.targetType, t.targetId),
    index('follows_target_idx').on(t.targetId),
  ],
);
