import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COMMENT_RULES, COMMUNITY_REPORT_REASONS } from '../../../lib/community/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES } from '../../../lib/news/rules.ts';
import type { NewsCommentView, NewsPage } from '../../../lib/news/types.ts';
import type { Db } from '../../db/client.ts';
import { newsArticles, newsCommentLikes, newsCommentReports, newsComments } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { cleanPostText, type CommunityGuard } from '../community/guard.ts';
import { authorsOf } from '../community/views.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import { visible } from './cards.ts';

type Row = typeof newsComments.$inferSelect;
export interface NewsActor {
  id: number;
  nickName: string;
}

/**
 * Article comments in two levels, with the community's guard (bans, pace in the KV store, the
 * sensitive-word list shared with chat) and its text rules. A reply to a reply is filed under its parent.
 */
export function createNewsComments(db: Db, guard: CommunityGuard, notices: NotificationService) {
  /** Which of these comments the user liked. */
  async function likedIds(userId: number, commentIds: number[]): Promise<number[]> {
    if (!commentIds.length) return [];
    const rows = await db
      .select({ id: newsCommentLikes.commentId })
      .from(newsCommentLikes)
      .where(and(eq(newsCommentLikes.userId, userId), inArray(newsCommentLikes.commentId, commentIds)));
    return rows.map((l) => l.id);
  }

  /** Of these comments, which the user reported and which they wrote (their page shows no 举报 on either). */
  async function reportStates(userId: number, commentIds: number[]) {
    if (!commentIds.length) return { reported: [], own: [] };
    const [reported, own] = await Promise.all([
      db
        .select({ id: newsCommentReports.commentId })
        .from(newsCommentReports)
        .where(and(eq(newsCommentReports.userId, userId), inArray(newsCommentReports.commentId, commentIds))),
      db
        .select({ id: newsComments.id })
        .from(newsComments)
        .where(and(eq(newsComments.userId, userId), inArray(newsComments.id, commentIds))),
    ]);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    return { reported: ids(reported), own: ids(own) };
  }

  async function views(rows: Row[], viewerId: number | null): Promise<NewsCommentView[]> {
    const [authors, liked] = await Promise.all([
      authorsOf(
        db,
        rows.flatMap((r) => (r.replyToUserId ? [r.userId, r.replyToUserId] : [r.userId])),
      ),
      viewerId
        ? likedIds(
            viewerId,
            rows.map((r) => r.id),
          )
        : [],
    ]);
    const likedSet = new Set(liked);
    return rows.map((r) => {
      const a = authors.get(r.userId);
      const to = r.replyToUserId ? authors.get(r.replyToUserId) : undefined;
      return {
        id: r.id,
        articleId: r.articleId,
        parentId: r.parentId,
        author: a
          ? { id: a.id, nickName: a.nickName, portrait: a.portrait, isAnchor: a.isAnchor }
          : { id: r.userId, nickName: '已注销用户', portrait: null, isAnchor: 0 },
        replyTo: to ? { id: to.id, nickName: to.nickName } : null,
        content: r.content,
        likeCount: r.likeCount,
        liked: likedSet.has(r.id),
        createdAt: r.createdAt.toISOString(),
        replies: [],
      };
    });
  }

  async function visibleComment(id: number): Promise<Row> {
    const [c] = await db.select().from(newsComments).where(eq(newsComments.id, id));
    if (!c || c.status !== 'visible') throw notFound(COMMUNITY_MSG.commentNotFound);
    return c;
  }

  return {
    likedIds,
    reportStates,

    /** POST /inform/info/comment/reply {articleId, content, parentId?}. */
    async reply(actor: NewsActor, input: { articleId: number; content: string; parentId?: number }) {
      await guard.assertNotBanned(actor.id);
      const [article] = await db
        .select({ id: newsArticles.id })
        .from(newsArticles)
        .where(and(eq(newsArticles.id, input.articleId), visible()));
      if (!article) throw notFound(NEWS_MSG.articleNotFound);
      const cleaned = cleanPostText(input.content);
      if (!cleaned) throw badRequest(COMMUNITY_MSG.commentEmpty);
      if ([...cleaned].length > COMMENT_RULES.maxLength)
        throw badRequest(fill(COMMUNITY_MSG.commentTooLong, { max: COMMENT_RULES.maxLength }));
      const content = guard.screen(cleaned);
      const parent = input.parentId ? await visibleComment(input.parentId) : undefined;
      if (parent && parent.articleId !== article.id) throw notFound(COMMUNITY_MSG.commentNotFound);
      await guard.pace(
        'news-comment',
        actor.id,
        COMMENT_RULES.burst,
        COMMENT_RULES.windowMs,
        COMMUNITY_MSG.commentTooFast,
      );
      const row = await db.transaction(async (tx) => {
        const [c] = await tx
          .insert(newsComments)
          .values({
            articleId: article.id,
            userId: actor.id,
            parentId: parent ? (parent.parentId ?? parent.id) : null,
            replyToUserId: parent?.userId ?? null,
            content,
          })
          .returning();
        await tx
          .update(newsArticles)
          .set({ commentCount: sql`${newsArticles.commentCount} + 1` })
          .where(eq(newsArticles.id, article.id));
        return c;
      });
      if (parent && parent.userId !== actor.id) {
        await notices.notify(db, {
          userId: parent.userId,
          kind: 'reply',
          title: fill(NEWS_MSG.noticeReplyTitle, { nick: actor.nickName }),
          body: content.slice(0, 80),
          link: `/news/${article.id}#c${row.id}`,
        });
      }
      return (await views([row], actor.id))[0];
    },

    /** GET /inform/info/comment/list?articleId: top level newest first, replies oldest first. */
    async list(
      articleId: number,
      opts: { pageNum: number; pageSize: number; viewerId: number | null },
    ): Promise<NewsPage<NewsCommentView>> {
      const where = and(
        eq(newsComments.articleId, articleId),
        isNull(newsComments.parentId),
        eq(newsComments.status, 'visible'),
      );
      const [tops, [{ total }]] = await Promise.all([
        db
          .select()
          .from(newsComments)
          .where(where)
          .orderBy(desc(newsComments.id))
          .limit(opts.pageSize)
          .offset((opts.pageNum - 1) * opts.pageSize),
        db.select({ total: count() }).from(newsComments).where(where),
      ]);
      const replies = tops.length
        ? await db
            .select()
            .from(newsComments)
            .where(
              and(
                inArray(
                  newsComments.parentId,
                  tops.map((t) => t.id),
                ),
                eq(newsComments.status, 'visible'),
              ),
            )
            .orderBy(asc(newsComments.id))
        : [];
      const [topViews, replyViews] = await Promise.all([
        views(tops, opts.viewerId),
        views(replies, opts.viewerId),
      ]);
      for (const t of topViews)
        t.replies = replyViews.filter((r) => r.parentId === t.id).slice(0, COMMENT_RULES.repliesShown);
      return { list: topViews, total, pageNum: opts.pageNum, pageSize: opts.pageSize };
    },

    /** GET /inform/info/comment/like/{id}?like=1|0 (absent toggles): the count follows the rows. */
    async like(actor: NewsActor, commentId: number, want?: boolean) {
      await visibleComment(commentId);
      await guard.pace('news-like', actor.id, 60, 60_000, COMMUNITY_MSG.likeTooFast);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from news_comments where id = ${commentId} for update`);
        const mine = and(eq(newsCommentLikes.commentId, commentId), eq(newsCommentLikes.userId, actor.id));
        const had = (await tx.$count(newsCommentLikes, mine)) > 0;
        const liked = want ?? !had;
        if (liked && !had) await tx.insert(newsCommentLikes).values({ commentId, userId: actor.id });
        if (!liked && had) await tx.delete(newsCommentLikes).where(mine);
        const likeCount = await tx.$count(newsCommentLikes, eq(newsCommentLikes.commentId, commentId));
        await tx.update(newsComments).set({ likeCount }).where(eq(newsComments.id, commentId));
        return { liked, likeCount };
      });
    },

    /** POST /inform/info/comment/report {commentId, reason}: three distinct reporters hide it. */
    async report(actor: NewsActor, commentId: number, reason: string) {
      if (!(COMMUNITY_REPORT_REASONS as readonly string[]).includes(reason))
        throw badRequest(NEWS_MSG.reportReason);
      const c = await visibleComment(commentId);
      if (c.userId === actor.id) throw badRequest(NEWS_MSG.reportSelf);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from news_comments where id = ${commentId} for update`);
        const added = await tx
          .insert(newsCommentReports)
          .values({ commentId, userId: actor.id, reason })
          .onConflictDoNothing()
          .returning({ id: newsCommentReports.id });
        if (added.length === 0) throw badRequest(NEWS_MSG.reportDuplicate);
        const reports = await tx.$count(newsCommentReports, eq(newsCommentReports.commentId, commentId));
        const hidden = reports >= NEWS_RULES.reportsToHide;
        await tx
          .update(newsComments)
          .set({ reportCount: reports, ...(hidden ? { status: 'hidden' } : {}) })
          .where(eq(newsComments.id, commentId));
        return { reported: true, hidden };
      });
    },
  };
}

export type NewsComments = ReturnType<typeof createNewsComments>;
