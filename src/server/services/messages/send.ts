import { and, count, eq, ne, or } from 'drizzle-orm';
import { CODE } from '../../../lib/messages.ts';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import { DM_RULES, type DmKind, type DmMessage } from '../../../lib/dm/types.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  conversationMembers,
  conversations,
  directMessages,
  follows,
  userBlocks,
} from '../../db/schema/index.ts';
import { ApiError, forbidden } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import { assertNotMuted } from '../accounts/mute.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { messageContent } from './content.ts';
import type { ConversationRow, ConversationService } from './conversations.ts';
import type { DmDelivery } from './delivery.ts';
import { messageView } from './views.ts';

export interface SendInput {
  conversationId: number;
  kind: DmKind;
  content: string;
}

/** Sending: membership, blocks, the first-message rule, pace, the sensitive-word list, then delivery. */
export function createSendService(deps: {
  db: Db;
  kv: Kv;
  storage: StorageProvider;
  conversations: ConversationService;
  deliver: DmDelivery;
}) {
  const { db, kv } = deps;
  const contentOf = messageContent(deps.storage);

  async function peerOf(tx: Tx, conversationId: number, userId: number): Promise<number> {
    const [peer] = await tx
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.userId, userId)),
      );
    return peer.userId;
  }

  /** Blocks in either direction, and one message until answered unless both follow each other. */
  async function assertMayWrite(tx: Tx, conv: ConversationRow, from: number, to: number) {
    const blocks = await tx
      .select({ userId: userBlocks.userId })
      .from(userBlocks)
      .where(
        or(
          and(eq(userBlocks.userId, from), eq(userBlocks.blockedId, to)),
          and(eq(userBlocks.userId, to), eq(userBlocks.blockedId, from)),
        ),
      );
    if (blocks.some((b) => b.userId === from)) throw forbidden(DM_MSG.dmBlockedByYou);
    if (blocks.length) throw forbidden(DM_MSG.dmBlockedByPeer);
    const edges = await tx
      .select({ userId: follows.userId })
      .from(follows)
      .where(
        or(
          and(eq(follows.userId, from), eq(follows.targetId, to)),
          and(eq(follows.userId, to), eq(follows.targetId, from)),
        ),
      );
    if (new Set(edges.map((e) => e.userId)).size === 2) return;
    const sent = await tx
      .select({ senderId: directMessages.senderId, n: count() })
      .from(directMessages)
      .where(eq(directMessages.conversationId, conv.id))
      .groupBy(directMessages.senderId);
    const mine = sent.find((s) => s.senderId === from)?.n ?? 0;
    const theirs = sent.find((s) => s.senderId === to)?.n ?? 0;
    if (mine >= 1 && theirs === 0) throw forbidden(DM_MSG.dmWaitReply);
  }

  return {
    /** POST /message/send: stores the message and delivers it live to both sides. */
    async send(userId: number, input: SendInput): Promise<DmMessage> {
      const conv = await deps.conversations.memberOf(userId, input.conversationId);
      if (conv.kind !== 'service') await assertNotMuted(db, userId);
      const content = await contentOf(input.kind, input.content);
      if ((await kv.incr(`dm:send:${userId}`, 60_000)) > DM_RULES.perMinute)
        throw new ApiError(CODE.tooMany, DM_MSG.dmTooFast);
      const { message, peerId } = await db.transaction(async (tx) => {
        // The row lock orders concurrent sends, so the first-message rule holds under races.
        const [locked] = await tx
          .select()
          .from(conversations)
          .where(eq(conversations.id, conv.id))
          .for('update');
        const peerId = locked.kind === 'direct' ? await peerOf(tx, conv.id, userId) : null;
        if (peerId !== null) await assertMayWrite(tx, locked, userId, peerId);
        const [row] = await tx
          .insert(directMessages)
          .values({ conversationId: conv.id, senderId: userId, kind: input.kind, content })
          .returning();
        await tx
          .update(conversations)
          .set({ lastMessageId: row.id, lastMessageAt: row.createdAt })
          .where(eq(conversations.id, conv.id));
        // Sending reads everything before it.
        await tx
          .update(conversationMembers)
          .set({ lastReadId: row.id })
          .where(
            and(eq(conversationMembers.conversationId, conv.id), eq(conversationMembers.userId, userId)),
          );
        return { message: messageView(row), peerId };
      });
      await deps.deliver.message([userId, ...(peerId ? [peerId] : [])], message);
      return message;
    },
  };
}
