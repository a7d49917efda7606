import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
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

/**
 * 举报 of what has no report table of its own: a chat message (`chat`, target = chat_messages.id) and a user
 * (`user`, target = users.id). `snapshot` keeps what was reported as it was (the message text and sender, the
 * nickname), so the case still reads after the message is hidden. One open report per reporter and target.
 * The console's queue (/ops/reports) unites these with the room, community and news comment reports.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    /** chat | user */
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    detail: text('detail').notNull().default(''),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** open | upheld | dismissed */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reports_once').on(t.kind, t.targetId, t.reporterId),
    index('reports_state_idx').on(t.state, t.createdAt),
  ],
);
