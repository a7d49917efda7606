import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { maskMobile, maskName } from '../../../lib/mask.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { MUTE_OPTIONS } from '../../../lib/ops/labels.ts';
import { isStaff } from '../../../lib/vocab/roles.ts';
import { may } from '../../../lib/access.ts';
import { assertAccess } from '../../access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { likeArg } from '../../db/like.ts';
import { communityBans, realNames, rooms, sessions, users, wallets } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsLog } from './log.ts';
import type { SecondFactor } from './second-factor.ts';

export interface Staff {
  id: number;
  roles?: readonly string[];
}

const MUTE_MINUTES: readonly number[] = MUTE_OPTIONS.map((o) => o.minutes);

const chars = (s: string) => [...s].length;

function reasonOf(raw: string): string {
  const r = raw.trim();
  if (chars(r) < 1 || chars(r) > 100) throw badRequest(OPS_MSG.opsReasonRequired);
  return r;
}

/** Fields of a user that the console's actions change, for the log's before/after. */
const snapshot = (u: typeof users.$inferSelect) => ({
  status: u.status,
  mutedUntil: u.mutedUntil?.toISOString() ?? null,
  nickName: u.nickName,
  portrait: u.portrait,
});

/**
 * /ops/users (运营): find a user, see the account as staff need it (numbers always masked), and
 * act on it — mute, ban, unban, reset the nickname or avatar. Every action is one transaction with
 * its ops log line; the user is told through their notifications where they can still read them.
 */
