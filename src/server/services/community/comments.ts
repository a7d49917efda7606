import { eq } from 'drizzle-orm';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { CommentView } from '../../../lib/community/types.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, comments, posts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { createComments } from '../comments/comments.ts';
import type { CommentKind } from '../comments/kind.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommunityGuard } from './guard.ts';

/**
 * Comments on posts: the shared comment service (services/comments/) with what posts declare. Reported
 * through the community's report service with the posts (reports.ts); liked through likes.comment.
 */
const postComments: CommentKind<'postId', CommentView> = {
  key: 'postId',
  table: comments,
  likes: commentLikes,
  things: posts,
  async find(db: Db, id: number) {
    const [post] = await db
      .select({ id: posts.id, userId: posts.userId, status: posts.status })
      .from(posts)
      .where(eq(posts.id, id));
    if (!post || post.status !== 'visible') throw notFound(COMMUNITY_MSG.postNotFound);
    return { id: post.id, owner: post.userId };
  },
  pace: { comment: 'comment', like: 'like' },
  notices: {
    reply: COMMUNITY_MSG.noticeReplyTitle,
    comment: COMMUNITY_MSG.noticeCommentTitle,
    like: COMMUNITY_MSG.noticeLikeCommentTitle,
  },
  link: (postId, commentId) => `/community/post/${postId}#c${commentId}`,
  view: ({ id, on, ...rest }) => ({ id, postId: on, ...rest }),
};

/** POST /inform/comment/reply (reply), GET /inform/comment/list/byPost (list), and the comment likes. */
export const createCommentService = (db: Db, guard: CommunityGuard, notices: NotificationService) =>
  createComments(db, guard, notices, postComments);

export type CommentService = ReturnType<typeof createCommentService>;
