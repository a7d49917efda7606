import { and, desc, eq, lt } from 'drizzle-orm';
import { CODE } from '../../../lib/messages.ts';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import { DM_RULES, type DmConversation, type DmThreadPage } from '../../../lib/dm/types.ts';
import type { Db } from '../../db/client.ts';
import { conversationMembers, conversations, directMessages, users } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import { byActivity, createConversationViews, messageView, pairKey, serviceKey } from './views.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** Opening, listing and reading conversations; every read checks that the caller is a member. */
export function createConversationService(db: Db, kv: Kv) {
  const toViews = createConversationViews(db);

  /** The conversation, if `userId` is one of its members; 404 unknown, 403 not a member. */
  async function memberOf(userId: number, conversationId: number): Promise<ConversationRow> {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!row) throw notFound(DM_MSG.dmNotFound);
    const [m] = await db
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)),
      );
    if (!m) throw forbidden(DM_MSG.dmNotMember);
    return row;
  }

  /** Finds or creates the conversation with this key and these members (a unique key settles races). */
  async function ensure(
    kind: 'direct' | 'service',
    key: string,
    memberIds: number[],
  ): Promise<ConversationRow> {
    const [found] = await db.select().from(conversations).where(eq(conversations.pairKey, key));
    if (found) return found;
    if ((await kv.incr(`dm:open:${memberIds[0]}`, 3600_000)) > DM_RULES.opensPerHour)
      throw new ApiError(CODE.tooMany, DM_MSG.dmTooFast);
    return db.transaction(async (tx) => {
      const [made] = await tx
        .insert(conversations)
        .values({ kind, pairKey: key })
        .onConflictDoNothing()
        .returning();
      if (!made) return (await tx.select().from(conversations).where(eq(conversations.pairKey, key)))[0];
      await tx
        .insert(conversationMembers)
        .values(memberIds.map((userId) => ({ conversationId: made.id, userId })));
      return made;
    });
  }

  async function view(userId: number, row: ConversationRow): Promise<DmConversation> {
    return (await toViews(userId, [row]))[0];
  }

  return {
    memberOf,
    view,

    /** POST /message/open {userId}: the direct conversation with that user, created on first use. */
    async openDirect(userId: number, peerId: number): Promise<DmConversation> {
      if (peerId === userId) throw badRequest(DM_MSG.dmSelf);
      const [peer] = await db.select({ id: users.id }).from(users).where(eq(users.id, peerId));
      if (!peer) throw notFound(DM_MSG.dmUserMissing);
      return view(userId, await ensure('direct', pairKey(userId, peerId), [userId, peerId]));
    },

    /** POST /message/open {service: 1}: my conversation with 客服. */
    async openService(userId: number): Promise<DmConversation> {
      return view(userId, await ensure('service', serviceKey(userId), [userId]));
    },

    /** GET /message/conversations: mine, latest activity first. */
    async list(userId: number, limit = 100): Promise<DmConversation[]> {
      const rows = await db
        .select({ c: conversations })
        .from(conversations)
        .innerJoin(
          conversationMembers,
          and(
            eq(conversationMembers.conversationId, conversations.id),
            eq(conversationMembers.userId, userId),
          ),
        )
        .orderBy(byActivity)
        .limit(limit);
      return toViews(
        userId,
        rows.map((r) => r.c),
      );
    },

    /** GET /message/history: a page of the thread before `beforeId` (the newest page without it). */
    async history(userId: number, conversationId: number, beforeId?: number): Promise<DmThreadPage> {
      const row = await memberOf(userId, conversationId);
      return { conversation: await view(userId, row), ...(await page(db, conversationId, beforeId)) };
    },
  };
}

/** One page of a thread, oldest first, and whether older messages exist. */
export async function page(db: Db, conversationId: number, beforeId?: number) {
  const rows = await db
    .select()
    .from(directMessages)
    .where(
      and(
        eq(directMessages.conversationId, conversationId),
        beforeId ? lt(directMessages.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(directMessages.id))
    .limit(DM_RULES.pageSize + 1);
  const hasMore = rows.length > DM_RULES.pageSize;
  return { list: rows.slice(0, DM_RULES.pageSize).reverse().map(messageView), hasMore };
}

export type ConversationService = ReturnType<typeof createConversationService>;
