import { eq } from 'drizzle-orm';
import { maskMobile } from '../../../lib/mask.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { SMS_TYPE, type SmsCodeService } from '../accounts/sms-codes.ts';

/**
 * The console's second factor for actions that move money or ban: a code (SMS type 6) sent to the
 * staff member's **own** phone through the SMS provider, with the accounts code rules (5 minutes, one
 * use, five checks, 60 s between sends, 10 a day a phone, 20 an hour an address). The service that
 * makes the change calls `verify` before it; the code is used up by that call.
 */
export function createSecondFactor(deps: { db: Db; codes: SmsCodeService }) {
  const { db, codes } = deps;
  const mobileOf = async (staffId: number) => {
    const [u] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, staffId));
    return u.mobile;
  };

  return {
    /** Sends a code to the staff member's phone → {mobile (masked), demo, demoCode? (demo outbox only)}. */
    async send(staffId: number, ip: string) {
      const mobile = await mobileOf(staffId);
      const { demoCode } = await codes.send({ mobile, type: SMS_TYPE.staffAction, ip });
      return { mobile: maskMobile(mobile), demo: codes.demo, ...(demoCode ? { demoCode } : {}) };
    },

    /** Checks and uses up the code the staff member typed; throws the Chinese message to show. */
    async verify(staffId: number, code: unknown): Promise<void> {
      const typed = typeof code === 'string' ? code.trim() : '';
      if (!typed) throw badRequest(OPS_MSG.secondFactorRequired);
      await codes.check(await mobileOf(staffId), typed, { type: SMS_TYPE.staffAction, consume: true });
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
