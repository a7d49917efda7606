import { and, eq, inArray } from 'drizzle-orm';
import type { Author, PostView } from '../../../lib/community/types.ts';
import type { Db } from '../../db/client.ts';
import { circles, postLikes, posts, users } from '../../db/schema/index.ts';
import type { MatchLookup } from '../live/matches.ts';

export type PostRow = typeof posts.$inferSelect;

export const authorColumns = {
  id: users.id,
  nickName: users.nickName,
  portrait: users.portrait,
  level: users.level,
  isAnchor: users.isAnchor,
};

export async function authorsOf(db: Db, ids: number[]): Promise<Map<number, Author>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(authorColumns).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rows to views: authors, circles, linked matches (with their live score) and the viewer's likes, in 4 queries. */
export function createPostViews(db: Db, matches: MatchLookup) {
  return async function toViews(rows: PostRow[], viewerId: number | null): Promise<PostView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const circleIds = [...new Set(rows.map((r) => r.circleId).filter((c): c is number => c !== null))];
    const [authors, circleRows, briefs, liked] = await Promise.all([
      authorsOf(
        db,
        rows.map((r) => r.userId),
      ),
      circleIds.length
        ? db
            .select({ id: circles.id, name: circles.name, icon: circles.icon })
            .from(circles)
            .where(inArray(circles.id, circleIds))
        : [],
      matches.briefs(rows.map((r) => r.matchId).filter((m): m is number => m !== null)),
      viewerId
        ? db
            .select({ postId: postLikes.postId })
            .from(postLikes)
            .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, ids)))
        : [],
    ]);
    const circleOf = new Map(circleRows.map((c) => [c.id, c]));
    const likedSet = new Set(liked.map((l) => l.postId));
    return rows.map((r) => {
      return {
        id: r.id,
        kind: r.kind,
        circle: r.circleId ? (circleOf.get(r.circleId) ?? null) : null,
        author: authors.get(r.userId) ?? {
          id: r.userId,
          nickName: '已注销用户',
          portrait: null,
          level: 0,
          isAnchor: 0,
        },
        content: r.content,
        pictures: r.pictures,
        match: (r.matchId ? briefs.get(r.matchId) : undefined) ?? null,
        mentions: r.mentions,
        pinned: r.pinned,
        demo: r.demo,
        status: r.status,
        likeCount: r.likeCount,
        commentCount: r.commentCount,
        liked: likedSet.has(r.id),
        createdAt: r.createdAt.toISOString(),
        editedAt: r.editedAt ? r.editedAt.toISOString() : null,
      };
    });
  };
}

export type PostViews = ReturnType<typeof createPostViews>;
