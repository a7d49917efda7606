import { and, eq, inArray } from 'drizzle-orm';
import { COMMUNITY_REPORT_REASONS } from '../../../lib/community/rules.ts';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES } from '../../../lib/news/rules.ts';
import type { NewsCommentView } from '../../../lib/news/types.ts';
import type { Db } from '../../db/client.ts';
import { newsArticles, newsCommentLikes, newsCommentReports, newsComments } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { createComments, type Commenter } from '../comments/comments.ts';
import type { CommentKind } from '../comments/kind.ts';
import type { CommunityGuard } from '../community/guard.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import { visible } from './cards.ts';

/**
 * Comments on articles: the shared comment service (services/comments/) with what articles declare.
 * Articles are the desk's: their authors are not told of each comment, and a like tells no one.
 */
const articleComments: CommentKind<'articleId', NewsCommentView> = {
  key: 'articleId',
  table: newsComments,
  likes: newsCommentLikes,
  things: newsArticles,
  async find(db: Db, id: number) {
    const [article] = await db
      .select({ id: newsArticles.id })
      .from(newsArticles)
      .where(and(eq(newsArticles.id, id), visible()));
    if (!article) throw notFound(NEWS_MSG.articleNotFound);
    return { id: article.id, owner: null };
  },
  pace: { comment: 'news-comment', like: 'news-like' },
  notices: { reply: NEWS_MSG.noticeReplyTitle },
  link: (articleId, commentId) => `/news/${articleId}#c${commentId}`,
  view: ({ id, on, parentId, author: a, ...rest }) => ({
    id,
    articleId: on,
    parentId,
    author: { id: a.id, nickName: a.nickName, portrait: a.portrait, isAnchor: a.isAnchor },
    ...rest,
  }),
};

/**
 * POST /inform/info/comment/reply (reply), GET …/comment/list (list), …/comment/like/{id} (like), and
 * the reports, which news comments keep in their own table (news_comment_reports, decided in the
 * console's report queue).
 */
export function createNewsComments(db: Db, guard: CommunityGuard, notices: NotificationService) {
  const comments = createComments(db, guard, notices, articleComments);

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

  return {
    ...comments,
    reportStates,

    /**
     * POST /inform/info/comment/report {commentId, reason}: three distinct reporters with open reports
     * hide it (those staff dismissed no longer count).
     */
    async report(actor: Commenter, commentId: number, reason: string) {
      if (!(COMMUNITY_REPORT_REASONS as readonly string[]).includes(reason))
        throw badRequest(NEWS_MSG.reportReason);
      const c = await comments.visible(commentId);
      if (c.userId === actor.id) throw badRequest(NEWS_MSG.reportSelf);
      return db.transaction(async (tx) => {
        // The comment's row lock orders concurrent reports, so the third one sees the two before it.
        await tx
          .select({ id: newsComments.id })
          .from(newsComments)
          .where(eq(newsComments.id, commentId))
          .for('update');
        const added = await tx
          .insert(newsCommentReports)
          .values({ commentId, userId: actor.id, reason })
          .onConflictDoNothing()
          .returning({ id: newsCommentReports.id });
        if (added.length === 0) throw badRequest(NEWS_MSG.reportDuplicate);
        const reports = await tx.$count(
          newsCommentReports,
          and(eq(newsCommentReports.commentId, commentId), eq(newsCommentReports.state, 'open')),
        );
        const hidden = reports >= NEWS_RULES.reportsToHide;
        await tx.update(newsComments).set({ reportCount: reports }).where(eq(newsComments.id, commentId));
        if (hidden) await comments.setStatus(tx, commentId, 'hidden');
        return { reported: true, hidden };
      });
    },
  };
}

export type NewsComments = ReturnType<typeof createNewsComments>;
