import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { posts, shields, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';

/** POST /inform/post/shield: hide one post, or everything by one author, from the caller's feeds. */
export function createShieldService(db: Db) {
  return {
    /** What the user shielded: posts and authors (GET /inform/post/shield/mine). */
    async mine(userId: number): Promise<{ postIds: number[]; authorIds: number[] }> {
      const rows = await db
        .select({ postId: shields.postId, authorId: shields.authorId })
        .from(shields)
        .where(eq(shields.userId, userId));
      return {
        postIds: rows.flatMap((r) => (r.postId ? [r.postId] : [])),
        authorIds: rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
      };
    },

    async set(userId: number, target: { postId?: number; authorId?: number }, on: boolean) {
      const { postId, authorId } = target;
      if (!postId === !authorId) throw badRequest(COMMUNITY_MSG.shieldTarget);
      if (authorId === userId) throw badRequest(COMMUNITY_MSG.shieldSelf);
      if (postId && !(await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId))).length)
        throw notFound(COMMUNITY_MSG.postNotFound);
      if (authorId && !(await db.select({ id: users.id }).from(users).where(eq(users.id, authorId))).length)
        throw notFound(MSG.notFoundApi);
      const match = and(
        eq(shields.userId, userId),
        postId ? eq(shields.postId, postId) : eq(shields.authorId, authorId!),
      );
      if (on)
        await db
          .insert(shields)
          .values({ userId, postId: postId ?? null, authorId: authorId ?? null })
          .onConflictDoNothing();
      else await db.delete(shields).where(match);
      return { postId: postId ?? null, authorId: authorId ?? null, shielded: on };
    },
  };
}
