import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { likeArg } from '../../db/like.ts';
import { follows, rooms, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { NobilityService } from '../wallet/nobility.ts';

const followerCount = sql<number>`cast((select count(*) from ${follows} f where f.target_id = ${users.id} and f.target_type = 'anchor') as integer)`;

/** Anchors as the lists show them: who, their room and whether it is live. */
function anchorQuery(db: Db) {
  return db
    .select({
      id: users.id,
      nickName: users.nickName,
      portrait: users.portrait,
      level: users.level,
      signature: users.signature,
      followers: followerCount,
      roomId: rooms.id,
      title: rooms.title,
      cover: rooms.cover,
      navId: rooms.navId,
      liveState: sql<number>`coalesce(${rooms.liveState}, 0)`,
      heat: sql<number>`coalesce(${rooms.heat}, 0)`,
    })
    .from(users)
    .leftJoin(rooms, and(eq(rooms.anchorId, users.id), eq(rooms.auditState, 1)))
    .$dynamic();
}

const isAnchor = and(eq(users.isAnchor, 1), eq(users.status, 1));
const liveFirst = [
  desc(sql`coalesce(${rooms.liveState}, 0)`),
  desc(sql`coalesce(${rooms.heat}, 0)`),
  asc(users.id),
];

/** Anchors: recommendations, hot lists, the directory, profiles and following them. */
export function createAnchorService(deps: { db: Db; nobility: NobilityService }) {
  const { db, nobility } = deps;

  async function requireAnchor(anchorId: number) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, anchorId), isAnchor));
    if (!u) throw notFound(WALLET_MSG.anchorNotFound);
  }

  return {
    /** GET /api/user/recommend: live anchors first, by heat. */
    recommend: (limit = 8) =>
      anchorQuery(db)
        .where(isAnchor)
        .orderBy(...liveFirst)
        .limit(limit),

    /** GET /api/user/hot?size&type: the hottest anchors, of one category when `navId` is given. */
    hot: (size: number, navId?: number) =>
      anchorQuery(db)
        .where(and(isAnchor, navId ? eq(rooms.navId, navId) : undefined))
        .orderBy(...liveFirst)
        .limit(size),

    /** GET /api/user/pageList?page&pageSize&word: the anchor directory (/anchor). */
    async pageList(input: { page: number; pageSize: number; word?: string }) {
      const word = input.word?.trim().slice(0, 30);
      const where = and(isAnchor, word ? ilike(users.nickName, likeArg(word)) : undefined);
      const [list, [{ total }]] = await Promise.all([
        anchorQuery(db)
          .where(where)
          .orderBy(...liveFirst)
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { list, total, page: input.page, pageSize: input.pageSize };
    },

    /** GET /api/user/info?userId: a user's live-room card (their own when no id is given). */
    async info(userId: number, viewerId: number | null) {
      const [row] = await anchorQuery(db).where(and(eq(users.id, userId), eq(users.status, 1)));
      if (!row) throw notFound(ACCOUNT_MSG.userNotFound);
      const [[u], held, followed] = await Promise.all([
        db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, userId)),
        nobility.activeOf([userId]),
        viewerId
          ? db.$count(
              follows,
              and(
                eq(follows.userId, viewerId),
                eq(follows.targetType, 'anchor'),
                eq(follows.targetId, userId),
              ),
            )
          : 0,
      ]);
      return { ...row, isAnchor: u.isAnchor, nobility: held.get(userId) ?? null, isFollowed: followed > 0 };
    },

    /** Follows or unfollows an anchor (the follows table, targetType 'anchor'); returns the new state. */
    async follow(viewerId: number, anchorId: number, on: boolean) {
      if (viewerId === anchorId) throw badRequest(MSG.followSelf);
      await requireAnchor(anchorId);
      if (on) {
        try {
          await db
            .insert(follows)
            .values({ userId: viewerId, targetType: 'anchor', targetId: anchorId })
            .onConflictDoNothing();
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      } else {
        await db
          .delete(follows)
          .where(
            and(
              eq(follows.userId, viewerId),
              eq(follows.targetType, 'anchor'),
              eq(follows.targetId, anchorId),
            ),
          );
      }
      const followers = await db.$count(
        follows,
        and(eq(follows.targetType, 'anchor'), eq(follows.targetId, anchorId)),
      );
      return { anchorId, isFollowed: on, followers };
    },

    /** Anchors the viewer follows, live ones first (/live/follow, /api/attention/pageAttention). */
    async followed(viewerId: number, page: number, pageSize: number) {
      const where = and(isAnchor, eq(follows.userId, viewerId), eq(follows.targetType, 'anchor'));
      const [list, [{ total }]] = await Promise.all([
        anchorQuery(db)
          .innerJoin(follows, eq(follows.targetId, users.id))
          .where(where)
          .orderBy(...liveFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ total: count() })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.targetId))
          .where(where),
      ]);
      return { list, total, page, pageSize };
    },
  };
}

export type AnchorService = ReturnType<typeof createAnchorService>;
