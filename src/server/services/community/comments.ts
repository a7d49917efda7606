import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMENT_RULES } from '../../../lib/community/rules.ts';
import type { CommentView, Page } from '../../../lib/community/types.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, comments, posts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import { cleanPostText, type CommunityGuard } from './guard.ts';
import type { Actor } from './posts.ts';
import { authorsOf } from './views.ts';

type Row = typeof comments.$inferSelect;

/** Comments in two levels: a comment on the post, and replies under it (a reply to a reply stays under its parent). */
export function createCommentService(db: Db, guard: CommunityGuard, notices: NotificationService) {
  async function views(rows: Row[], viewerId: number | null): Promise<CommentView[]> {
    const ids = rows.map((r) => r.id);
    const [authors, liked] = await Promise.all([
      authorsOf(
        db,
        rows.flatMap((r) => (r.replyToUserId ? [r.userId, r.replyToUserId] : [r.userId])),
      ),
      viewerId && ids.length
        ? db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, viewerId), inArray(commentLikes.commentId, ids)))
        : [],
    ]);
    const likedSet = new Set(liked.map((l) => l.id));
    return rows.map((r) => {
      const to = r.replyToUserId ? authors.get(r.replyToUserId) : undefined;
      return {
        id: r.id,
        postId: r.postId,
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
      };
    });
  }

  return {
    /** POST /inform/comment/reply {postId, content, parentId?}: parentId may name a reply; it is filed under its parent. */
    async reply(
      actor: Actor,
      input: { postId: number; content: string; parentId?: number },
    ): Promise<CommentView> {
      await guard.assertNotBanned(actor.id);
      const [post] = await db
        .select({ id: posts.id, userId: posts.userId, status: posts.status })
        .from(posts)
        .where(eq(posts.id, input.postId));
      if (!post || post.status !== 'visible') throw notFound(COMMUNITY_MSG.postNotFound);
      const cleaned = cleanPostText(input.content);
      if (!cleaned) throw badRequest(COMMUNITY_MSG.commentEmpty);
      if ([...cleaned].length > COMMENT_RULES.maxLength)
        throw badRequest(fill(COMMUNITY_MSG.commentTooLong, { max: COMMENT_RULES.maxLength }));
      const content = guard.screen(cleaned);
      let parent: Row | undefined;
      if (input.parentId) {
        [parent] = await db.select().from(comments).where(eq(comments.id, input.parentId));
        if (!parent || parent.postId !== post.id || parent.status !== 'visible')
          throw notFound(COMMUNITY_MSG.commentNotFound);
      }
      await guard.pace(
        'comment',
        actor.id,
        COMMENT_RULES.burst,
        COMMENT_RULES.windowMs,
        COMMUNITY_MSG.commentTooFast,
      );
      const row = await db.transaction(async (tx) => {
        const [c] = await tx
          .insert(comments)
          .values({
            postId: post.id,
            userId: actor.id,
            parentId: parent ? (parent.parentId ?? parent.id) : null,
            replyToUserId: parent?.userId ?? null,
            content,
          })
          .returning();
        await tx
          .update(posts)
          .set({ commentCount: sql`${posts.commentCount} + 1` })
          .where(eq(posts.id, post.id));
        return c;
      });
      const to = parent ? parent.userId : post.userId;
      if (to !== actor.id) {
        const title = fill(parent ? COMMUNITY_MSG.noticeReplyTitle : COMMUNITY_MSG.noticeCommentTitle, {
          nick: actor.nickName,
        });
        await notices.notify(db, {
          userId: to,
          kind: 'reply',
          title,
          body: content.slice(0, 80),
          link: `/community/post/${post.id}#c${row.id}`,
        });
      }
      return (await views([row], actor.id))[0];
    },

    /** GET /inform/comment/list/byPost: top-level comments, newest first, each with its first replies (oldest first). */
    async list(
      postId: number,
      opts: { pageNum: number; pageSize: number; viewerId: number | null },
    ): Promise<Page<CommentView>> {
      const where = and(
        eq(comments.postId, postId),
        isNull(comments.parentId),
        eq(comments.status, 'visible'),
      );
      const [tops, [{ total }]] = await Promise.all([
        db
          .select()
          .from(comments)
          .where(where)
          .orderBy(desc(comments.id))
          .limit(opts.pageSize)
          .offset((opts.pageNum - 1) * opts.pageSize),
        db.select({ total: count() }).from(comments).where(where),
      ]);
      const replies = tops.length
        ? await db
            .select()
            .from(comments)
            .where(
              and(
                inArray(
                  comments.parentId,
                  tops.map((t) => t.id),
                ),
                eq(comments.status, 'visible'),
              ),
            )
            .orderBy(asc(comments.id))
        : [];
      const [topViews, replyViews] = await Promise.all([
        views(tops, opts.viewerId),
        views(replies, opts.viewerId),
      ]);
      for (const t of topViews)
        t.replies = replyViews.filter((r) => r.parentId === t.id).slice(0, COMMENT_RULES.repliesShown);
      return { list: topViews, total, pageNum: opts.pageNum, pageSize: opts.pageSize };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
