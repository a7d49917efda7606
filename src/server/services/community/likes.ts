import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIKE_RULES } from '../../../lib/community/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { postLikes, posts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { Commenter } from '../comments/comments.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { CommunityGuard } from './guard.ts';
import type { Actor } from './posts.ts';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

type Int = AnyPgColumn<{ data: number; notNull: true }>;

/** A kind of like: its rows, the column (and insert key) naming the item, and the liked items with their counter. */
export interface LikeRows {
  likes: PgTable & { userId: Int };
  key: string;
  item: Int;
  items: PgTable & { id: Int; likeCount: Int };
}

/**
 * Sets (want true or false) or toggles (undefined) a user's like: one row per user and item (a unique
 * key), and the counter is set from the rows after every change, so concurrent toggles can never count a
 * user twice. Likes on posts here, on comments in the comment service (services/comments/).
 */
export async function toggleLike(
  db: Db,
  t: LikeRows,
  itemId: number,
  userId: number,
  want: boolean | undefined,
): Promise<{ liked: boolean; changed: boolean; likeCount: number }> {
  const mine = and(eq(t.item, itemId), eq(t.likes.userId, userId));
  return db.transaction(async (tx) => {
    // The item's row lock orders concurrent toggles, so each recount below sees the ones before it.
    await tx.select({ id: t.items.id }).from(t.items).where(eq(t.items.id, itemId)).for('update');
    let liked: boolean;
    let changed: boolean;
    if (want !== false) {
      const added = await tx
        .insert(t.likes)
        .values({ [t.key]: itemId, userId })
        .onConflictDoNothing()
        .returning({ userId: t.likes.userId });
      changed = added.length > 0;
      liked = true;
      if (!changed && want === undefined) {
        await tx.delete(t.likes).where(mine);
        liked = false;
        changed = true;
      }
    } else {
      changed = (await tx.delete(t.likes).where(mine).returning({ userId: t.likes.userId })).length > 0;
      liked = false;
    }
    const [{ likeCount }] = await tx
      .update(t.items)
      .set({ likeCount: sql`(select count(*)::int from ${t.likes} where ${t.item} = ${itemId})` })
      .where(eq(t.items.id, itemId))
      .returning({ likeCount: t.items.likeCount });
    return { liked, changed, likeCount };
  });
}

/** Likes on posts, and on comments through the comment service. */
export function createLikeService(
  db: Db,
  guard: CommunityGuard,
  notices: NotificationService,
  comments: { like(actor: Commenter, commentId: number, want?: boolean): Promise<LikeState> },
) {
  return {
    /** GET /inform/post/like/{id}: toggles (or sets, with like=1|0) the caller's like. */
    async post(actor: Actor, postId: number, want?: boolean): Promise<LikeState> {
      const [p] = await db
        .select({ userId: posts.userId, status: posts.status })
        .from(posts)
        .where(eq(posts.id, postId));
      if (!p || p.status !== 'visible') throw notFound(COMMUNITY_MSG.postNotFound);
      await guard.pace('like', actor.id, LIKE_RULES.burst, LIKE_RULES.windowMs, COMMUNITY_MSG.likeTooFast);
      const r = await toggleLike(
        db,
        { likes: postLikes, key: 'postId', item: postLikes.postId, items: posts },
        postId,
        actor.id,
        want,
      );
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

    /** GET /inform/comment/like/{id}: the comment service's like. */
    comment: (actor: Actor, commentId: number, want?: boolean): Promise<LikeState> =>
      comments.like(actor, commentId, want),
  };
}
