import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** 私信 (docs/messages.md): conversations, their members with a read marker, messages, blocks. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One conversation: `direct` between two users (pair_key `d:{low}:{high}`), or `service` between a
 * user and the site's 客服 (pair_key `s:{userId}`; staff answer from the console and are not members).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    pairKey: text('pair_key').notNull().unique(),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** 客服 side's read marker (service conversations only). */
    serviceReadId: integer('service_read_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('conversations_kind_idx').on(t.kind, t.lastMessageAt)],
);

/** A member and how far they have read: unread = messages after last_read_id sent by someone else. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    lastReadId: integer('last_read_id').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('conversation_members_once').on(t.conversationId, t.userId),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

/** A message: `text` (content is the text) or `image` (content is a URL of our storage). */
export const directMessages = pgTable(
  'direct_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    /** True when 客服 staff wrote it in a service conversation. */
    fromService: integer('from_service').notNull().default(0),
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('direct_messages_thread_idx').on(t.conversationId, t.id)],
);

/** 拉黑: `user_id` refuses messages from `blocked_id` (and cannot write to them either). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_blocks_once').on(t.userId, t.blockedId),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);