export function createOpsUsers(deps: {
  db: Db;
  log: OpsLog;
  notices: NotificationService;
  /** The SMS second factor a ban needs (./second-factor.ts). */
  secondFactor: Pick<SecondFactor, 'verify'>;
}) {
  const { db, log, notices, secondFactor } = deps;

  /** Locks the target; staff never act on themselves, and only admins act on other staff. */
  async function target(tx: Tx, staff: Staff, userId: number) {
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw notFound(ACCOUNT_MSG.userNotFound);
    if (u.id === staff.id) throw forbidden(OPS_MSG.opsSelf);
    if (isStaff(u.roles) && !may(staff.roles, 'users.manageStaff')) throw forbidden(OPS_MSG.opsStaffTarget);
    return u;
  }

  async function act(
    staff: Staff,
    userId: number,
    action: string,
    reason: string,
    change: (u: typeof users.$inferSelect) => Partial<typeof users.$inferInsert>,
    after?: (tx: Tx, u: typeof users.$inferSelect) => Promise<void>,
  ) {
    assertAccess(staff.roles, 'users.manage');
    const why = reasonOf(reason);
    return db.transaction(async (tx) => {
      const before = await target(tx, staff, userId);
      const [next] = await tx.update(users).set(change(before)).where(eq(users.id, userId)).returning();
      await log.record(tx, {
        actorId: staff.id,
        action,
        targetType: 'user',
        targetId: userId,
        before: snapshot(before),
        after: snapshot(next),
        reason: why,
      });
      await after?.(tx, next);
      return { userId, ...snapshot(next) };
    });
  }

  return {
    /** By an 11-digit phone number, an id, or part of a nickname; 50 at most, numbers masked. */
    async search(staff: Staff, word: string) {
      assertAccess(staff.roles, 'users.manage');
      const w = word.trim().slice(0, 30);
      if (!w) return [];
      const conds = [ilike(users.nickName, likeArg(w))];
      if (/^1\d{10}$/.test(w)) conds.push(eq(users.mobile, w));
      if (/^\d{1,9}$/.test(w)) conds.push(eq(users.id, Number(w)));
      const rows = await db
        .select({
          id: users.id,
          mobile: users.mobile,
          nickName: users.nickName,
          level: users.level,
          status: users.status,
          mutedUntil: users.mutedUntil,
          isAnchor: users.isAnchor,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(or(...conds))
        .orderBy(users.id)
        .limit(50);
      return rows.map((r) => ({ ...r, mobile: maskMobile(r.mobile) }));
    },

    /** One account: profile, real name, wallet, room, community ban and the sessions store's logins. */
    async detail(staff: Staff, userId: number) {
      assertAccess(staff.roles, 'users.manage');
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) throw notFound(ACCOUNT_MSG.userNotFound);
      const [[real], [wallet], [room], [ban], logins] = await Promise.all([
        db.select().from(realNames).where(eq(realNames.userId, userId)),
        db.select().from(wallets).where(eq(wallets.userId, userId)),
        db
          .select({
            id: rooms.id,
            title: rooms.title,
            auditState: rooms.auditState,
            liveState: rooms.liveState,
          })
          .from(rooms)
          .where(eq(rooms.anchorId, userId)),
        db.select().from(communityBans).where(eq(communityBans.userId, userId)),
        db
          .select({
            id: sessions.id,
            persistent: sessions.persistent,
            createdAt: sessions.createdAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            active: sql<boolean>`${isNull(sessions.revokedAt)} and ${sessions.expiresAt} > now()`,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(desc(sessions.id))
          .limit(20),
      ]);
      return {
        user: {
          id: u.id,
          mobile: maskMobile(u.mobile),
          nickName: u.nickName,
          portrait: u.portrait,
          level: u.level,
          signature: u.signature,
          isAnchor: u.isAnchor,
          isExpert: u.isExpert,
          roles: u.roles,
          status: u.status,
          mutedUntil: u.mutedUntil,
          createdAt: u.createdAt,
          lastLoginAt: u.lastLoginAt,
        },
        // The id card is only ever read in its stored masked form; the name is masked here.
        realName: real
          ? { name: maskName(real.realName), idCard: real.idCardMasked, verifiedAt: real.verifiedAt }
          : null,
        wallet: {
          diamond: wallet?.balance ?? 0,
          ticket: wallet?.ticket ?? 0,
          ticketHeld: wallet?.ticketHeld ?? 0,
        },
        room: room ?? null,
        communityBan: ban ? { reason: ban.reason, at: ban.createdAt } : null,
        logins: logins.map((l) => ({ ...l, active: !!l.active })),
      };
    },

    /** No chat, posts, comments or private messages for `minutes` (one of MUTE_MINUTES). */
    async mute(staff: Staff, userId: number, minutes: number, reason: string) {
      if (!MUTE_MINUTES.includes(minutes)) throw badRequest(OPS_MSG.opsMuteMinutes);
      const until = new Date(Date.now() + minutes * 60_000);
      return act(
        staff,
        userId,
        'user.mute',
        reason,
        () => ({ mutedUntil: until }),
        (tx, u) =>
          notices
            .notify(tx, { userId: u.id, kind: 'system', title: '你已被禁言', body: `原因：${reason.trim()}` })
            .then(() => undefined),
      );
    },

    unmute: (staff: Staff, userId: number, reason: string) =>
      act(staff, userId, 'user.unmute', reason, () => ({ mutedUntil: null })),

    /** Bans the account: login refused, every session ended at once. */
    /** Needs the staff member's second factor, checked after the ban's own rules so a refused ban keeps the code. */
    ban: async (staff: Staff, userId: number, reason: string, code: unknown) => {
      assertAccess(staff.roles, 'users.manage');
      reasonOf(reason);
      const u = await target(db, staff, userId);
      if (u.status !== 1) throw badRequest(OPS_MSG.opsAlreadyBanned);
      await secondFactor.verify(staff.id, code);
      return act(
        staff,
        userId,
        'user.ban',
        reason,
        (u) => {
          if (u.status !== 1) throw badRequest(OPS_MSG.opsAlreadyBanned);
          return { status: 0 };
        },
        async (tx, u) => {
          await tx
            .update(sessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
        },
      );
    },

    unban: (staff: Staff, userId: number, reason: string) =>
      act(staff, userId, 'user.unban', reason, (u) => {
        if (u.status === 1) throw badRequest(OPS_MSG.opsNotBanned);
        return { status: 1, failedLogins: 0, lockedUntil: null };
      }),

    /** A neutral nickname 球友{id} (a random tail if someone holds it); the user is told why. */
    async resetNickname(staff: Staff, userId: number, reason: string) {
      const base = `球友${userId}`;
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.nickName}) = lower(${base})`, sql`${users.id} <> ${userId}`));
      const nickName = taken ? `${base}_${randomBytes(2).toString('hex')}` : base;
      return act(
        staff,
        userId,
        'user.reset_nickname',
        reason,
        () => ({ nickName }),
        (tx, u) =>
          notices
            .notify(tx, {
              userId: u.id,
              kind: 'system',
              title: '你的昵称已被重置',
              body: `原因：${reason.trim()}。可以在个人中心重新设置。`,
              link: '/v/personal-data',
            })
            .then(() => undefined),
      );
    },

    /** Back to the default avatar; the user is told why. */
    resetAvatar: (staff: Staff, userId: number, reason: string) =>
      act(
        staff,
        userId,
        'user.reset_avatar',
        reason,
        () => ({ portrait: null }),
        (tx, u) =>
          notices
            .notify(tx, {
              userId: u.id,
              kind: 'system',
              title: '你的头像已被重置',
              body: `原因：${reason.trim()}`,
              link: '/v/personal-data',
            })
            .then(() => undefined),
      ),
  };
}

export type OpsUsers = ReturnType<typeof createOpsUsers>;
