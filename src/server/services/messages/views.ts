import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  SERVICE_PEER,
  type ConversationKind,
  type DmConversation,
  type DmKind,
  type DmMessage,
  type DmPeer,
} from '../../../lib/dm/types.ts';
import type { Db } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  directMessages,
  userBlocks,
  users,
} from '../../db/schema/index.ts';

type MessageRow = typeof directMessages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

export const messageView = (r: MessageRow): DmMessage => ({
  id: r.id,
  conversationId: r.conversationId,
  senderId: r.senderId,
  fromService: r.fromService === 1,
  kind: r.kind as DmKind,
  content: r.content,
  createdAt: r.createdAt.toISOString(),
});

/** Builds conversation views for `viewerId` (a member) in a few batched queries. */
export function createConversationViews(db: Db) {
  return async function toViews(viewerId: number, rows: ConversationRow[]): Promise<DmConversation[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const lastIds = rows.map((r) => r.lastMessageId).filter((x): x is number => x !== null);
    const [members, lasts, unread] = await Promise.all([
      db
        .select({
          conversationId: conversationMembers.conversationId,
          userId: conversationMembers.userId,
          lastReadId: conversationMembers.lastReadId,
          nickName: users.nickName,
          portrait: users.portrait,
        })
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(inArray(conversationMembers.conversationId, ids)),
      lastIds.length ? db.select().from(directMessages).where(inArray(directMessages.id, lastIds)) : [],
      db
        .select({ conversationId: directMessages.conversationId, n: count() })
        .from(directMessages)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.conversationId, directMessages.conversationId),
            eq(conversationMembers.userId, viewerId),
          ),
        )
        .where(
          and(
            inArray(directMessages.conversationId, ids),
            ne(directMessages.senderId, viewerId),
            gt(directMessages.id, conversationMembers.lastReadId),
          ),
        )
        .groupBy(directMessages.conversationId),
    ]);
    const peerIds = members.filter((m) => m.userId !== viewerId).map((m) => m.userId);
    const blocked = peerIds.length
      ? await db
          .select({ blockedId: userBlocks.blockedId })
          .from(userBlocks)
          .where(and(eq(userBlocks.userId, viewerId), inArray(userBlocks.blockedId, peerIds)))
      : [];
    const blockedSet = new Set(blocked.map((b) => b.blockedId));
    const lastById = new Map(lasts.map((m) => [m.id, messageView(m)]));
    const unreadById = new Map(unread.map((u) => [u.conversationId, u.n]));
    return rows.map((r) => {
      const peerRow = members.find((m) => m.conversationId === r.id && m.userId !== viewerId);
      const kind = r.kind as ConversationKind;
      const peer: DmPeer =
        kind === 'service' || !peerRow
          ? SERVICE_PEER
          : { id: peerRow.userId, nickName: peerRow.nickName, portrait: peerRow.portrait };
      return {
        id: r.id,
        kind,
        peer,
        lastMessage: r.lastMessageId ? (lastById.get(r.lastMessageId) ?? null) : null,
        unread: unreadById.get(r.id) ?? 0,
        peerReadId: kind === 'service' ? r.serviceReadId : (peerRow?.lastReadId ?? 0),
        blocked: blockedSet.has(peer.id),
      };
    });
  };
}

/** Total unread messages of a user across all conversations (the header badge's message part). */
export async function unreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(directMessages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, directMessages.conversationId),
        eq(conversationMembers.userId, userId),
      ),
    )
    .where(and(ne(directMessages.senderId, userId), gt(directMessages.id, conversationMembers.lastReadId)));
  return row?.n ?? 0;
}

export const pairKey = (a: number, b: number) => `d:${Math.min(a, b)}:${Math.max(a, b)}`;
export const serviceKey = (userId: number) => `s:${userId}`;
/** Orders conversations newest activity first (never-used ones by creation). */
export const byActivity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`;
