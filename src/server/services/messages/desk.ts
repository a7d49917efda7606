import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import type { DmKind, DmMessage, DmPeer } from '../../../lib/dm/types.ts';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, directMessages, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { OpsServices } from '../ops/index.ts';
import { messageContent } from './content.ts';
import { page } from './conversations.ts';
import type { DmDelivery } from './delivery.ts';
import { messageView } from './views.ts';

export interface DeskConversation {
  id: number;
  user: DmPeer;
  lastMessage: DmMessage | null;
  /** Messages from the user that no staff member has read yet. */
  unread: number;
}

/** 客服 console (/ops/service): staff read and answer users' service conversations; replies are logged. */
export function createServiceDesk(deps: {
  db: Db;
  storage: StorageProvider;
  ops: OpsServices;
  deliver: DmDelivery;
}) {
  const { db } = deps;
  const contentOf = messageContent(deps.storage);

  async function serviceConversation(id: number) {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
    if (!row) throw notFound(DM_MSG.dmNotFound);
    if (row.kind !== 'service') throw badRequest(DM_MSG.dmNotService);
    const [m] = await db
      .select({ id: users.id, nickName: users.nickName, portrait: users.portrait })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(eq(conversationMembers.conversationId, id));
    return { row, user: m as DmPeer };
  }

  return {
    /** Service conversations with at least one message, those waiting for an answer first. */
    async list(limit = 100): Promise<DeskConversation[]> {
      const rows = await db
        .select({
          c: conversations,
          user: { id: users.id, nickName: users.nickName, portrait: users.portrait },
        })
        .from(conversations)
        .innerJoin(conversationMembers, eq(conversationMembers.conversationId, conversations.id))
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(and(eq(conversations.kind, 'service'), sql`${conversations.lastMessageId} is not null`))
        .orderBy(desc(conversations.lastMessageAt))
        .limit(limit);
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.c.id);
      const [lasts, unread] = await Promise.all([
        db
          .select()
          .from(directMessages)
          .where(
            inArray(
              directMessages.id,
              rows.map((r) => r.c.lastMessageId!),
            ),
          ),
        db
          .select({ id: directMessages.conversationId, n: count() })
          .from(directMessages)
          .innerJoin(conversations, eq(conversations.id, directMessages.conversationId))
          .where(
            and(
              inArray(directMessages.conversationId, ids),
              eq(directMessages.fromService, 0),
              gt(directMessages.id, conversations.serviceReadId),
            ),
          )
          .groupBy(directMessages.conversationId),
      ]);
      const lastById = new Map(lasts.map((m) => [m.id, messageView(m)]));
      const out = rows.map((r) => ({
        id: r.c.id,
        user: r.user,
        lastMessage: lastById.get(r.c.lastMessageId!) ?? null,
        unread: unread.find((u) => u.id === r.c.id)?.n ?? 0,
      }));
      return out.sort((a, b) => Number(b.unread > 0) - Number(a.unread > 0));
    },

    /** A page of one service thread; opening it marks the user's messages read for 客服. */
    async thread(conversationId: number, beforeId?: number) {
      const { row, user } = await serviceConversation(conversationId);
      const upTo = row.lastMessageId ?? 0;
      if (!beforeId && upTo > row.serviceReadId) {
        await db.update(conversations).set({ serviceReadId: upTo }).where(eq(conversations.id, row.id));
        await deps.deliver.read([user.id], row.id, 0, upTo);
      }
      return { id: row.id, user, ...(await page(db, row.id, beforeId)) };
    },

    /** A staff answer: stored as from 客服, delivered live to the user, recorded in the ops log. */
    async reply(staffId: number, conversationId: number, kind: DmKind, raw: string): Promise<DmMessage> {
      const { row: conv, user } = await serviceConversation(conversationId);
      if (user.id === staffId) throw forbidden(OPS_MSG.opsOwnService);
      const content = await contentOf(kind, raw);
      const message = await db.transaction(async (tx) => {
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.id, conv.id))
          .for('update');
        const [row] = await tx
          .insert(directMessages)
          .values({ conversationId: conv.id, senderId: staffId, fromService: 1, kind, content })
          .returning();
        await tx
          .update(conversations)
          .set({ lastMessageId: row.id, lastMessageAt: row.createdAt, serviceReadId: row.id })
          .where(eq(conversations.id, conv.id));
        await deps.ops.log.record(tx, {
          actorId: staffId,
          action: 'message.service.reply',
          targetType: 'conversation',
          targetId: conv.id,
          after: { messageId: row.id, userId: user.id, kind },
        });
        return messageView(row);
      });
      await deps.deliver.message([user.id], message);
      return message;
    },
  };
}

export type ServiceDesk = ReturnType<typeof createServiceDesk>;
