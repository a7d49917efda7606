import { and, eq, sql } from 'drizzle-orm';
import { LIKE_RULES } from '../../../lib/community/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { commentLikes, comments, postLikes, posts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommunityGuard } from './guard.ts';
import type { Actor } from './posts.ts';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/**
 * Likes on posts and comments. One row per user and item (a unique key), and the counter is set
 * from the rows after every change, so concurrent toggles can never count a user twice.
 */
export function createLikeService(db: Db, guard: CommunityGuard, notices: NotificationService) {
  /** want: true like, false unlike, undefined toggle. */
  async function toggle<T extends typeof postLikes | typeof commentLikes>(
    table: T,
    key: 'postId' | 'commentId',
    itemId: number,
    userId: number,
    want: boolean | undefined,
  ): Promise<{ liked: boolean; changed: boolean; likeCount: number }> {
    const col = key === 'postId' ? postLikes.postId : commentLikes.commentId;
    const owner = key === 'postId' ? posts : comments;
    return db.transaction(async (tx) => {
      // The item's row lock orders concurrent toggles, so each recount below sees the ones before it.
      await tx.select({ id: owner.id }).from(owner).where(eq(owner.id, itemId)).for('update');
      let liked: boolean;
      let changed: boolean;
      if (want !== false) {
        const added = await tx
          .insert(table)
          .values({ [key]: itemId, userId } as never)
          .onConflictDoNothing()
          .returning();
        changed = added.length > 0;
        liked = true;
        if (!changed && want === undefined) {
          await tx.delete(table).where(and(eq(col, itemId), eq(table.userId, userId)));
          liked = false;
          changed = true;
        }
      } else {
        changed =
          (
            await tx
              .delete(table)
              .where(and(eq(col, itemId), eq(table.userId, userId)))
              .returning()
          ).length > 0;
        liked = false;
      }
      const [{ likeCount }] = await tx
        .update(owner)
        .set({ likeCount: sql`(select count(*)::int from ${table} where ${col} = ${itemId})` })
        .where(eq(owner.id, itemId))
        .returning({ likeCount: owner.likeCount });
      return { liked, changed, likeCount };
    });
  }

  return {
    /** GET /inform/post/like/{id}: toggles (or sets, with like=1|0) the caller's like. */
    async post(actor: Actor, postId: number, want?: boolean): Promise<LikeState> {
      const [p] = await db
        .select({ userId: posts.userId, status: posts.status })
        .from(posts)
        .where(eq(posts.id, postId));
      if (!p || p.status !== 'visible') throw notFound(COMMUNITY_MSG.postNotFound);
      await guard.pace('like', actor.id, LIKE_RULES.burst, LIKE_RULES.windowMs, COMMUNITY_MSG.likeTooFast);
      const r = await toggle(postLikes, 'postId', postId, actor.id, want);
      if (r.changed && r.liked && p.userId !== actor.id) {
        await notices.notify(db, {
          userId: p.userId,
          kind: 'like',
          title: fill(COMMUNITY_MSG.noticeLikePostTitle, { nick: actor.nickName }),
          link: `/community/post/${postId}`,
        });
      }
      return { liked: r.liked, likeCount: r.likeCount };
    },

    /** GET /inform/comment/like/{id}. */
    async comment(actor: Actor, commentId: number, want?: boolean): Promise<LikeState> {
      const [c] = await db
        .select({ userId: comments.userId, postId: comments.postId, status: comments.status })
        .from(comments)
        .where(eq(comments.id, commentId));
      if (!c || c.status !== 'visible') throw notFound(COMMUNITY_MSG.commentNotFound);
      await guard.pace('like', actor.id, LIKE_RULES.burst, LIKE_RULES.windowMs, COMMUNITY_MSG.likeTooFast);
      const r = await toggle(commentLikes, 'commentId', commentId, actor.id, want);
      if (r.changed && r.liked && c.userId !== actor.id) {
        await notices.notify(db, {
          userId: c.userId,
          kind: 'like',
          title: fill(COMMUNITY_MSG.noticeLikeCommentTitle, { nick: actor.nickName }),
          link: `/community/post/${c.postId}#c${commentId}`,
        });
      }
      return { liked: r.liked, likeCount: r.likeCount };
    },
  };
}
