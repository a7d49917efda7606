import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FeedSort } from '../../../lib/community/rules.ts';
import type { Page, PostView } from '../../../lib/community/types.ts';
import type { Db } from '../../db/client.ts';
import { likeArg } from '../../db/like.ts';
import { follows, posts, users } from '../../db/schema/index.ts';
import type { PostViews } from './views.ts';

export interface PageArgs {
  pageNum: number;
  pageSize: number;
}

/** Like forums rank: engagement over age, with gravity 1.5 (a day-old post needs ~10× the votes). */
const hotScore = sql`(${posts.likeCount} + 2 * ${posts.commentCount} + 1)
  / power(extract(epoch from (now() - ${posts.createdAt})) / 3600 + 2, 1.5)`;

/**
 * 最新 is the time of posting, newest first: ids follow insertion, which an import or the demo seed
 * does in any order (the id only breaks ties).
 */
const newest = [desc(posts.createdAt), desc(posts.id)];

/** Posts the viewer shielded, or by authors they shielded, stay out of their feeds. */
const notShielded = (viewerId: number | null) =>
  viewerId
    ? sql`not exists (select 1 from shields s where s.user_id = ${viewerId}
        and (s.post_id = ${posts.id} or s.author_id = ${posts.userId}))`
    : undefined;

/** A post whose text holds the word (as typed: % and _ match themselves). */
const containing = (keyword?: string) => (keyword ? ilike(posts.content, likeArg(keyword)) : undefined);

/** The feeds: circles (最新/最热), anchor dynamics, one user's posts. */
export function createFeeds(db: Db, toViews: PostViews) {
  async function page(
    where: SQL | undefined,
    order: SQL[],
    args: PageArgs,
    viewerId: number | null,
  ): Promise<Page<PostView>> {
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(posts)
        .where(where)
        .orderBy(...order)
        .limit(args.pageSize)
        .offset((args.pageNum - 1) * args.pageSize),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(posts)
        .where(where),
    ]);
    return { list: await toViews(rows, viewerId), total, ...args };
  }

  return {
    /** POST /inform/post/list/general: one circle or all; pinned first, then newest or hottest. */
    general(
      opts: PageArgs & {
        circleId?: number;
        keyword?: string;
        authorId?: number;
        sort: FeedSort;
        viewerId: number | null;
      },
    ) {
      const where = and(
        eq(posts.kind, 1),
        eq(posts.status, 'visible'),
        opts.circleId ? eq(posts.circleId, opts.circleId) : undefined,
        opts.authorId ? eq(posts.userId, opts.authorId) : undefined,
        containing(opts.keyword),
        notShielded(opts.viewerId),
      );
      const order =
        opts.sort === 'hot'
          ? [desc(posts.pinned), desc(hotScore), ...newest]
          : [desc(posts.pinned), ...newest];
      return page(where, order, opts, opts.viewerId);
    },

    /**
     * POST /inform/post/list/anchor: one anchor's dynamics, or those of the anchors the viewer follows
     * (every anchor's when they follow none or are not logged in).
     */
    async anchor(opts: PageArgs & { anchorId?: number; keyword?: string; viewerId: number | null }) {
      let authors: SQL | undefined;
      if (opts.anchorId) authors = eq(posts.userId, opts.anchorId);
      else if (opts.viewerId) {
        const followed = await db
          .select({ id: follows.targetId })
          .from(follows)
          .where(and(eq(follows.userId, opts.viewerId), eq(follows.targetType, 'anchor')));
        if (followed.length)
          authors = inArray(
            posts.userId,
            followed.map((f) => f.id),
          );
      }
      const anchorsOnly = sql`exists (select 1 from ${users} where ${users.id} = ${posts.userId} and ${users.isAnchor} = 1)`;
      const where = and(
        eq(posts.kind, 2),
        eq(posts.status, 'visible'),
        authors ?? anchorsOnly,
        containing(opts.keyword),
        notShielded(opts.viewerId),
      );
      return page(where, newest, opts, opts.viewerId);
    },

    /** A user's own posts as they see them (GET /inform/post/list/anchor/my): every status but deleted. */
    mine(userId: number, args: PageArgs & { kind?: number }) {
      const where = and(
        eq(posts.userId, userId),
        sql`${posts.status} <> 'deleted'`,
        args.kind ? eq(posts.kind, args.kind) : undefined,
      );
      return page(where, newest, args, userId);
    },

    /** What others see of a user (the dynamics tab of /personal/{id}). */
    byAuthor(userId: number, args: PageArgs & { viewerId: number | null }) {
      return page(and(eq(posts.userId, userId), eq(posts.status, 'visible')), newest, args, args.viewerId);
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
