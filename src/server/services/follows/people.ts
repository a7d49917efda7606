import { and, count, countDistinct, desc, eq, inArray, max, ne } from 'drizzle-orm';
import type { PersonCard, PersonFollowType, PersonPage } from '../../../lib/follows/types.ts';
import { MSG } from '../../../lib/messages.ts';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';

const PEOPLE: PersonFollowType[] = ['user', 'expert'];
/** Whom I follow as a user or an expert (anchors I follow are listed on /v/attention). */
const followingWhere = (userId: number) =>
  and(eq(follows.userId, userId), inArray(follows.targetType, PEOPLE));
/** Who follows me, in any way. */
const fansWhere = (userId: number) => and(eq(follows.targetId, userId), ne(follows.userId, userId));

/**
 * 关注 of users and experts (the `follows` table, shared with anchor follows): follow and unfollow,
 * who I follow, who follows me, and whether each side follows the other (the 私信 first-message rule
 * is lifted between mutual followers).
 */
export function createPeopleFollowService(db: Db) {
  /** Of `ids`, those `from` follows in any way, and those who follow `to` in any way. */
  async function edges(me: number, ids: number[]) {
    if (ids.length === 0) return { iFollow: new Set<number>(), followMe: new Set<number>() };
    const [mine, theirs] = await Promise.all([
      db
        .selectDistinct({ id: follows.targetId })
        .from(follows)
        .where(and(eq(follows.userId, me), inArray(follows.targetId, ids))),
      db
        .selectDistinct({ id: follows.userId })
        .from(follows)
        .where(and(eq(follows.targetId, me), inArray(follows.userId, ids))),
    ]);
    return { iFollow: new Set(mine.map((r) => r.id)), followMe: new Set(theirs.map((r) => r.id)) };
  }

  const person = {
    id: users.id,
    nickName: users.nickName,
    portrait: users.portrait,
    level: users.level,
    isAnchor: users.isAnchor,
    isExpert: users.isExpert,
  };

  return {
    /** Follows (as 球友, or as 专家 when they are one) or unfollows; returns the new state. */
    async set(userId: number, targetId: number, on: boolean, type?: PersonFollowType) {
      if (targetId === userId) throw badRequest(MSG.followSelf);
      const [target] = await db
        .select({ id: users.id, isExpert: users.isExpert })
        .from(users)
        .where(and(eq(users.id, targetId), eq(users.status, 1)));
      if (!target) throw notFound(DM_MSG.dmUserMissing);
      const kind: PersonFollowType = type ?? (target.isExpert === 1 ? 'expert' : 'user');
      if (kind === 'expert' && target.isExpert !== 1) throw badRequest('参数 type 无效：对方不是专家');
      if (on) await db.insert(follows).values({ userId, targetType: kind, targetId }).onConflictDoNothing();
      else
        await db
          .delete(follows)
          .where(
            and(
              eq(follows.userId, userId),
              inArray(follows.targetType, PEOPLE),
              eq(follows.targetId, targetId),
            ),
          );
      return { followed: on, ...(await this.state(userId, targetId)) };
    },

    /** Whether I follow them (as a user or expert) and whether they follow me, plus their follower count. */
    async state(userId: number, targetId: number) {
      const [mine, theirs, followers] = await Promise.all([
        db.$count(
          follows,
          and(
            eq(follows.userId, userId),
            eq(follows.targetId, targetId),
            inArray(follows.targetType, PEOPLE),
          ),
        ),
        db.$count(follows, and(eq(follows.userId, targetId), eq(follows.targetId, userId))),
        db.$count(follows, eq(follows.targetId, targetId)),
      ]);
      return { following: mine > 0, followsMe: theirs > 0, followers };
    },

    /** The users and experts I follow, newest first. */
    /** The sizes of the two lists below (the /v/concern tabs): the users and experts I follow, my fans. */
    async counts(userId: number) {
      const [[{ following }], [{ fans }]] = await Promise.all([
        db.select({ following: count() }).from(follows).where(followingWhere(userId)),
        db
          .select({ fans: countDistinct(follows.userId) })
          .from(follows)
          .where(fansWhere(userId)),
      ]);
      return { following, fans };
    },

    async following(userId: number, page: number, pageSize: number): Promise<PersonPage> {
      const where = followingWhere(userId);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ ...person, followType: follows.targetType, at: follows.createdAt })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.targetId))
          .where(where)
          .orderBy(desc(follows.createdAt), desc(follows.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(follows).where(where),
      ]);
      const { followMe } = await edges(
        userId,
        rows.map((r) => r.id),
      );
      const list: PersonCard[] = rows.map(({ at, ...r }) => ({
        ...r,
        followed: true,
        mutual: followMe.has(r.id),
        followedAt: at.toISOString(),
      }));
      return { list, total, page, pageSize };
    },

    /** Who follows me (in any way: as anchor, expert or user), once each, newest first. */
    async fans(userId: number, page: number, pageSize: number): Promise<PersonPage> {
      const where = fansWhere(userId);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ ...person, followType: max(follows.targetType), at: max(follows.createdAt) })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.userId))
          .where(where)
          .groupBy(users.id)
          .orderBy(desc(max(follows.createdAt)))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ total: countDistinct(follows.userId) })
          .from(follows)
          .where(where),
      ]);
      const { iFollow } = await edges(
        userId,
        rows.map((r) => r.id),
      );
      const list: PersonCard[] = rows.map(({ at, ...r }) => ({
        ...r,
        followType: r.followType ?? 'user',
        followed: iFollow.has(r.id),
        mutual: iFollow.has(r.id),
        followedAt: (at ?? new Date()).toISOString(),
      }));
      return { list, total, page, pageSize };
    },
  };
}

export type PeopleFollowService = ReturnType<typeof createPeopleFollowService>;
