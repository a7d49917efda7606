import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { CODE, fill, MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { nickNameError, passwordError } from '../../../lib/validation.ts';
import { DAILY_LOGIN_EXP, isNewChinaDay, levelForExp } from '../../../lib/vocab/levels.ts';
import { ApiError, badRequest, forbidden } from '../../errors.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import { users } from '../../db/schema/index.ts';
import type { SessionService } from '../sessions/sessions.ts';
import type { DynamicKeyService, KeyPair } from './dynamic-keys.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { SMS_TYPE, type SmsCodeService, type SmsType } from './sms-codes.ts';

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 30 * 60_000;
/** How long the tries against an unknown phone are remembered (a known account's count never lapses). */
const UNKNOWN_TRIES_MS = 24 * 3600_000;

/** A password as it travels: the ciphertext(s) with the one-time pair that opens them. */
export type SealedPassword = Partial<KeyPair> & { password?: string };

export interface LoginResult {
  token: string;
  /** True for accounts made by a code login that have not completed their profile yet. */
  needsProfile: boolean;
}

/** Spec §8's message, verbatim; `remaining` tells the client how many tries are left before the lock. */
const loginWrong = (remaining?: number) =>
  new ApiError(CODE.loginWrong, MSG.loginWrong, remaining === undefined ? null : { remaining });
const locked = (until: Date) =>
  new ApiError(
    CODE.accountLocked,
    fill(ACCOUNT_MSG.accountLocked, { minutes: Math.ceil((until.getTime() - Date.now()) / 60_000) }),
  );
const checkRule = (password: string) => {
  const err = passwordError(password);
  if (err) throw badRequest(err);
};

/**
 * A hash of a password nobody knows: checked against when the phone or its password is missing,
 * so that such a try costs the same scrypt work as a wrong password of a real account.
 */
let dummyHash: Promise<string> | undefined;
const hashOfNobody = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Login, registration and passwords. Callers pass a normalised, valid 11-digit mobile. */
export function createAuthService(deps: {
  db: Db;
  kv: Kv;
  sessions: SessionService;
  keys: DynamicKeyService;
  codes: SmsCodeService;
}) {
  const { db, kv, sessions, keys, codes } = deps;

  const byMobile = async (mobile: string) =>
    (await db.select().from(users).where(eq(users.mobile, mobile)).limit(1))[0];

  async function startSession(user: typeof users.$inferSelect, remember: boolean): Promise<LoginResult> {
    if (user.status !== 1) throw forbidden(ACCOUNT_MSG.accountDisabled);
    const now = new Date();
    // The first login of a China day earns experience; the level follows the new total.
    const experience = user.experience + (isNewChinaDay(user.lastLoginAt, now) ? DAILY_LOGIN_EXP : 0);
    await db
      .update(users)
      .set({
        failedLogins: 0,
        lockedUntil: null,
        lastLoginAt: now,
        experience,
        level: Math.max(user.level, levelForExp(experience)),
      })
      .where(eq(users.id, user.id));
    const { token } = await sessions.create(user.id, remember);
    return { token, needsProfile: user.needsProfile };
  }

  /** A code login of an unknown phone opens an account named 球友xxxxxx (retried on the rare clash). */
  async function createByCode(mobile: string) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const nickName = `球友${String(randomInt(1_000_000)).padStart(6, '0')}`;
      await db
        .insert(users)
        .values({ mobile, nickName, needsProfile: true, phoneVerifiedAt: new Date() })
        .onConflictDoNothing();
      const user = await byMobile(mobile); // also covers a concurrent login that created it first
      if (user) return user;
    }
    throw new Error('could not pick a free nickname');
  }

  /**
   * A password login to a phone with no account answers as a known account with a wrong password
   * would: 10011 with the tries left, then the 30-minute lock, after the same scrypt work. Its tries
   * are counted in the KV store, not in a users row.
   */
  async function refuseUnknown(mobile: string, password: string): Promise<never> {
    const triesKey = `login:unknown:${mobile}`;
    const lockKey = `login:unknown-lock:${mobile}`;
    const lockLeft = await kv.ttl(lockKey);
    if (lockLeft > 0) throw locked(new Date(Date.now() + lockLeft));
    const tries = await kv.incr(triesKey, UNKNOWN_TRIES_MS);
    await verifyPassword(password, await hashOfNobody());
    if (tries < LOCK_AFTER_FAILURES) throw loginWrong(LOCK_AFTER_FAILURES - tries);
    const until = new Date(Date.now() + LOCK_MS);
    await kv.del(triesKey);
    await kv.set(lockKey, '1', LOCK_MS);
    throw locked(until);
  }

  return {
    /**
     * Before a code is sent: registering or binding needs a free phone (a registration has to say
     * so). Returns false for a recovery code to a phone with no account: the caller answers as if
     * it were sent but sends nothing, so the answer does not tell whether the phone is registered.
     */
    async checkSmsTarget(type: SmsType, mobile: string): Promise<boolean> {
      const known = (await byMobile(mobile)) !== undefined;
      if (known && (type === SMS_TYPE.register || type === SMS_TYPE.bindPhone))
        throw badRequest(ACCOUNT_MSG.mobileTaken);
      return known || type !== SMS_TYPE.retrievePassword;
    },

    async loginByCode(input: {
      mobile: string;
      verifyCode: string;
      remember: boolean;
    }): Promise<LoginResult> {
      await codes.check(input.mobile, input.verifyCode, { type: SMS_TYPE.login, consume: true });
      // A code proves the phone: it opens a password-locked account too, and clears the lock.
      const user = (await byMobile(input.mobile)) ?? (await createByCode(input.mobile));
      if (!user.phoneVerifiedAt)
        await db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, user.id));
      return startSession(user, input.remember);
    },

    async loginByPassword(
      input: SealedPassword & { mobile: string; remember: boolean },
    ): Promise<LoginResult> {
      const [password] = await keys.open(input, input.password);
      const user = await byMobile(input.mobile);
      if (!user) return refuseUnknown(input.mobile, password);
      // The try is counted before the (slow) check, in one guarded statement: parallel guesses
      // cannot all read "not locked" first. At most LOCK_AFTER_FAILURES tries per lock window.
      const [claim] = await db
        .update(users)
        .set({ failedLogins: sql`${users.failedLogins} + 1` })
        .where(
          and(
            eq(users.id, user.id),
            lt(users.failedLogins, LOCK_AFTER_FAILURES),
            or(isNull(users.lockedUntil), lte(users.lockedUntil, new Date())),
          ),
        )
        .returning({ tries: users.failedLogins });
      if (!claim) {
        const until = user.lockedUntil && user.lockedUntil.getTime() > Date.now() ? user.lockedUntil : null;
        throw locked(until ?? new Date(Date.now() + LOCK_MS));
      }
      // An account made by code login has no password yet: it is refused like a wrong one.
      const right = await verifyPassword(password, user.passwordHash ?? (await hashOfNobody()));
      if (right && user.passwordHash) return startSession(user, input.remember);
      if (claim.tries < LOCK_AFTER_FAILURES) throw loginWrong(LOCK_AFTER_FAILURES - claim.tries);
      const until = new Date(Date.now() + LOCK_MS);
      await db.update(users).set({ failedLogins: 0, lockedUntil: until }).where(eq(users.id, user.id));
      throw locked(until);
    },

    async register(
      input: SealedPassword & { mobile: string; verifyCode: string; nickName: string },
    ): Promise<LoginResult> {
      const nickErr = nickNameError(input.nickName);
      if (nickErr) throw badRequest(nickErr);
      const [password] = await keys.open(input, input.password);
      checkRule(password);
      if (await byMobile(input.mobile)) throw badRequest(ACCOUNT_MSG.mobileTaken);
      const nickTaken = async () =>
        (await db.$count(users, sql`lower(${users.nickName}) = lower(${input.nickName})`)) > 0;
      if (await nickTaken()) throw badRequest(ACCOUNT_MSG.nickTaken);
      await codes.check(input.mobile, input.verifyCode, { type: SMS_TYPE.register, consume: true });
      const passwordHash = await hashPassword(password);
      const [user] = await db
        .insert(users)
        .values({ mobile: input.mobile, nickName: input.nickName, passwordHash, phoneVerifiedAt: new Date() })
        .onConflictDoNothing()
        .returning();
      // Lost a race with another registration of the same phone or name.
      if (!user) throw badRequest((await nickTaken()) ? ACCOUNT_MSG.nickTaken : ACCOUNT_MSG.mobileTaken);
      return startSession(user, true);
    },

    /** Sets a new password by SMS code and ends every session of the account. */
    async retrievePassword(input: SealedPassword & { mobile: string; verifyCode: string }): Promise<void> {
      const [password] = await keys.open(input, input.password);
      checkRule(password);
      // The code first: a phone with no account never gets one, so it fails here like a wrong code.
      await codes.check(input.mobile, input.verifyCode, { type: SMS_TYPE.retrievePassword, consume: true });
      const user = await byMobile(input.mobile);
      if (!user) throw badRequest(ACCOUNT_MSG.codeExpired);
      const passwordHash = await hashPassword(password);
      await db
        .update(users)
        .set({ passwordHash, failedLogins: 0, lockedUntil: null })
        .where(eq(users.id, user.id));
      await sessions.revokeAllOf(user.id);
    },

    /** Both fields sealed with one pair (docs/auth.md); other sessions of the account end. */
    async updatePassword(
      userId: number,
      currentToken: string,
      input: SealedPassword & { oldPassword?: string },
    ): Promise<void> {
      const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      if (!user.hash) throw badRequest(ACCOUNT_MSG.passwordNotSet);
      const [oldPassword, password] = await keys.open(input, input.oldPassword, input.password);
      checkRule(password);
      if (!(await verifyPassword(oldPassword, user.hash))) throw badRequest(ACCOUNT_MSG.oldPasswordWrong);
      if (oldPassword === password) throw badRequest(ACCOUNT_MSG.samePassword);
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, userId));
      await sessions.revokeOthers(userId, currentToken);
    },

    /** First password of an account made by code login. */
    async initPassword(userId: number, input: SealedPassword): Promise<void> {
      const [password] = await keys.open(input, input.password);
      checkRule(password);
      const set = await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(and(eq(users.id, userId), isNull(users.passwordHash)))
        .returning({ id: users.id });
      if (set.length === 0) throw badRequest(ACCOUNT_MSG.passwordAlreadySet);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
