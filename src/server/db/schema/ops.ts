import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * 操作日志: every staff action, append-only (services insert, nothing updates or deletes).
 * `before`/`after` hold the changed fields of the target as they were and became.
 */
export const opsLog = pgTable(
  'ops_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    /** What was done, dotted by domain: withdrawal.approve, anchor.reject, news.publish … */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ops_log_actor_idx').on(t.actorId, t.createdAt),
    index('ops_log_action_idx').on(t.action, t.createdAt),
  ],
);
