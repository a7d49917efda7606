import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { maskMobile, maskName } from '../../../lib/mask.ts';
import { birthdayError, nickNameError, signatureError } from '../../../lib/validation.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { follows, realNames, users } from '../../db/schema/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { activeNobilityOf } from '../wallet/nobility.ts';

export type FollowTarget = 'anchor' | 'user' | 'expert';

export interface InfoUpdate {
  gender?: 0 | 1 | 2;
  /** YYYY-MM-DD, or '' to clear. */
  birthday?: string;
  signature?: string;
}

/** The personal centre: the caller's own profile, and the public face of every user. */
export function createProfileService(deps: { db: Db; storage: StorageProvider }) {
  const { db, storage } = deps;
  const nickTakenByOther = async (nickName: string, selfId = 0) =>
    (await db.$count(users, and(sql`lower(${users.nickName}) = lower(${nickName})`, ne(users.id, selfId)))) >
    0;

  return {
    /** GET /user/center/info */
    async info(userId: number) {
      const [u] = await db
        .select()
        .from(users)
        .leftJoin(realNames, eq(realNames.userId, users.id))
        .where(eq(users.id, userId));
      const { users: me, real_names: real } = u;
      const nobility = await activeNobilityOf(db, me.id);
      return {
        id: me.id,
        nickName: me.nickName,
        portrait: me.portrait,
        level: me.level,
        experience: me.experience,
        isAnchor: me.isAnchor,
        isExpert: me.isExpert,
        mobile: maskMobile(me.mobile),
        gender: me.gender,
        birthday: me.birthday,
        signature: me.signature ?? '',
        hasPassword: me.passwordHash !== null,
        needsProfile: me.needsProfile,
        realName: { status: real ? 1 : 0, name: real ? maskName(real.realName) : null },
        roles: me.roles,
        /** The nobility held now: {id, name, expiresAt}, or null. */
        nobility,
      };
    },

    /** Free for this caller: nobody else holds it, whatever the case of its letters. */
    async nickAvailable(nickName: string, selfId?: number): Promise<boolean> {
      const err = nickNameError(nickName);
      if (err) throw badRequest(err);
      return !(await nickTakenByOther(nickName, selfId));
    },

    /** Choosing a nickname (even keeping the current one) completes the profile. */
    async updateNickName(userId: number, nickName: string): Promise<void> {
      const [me] = await db.select({ nickName: users.nickName }).from(users).where(eq(users.id, userId));
      // Keeping the name one has is always allowed (staff are named 运营… and 管理员… by the site).
      const err = nickName === me?.nickName ? null : nickNameError(nickName);
      if (err) throw badRequest(err);
      if (await nickTakenByOther(nickName, userId)) throw badRequest(ACCOUNT_MSG.nickTaken);
      const set = await db
        .update(users)
        .set({ nickName, needsProfile: false })
        .where(eq(users.id, userId))
        .returning({ id: users.id })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw badRequest(ACCOUNT_MSG.nickTaken); // a concurrent taker won
          throw err;
        });
      if (set.length === 0) throw notFound(ACCOUNT_MSG.userNotFound);
    },

    /** The portrait must be an image this site stored (POST /user/common/multiUploadBase64). */
    async updatePortrait(userId: number, url: string): Promise<void> {
      const name = storage.nameOf(url);
      if (!name || !(await storage.get(name))) throw badRequest(ACCOUNT_MSG.portraitInvalid);
      await db.update(users).set({ portrait: url, needsProfile: false }).where(eq(users.id, userId));
    },

    async updateInfo(userId: number, input: InfoUpdate): Promise<void> {
      if (input.birthday) {
        const err = birthdayError(input.birthday);
        if (err) throw badRequest(err);
      }
      if (input.signature !== undefined) {
        const err = signatureError(input.signature);
        if (err) throw badRequest(err);
      }
      const set: Partial<typeof users.$inferInsert> = {};
      if (input.gender !== undefined) set.gender = input.gender;
      if (input.birthday !== undefined) set.birthday = input.birthday || null;
      if (input.signature !== undefined) set.signature = input.signature.trim() || null;
      if (Object.keys(set).length === 0) throw badRequest();
      await db.update(users).set(set).where(eq(users.id, userId));
    },

    /** GET /user/info/personal-space: what anyone may see of a user. */
    async personalSpace(id: number) {
      const [u] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.status, 1)));
      if (!u) throw notFound(ACCOUNT_MSG.userNotFound);
      const [followers, following] = await Promise.all([
        db.$count(follows, eq(follows.targetId, id)),
        db.$count(follows, eq(follows.userId, id)),
      ]);
      return {
        id: u.id,
        nickName: u.nickName,
        portrait: u.portrait,
        level: u.level,
        isAnchor: u.isAnchor,
        isExpert: u.isExpert,
        signature: u.signature ?? '',
        createdAt: u.createdAt.toISOString(),
        followers,
        following,
      };
    },

    /** GET /user/info/attention: whom a user follows, newest first. */
    async attention(input: { userId: number; type?: FollowTarget; page: number; pageSize: number }) {
      const where = and(
        eq(follows.userId, input.userId),
        input.type ? eq(follows.targetType, input.type) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
            level: users.level,
            isAnchor: users.isAnchor,
            isExpert: users.isExpert,
            targetType: follows.targetType,
            followedAt: follows.createdAt,
          })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.targetId))
          .where(where)
          .orderBy(desc(follows.createdAt), desc(follows.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(follows).where(where),
      ]);
      const list = rows.map((r) => ({ ...r, followedAt: r.followedAt.toISOString() }));
      return { list, total, page: input.page, pageSize: input.pageSize };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
