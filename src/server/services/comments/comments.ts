import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { COMMENT_RULES, LIKE_RULES } from '../../../lib/community/rules.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Page } from '../../../lib/community/types.ts';
import { fill } from '../../../lib/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { cleanPostText, type CommunityGuard } from '../community/guard.ts';
import { toggleLike } from '../community/likes.ts';
import { authorsOf } from '../community/views.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommentKind, CommentRow, CommentViewBase } from './kind.ts';

export interface Commenter {
  id: number;
  nickName: string;
}

/**
 * Comments on any commentable thing, in two levels: a comment on the thing, and replies under it (a reply
 * to a reply is filed under its parent). One set of rules for every kind: the community's guard (bans and
 * mutes, the pace in the KV store, the sensitive-word list shared with chat), its text rules, likes counted
 * from their rows, the thing's counter kept to the visible comments, and the notices. What a kind declares
 * (its tables, its 404, its notices' titles and links) is in `kind` (./kind.ts).
 */
export function createComments<K extends string, V extends CommentViewBase<V>>(
  db: Db,
  guard: CommunityGuard,
  notices: NotificationService,
  kind: CommentKind<K, V>,
) {
  const t = kind.table;
  const on = t[kind.key];
  const columns = {
    id: t.id,
    on,
    userId: t.userId,
    parentId: t.parentId,
    replyToUserId: t.replyToUserId,
    content: t.content,
    status: t.status,
    likeCount: t.likeCount,
    createdAt: t.createdAt,
  };
  // Drizzle's `from` and `update` cannot take the generic table type itself.
  const from: PgTable = t;
  const rows = (q: Tx = db) => q.select(columns).from(from);

  /** Which of these comments the user liked. */
  async function likedIds(userId: number, commentIds: number[]): Promise<number[]> {
    if (!commentIds.length) return [];
    const liked = await db
      .select({ id: kind.likes.commentId })
      .from(kind.likes)
      .where(and(eq(kind.likes.userId, userId), inArray(kind.likes.commentId, commentIds)));
    return liked.map((l) => l.id);
  }

  async function views(list: CommentRow[], viewerId: number | null): Promise<V[]> {
    const [authors, liked] = await Promise.all([
      authorsOf(
        db,
        list.flatMap((r) => (r.replyToUserId ? [r.userId, r.replyToUserId] : [r.userId])),
      ),
      viewerId
        ? likedIds(
            viewerId,
            list.map((r) => r.id),
          )
        : [],
    ]);
    const likedSet = new Set(liked);
    return list.map((r) => {
      const to = r.replyToUserId ? authors.get(r.replyToUserId) : undefined;
      return kind.view({
        id: r.id,
        on: r.on,
        parentId: r.parentId,
        author: authors.get(r.userId) ?? {
          id: r.userId,
          nickName: '已注销用户',
          portrait: null,
          level: 0,
          isAnchor: 0,
        },
        replyTo: to ? { id: to.id, nickName: to.nickName } : null,
        content: r.content,
        likeCount: r.likeCount,
        liked: likedSet.has(r.id),
        createdAt: r.createdAt.toISOString(),
        replies: [],
      });
    });
  }

  /** A comment readers can see, else 404. */
  async function visible(id: number): Promise<CommentRow> {
    const [c] = await rows().where(eq(t.id, id));
    if (!c || c.status !== 'visible') throw notFound(COMMUNITY_MSG.commentNotFound);
    return c;
  }

  /** The thing's counter of visible comments, moved by `delta`. */
  async function countOn(q: Tx, thingId: number, delta: number) {
    const things = kind.things;
    await q
      .update(things)
      .set({ commentCount: sql`greatest(0, ${things.commentCount} + ${delta})` })
      .where(eq(things.id, thingId));
  }

  return {
    likedIds,
    visible,

    /** {<key>, content, parentId?}: parentId may name a reply; the new one is filed under its parent. */
    async reply(
      actor: Commenter,
      input: { [P in K]: number } & { content: string; parentId?: number },
    ): Promise<V> {
      await guard.assertNotBanned(actor.id);
      const thing = await kind.find(db, input[kind.key]);
      const cleaned = cleanPostText(input.content);
      if (!cleaned) throw badRequest(COMMUNITY_MSG.commentEmpty);
      if ([...cleaned].length > COMMENT_RULES.maxLength)
        throw badRequest(fill(COMMUNITY_MSG.commentTooLong, { max: COMMENT_RULES.maxLength }));
      const content = guard.screen(cleaned);
      const parent = input.parentId ? await visible(input.parentId) : undefined;
      if (parent && parent.on !== thing.id) throw notFound(COMMUNITY_MSG.commentNotFound);
      await guard.pace(
        kind.pace.comment,
        actor.id,
        COMMENT_RULES.burst,
        COMMENT_RULES.windowMs,
        COMMUNITY_MSG.commentTooFast,
      );
      const row = await db.transaction(async (tx) => {
        const [c] = await tx
          .insert(from)
          .values({
            [kind.key]: thing.id,
            userId: actor.id,
            parentId: parent ? (parent.parentId ?? parent.id) : null,
            replyToUserId: parent?.userId ?? null,
            content,
          })
          .returning(columns);
        await countOn(tx, thing.id, 1);
        return c;
      });
      // The replied-to author; for a top-level comment the thing's, where the kind tells them.
      const to = parent ? parent.userId : thing.owner;
      const title = parent ? kind.notices.reply : kind.notices.comment;
      if (to !== null && title && to !== actor.id) {
        await notices.notify(db, {
          userId: to,
          kind: 'reply',
          title: fill(title, { nick: actor.nickName }),
          body: content.slice(0, 80),
          link: kind.link(thing.id, row.id),
        });
      }
      return (await views([row], actor.id))[0];
    },

    /** Top-level comments, newest first, each with its first replies (oldest first). */
    async list(
      thingId: number,
      opts: { pageNum: number; pageSize: number; viewerId: number | null },
    ): Promise<Page<V>> {
      const where = and(eq(on, thingId), isNull(t.parentId), eq(t.status, 'visible'));
      const [tops, [{ total }]] = await Promise.all([
        rows()
          .where(where)
          .orderBy(desc(t.id))
          .limit(opts.pageSize)
          .offset((opts.pageNum - 1) * opts.pageSize),
        db.select({ total: count() }).from(from).where(where),
      ]);
      const replies = tops.length
        ? await rows()
            .where(
              and(
                inArray(
                  t.parentId,
                  tops.map((c) => c.id),
                ),
                eq(t.status, 'visible'),
              ),
            )
            .orderBy(asc(t.id))
        : [];
      const [topViews, replyViews] = await Promise.all([
        views(tops, opts.viewerId),
        views(replies, opts.viewerId),
      ]);
      for (const c of topViews)
        c.replies = replyViews.filter((r) => r.parentId === c.id).slice(0, COMMENT_RULES.repliesShown);
      return { list: topViews, total, pageNum: opts.pageNum, pageSize: opts.pageSize };
    },

    /** want: true like, false unlike, undefined toggle; the count follows the rows. */
    async like(actor: Commenter, commentId: number, want?: boolean) {
      const c = await visible(commentId);
      await guard.pace(
        kind.pace.like,
        actor.id,
        LIKE_RULES.burst,
        LIKE_RULES.windowMs,
        COMMUNITY_MSG.likeTooFast,
      );
      const r = await toggleLike(
        db,
        { likes: kind.likes, key: 'commentId', item: kind.likes.commentId, items: t },
        commentId,
        actor.id,
        want,
      );
      if (r.changed && r.liked && kind.notices.like && c.userId !== actor.id) {
        await notices.notify(db, {
          userId: c.userId,
          kind: 'like',
          title: fill(kind.notices.like, { nick: actor.nickName }),
          link: kind.link(c.on, commentId),
        });
      }
      return { liked: r.liked, likeCount: r.likeCount };
    },

    /**
     * Hides or shows a comment again (reports and staff decisions), keeping the thing's counter to the
     * visible comments. A deleted comment stays so.
     */
    async setStatus(q: Tx, id: number, status: 'visible' | 'hidden') {
      const [c] = await rows(q).where(eq(t.id, id));
      if (!c || c.status === status || c.status === 'deleted') return;
      await q.update(from).set({ status }).where(eq(t.id, id));
      await countOn(q, c.on, status === 'visible' ? 1 : -1);
    },
  };
}

export type Comments<K extends string, V extends CommentViewBase<V>> = ReturnType<
  typeof createComments<K, V>
>;
