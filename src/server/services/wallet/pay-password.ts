import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { ApiError, badRequest } from '../../errors.ts';
import { CODE, fill } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { PAY_PASSWORD_TRIES, payPasswordError } from '../../../lib/wallet.ts';
import type { Db } from '../../db/client.ts';
import { payPasswords, users } from '../../db/schema/index.ts';
import type { DynamicKeyService, KeyPair } from '../accounts/dynamic-keys.ts';
import { hashPassword, verifyPassword } from '../accounts/password.ts';
import { SMS_TYPE, type SmsCodeService } from '../accounts/sms-codes.ts';

/** The pay password as it travels: AES ciphertext with its one-time key and iv (docs/auth.md). */
export type SealedPayPassword = Partial<KeyPair> & { payPassword?: string };

const locked = () => new ApiError(CODE.payPasswordLocked, WALLET_MSG.payPasswordLocked);

/**
 * 支付密码: six digits, apart from the login password, set, changed and reset only with an SMS code
 * (type 4) sent to the account's own phone. Five wrong tries in a row lock it until that reset.
 */
export function createPayPasswordService(deps: { db: Db; keys: DynamicKeyService; codes: SmsCodeService }) {
  const { db, keys, codes } = deps;
  const rowOf = async (userId: number) =>
    (await db.select().from(payPasswords).where(eq(payPasswords.userId, userId)))[0];

  return {
    async status(userId: number) {
      const row = await rowOf(userId);
      return { set: row !== undefined, locked: row?.lockedAt != null };
    },

    /** POST /pay/change/pay-pass: sets or replaces the pay password and clears a lock. */
    async change(
      userId: number,
      input: SealedPayPassword & { verifyCode: string; mobile?: string },
    ): Promise<void> {
      const [plain] = await keys.open(input, input.payPassword);
      const ruleError = payPasswordError(plain);
      if (ruleError) throw badRequest(ruleError);
      const [user] = await db
        .select({ mobile: users.mobile, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      // The code must come from the account's own phone, whatever number the form was given.
      if (input.mobile && input.mobile !== user.mobile) throw badRequest(WALLET_MSG.payPasswordMobile);
      if (await verifyPassword(plain, user.passwordHash)) throw badRequest(WALLET_MSG.payPasswordSameAsLogin);
      await codes.check(user.mobile, input.verifyCode, { type: SMS_TYPE.payPassword, consume: true });
      const hash = await hashPassword(plain);
      await db
        .insert(payPasswords)
        .values({ userId, hash })
        .onConflictDoUpdate({
          target: payPasswords.userId,
          set: { hash, failures: 0, lockedAt: null, updatedAt: new Date() },
        });
    },

    /** Checks the sealed pay password; throws the message to show (wrong, locked, not set). */
    async verify(userId: number, sealedInput: SealedPayPassword): Promise<void> {
      const [plain] = await keys.open(sealedInput, sealedInput.payPassword);
      const row = await rowOf(userId);
      if (!row) throw badRequest(WALLET_MSG.payPasswordNotSet);
      if (row.lockedAt) throw locked();
      // The try is counted before the (slow) check, in one guarded statement, so parallel tries
      // cannot all pass a "not locked" read: at most PAY_PASSWORD_TRIES checks until the reset.
      const [claim] = await db
        .update(payPasswords)
        .set({ failures: sql`${payPasswords.failures} + 1` })
        .where(
          and(
            eq(payPasswords.userId, userId),
            isNull(payPasswords.lockedAt),
            lt(payPasswords.failures, PAY_PASSWORD_TRIES),
          ),
        )
        .returning({ failures: payPasswords.failures });
      if (!claim) throw locked();
      if (await verifyPassword(plain, row.hash)) {
        await db
          .update(payPasswords)
          .set({ failures: 0 })
          .where(and(eq(payPasswords.userId, userId), isNull(payPasswords.lockedAt)));
        return;
      }
      if (claim.failures < PAY_PASSWORD_TRIES)
        throw badRequest(fill(WALLET_MSG.payPasswordWrong, { left: PAY_PASSWORD_TRIES - claim.failures }));
      await db.update(payPasswords).set({ lockedAt: new Date() }).where(eq(payPasswords.userId, userId));
      throw locked();
    },
  };
}

export type PayPasswordService = ReturnType<typeof createPayPasswordService>;
