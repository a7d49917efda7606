import { and, eq, sql } from 'drizzle-orm';
import type { UnreadTotals } from '../../../lib/dm/types.ts';
import type { Db } from '../../db/client.ts';
import { conversationMembers } from '../../db/schema/index.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { ConversationService } from './conversations.ts';
import type { DmDelivery } from './delivery.ts';
import { unreadMessages } from './views.ts';

/** Read markers (read receipts) and the unread totals of the header badge. */
export function createReadService(deps: {
  db: Db;
  conversations: ConversationService;
  deliver: DmDelivery;
  notices: NotificationService;
}) {
  const { db } = deps;
  return {
    /** POST /message/read {conversationId}: everything up to the latest message is read; the peer is told. */
    async markRead(userId: number, conversationId: number): Promise<{ lastReadId: number }> {
      const conv = await deps.conversations.memberOf(userId, conversationId);
      const upTo = conv.lastMessageId ?? 0;
      const members = await db
        .update(conversationMembers)
        .set({ lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${upTo})` })
        .where(
          and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
        )
        .returning({ lastReadId: conversationMembers.lastReadId });
      const lastReadId = members[0].lastReadId;
      const all = await db
        .select({ userId: conversationMembers.userId })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationId, conversationId));
      await deps.deliver.read(
        all.map((m) => m.userId),
        conversationId,
        userId,
        lastReadId,
      );
      return { lastReadId };
    },

    /** GET /message/unread: unread private messages and notifications, and both together. */
    async totals(userId: number): Promise<UnreadTotals> {
      const [messages, notices] = await Promise.all([
        unreadMessages(db, userId),
        deps.notices.unread(userId).then((u) => u.all),
      ]);
      return { messages, notices, all: messages + notices };
    },
  };
}
