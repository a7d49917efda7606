import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { testSmsCode } from './sms-test-code.ts';
import { CODE, fill, MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { chinaToday, codeError } from '../../../lib/validation.ts';
import { ApiError, badRequest } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import type { Logger } from '../../logger.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';

/**
 * Purposes of a code (the `type` of POST /inform/send/sms). `staffAction` (6) is the staff console's
 * second factor: sent only by POST /user/staff/second-factor to the staff member's own phone.
 */
export const SMS_TYPE = {
  register: 1,
  retrievePassword: 2,
  login: 3,
  payPassword: 4,
  bindPhone: 5,
  staffAction: 6,
} as const;
export type SmsType = (typeof SMS_TYPE)[keyof typeof SMS_TYPE];

export const SMS_POLICY = {
  codeTtlMs: 5 * 60_000,
  /** Checks a code survives (wrong guesses and GET /inform/verifyCode); past them it is void. */
  maxChecks: 5,
  resendMs: 60_000,
  perPhoneDaily: 10,
  perIpHourly: 20,
} as const;

interface StoredCode {
  id: string;
  code: string;
  type: number;
  exp: number;
}

const tooMany = (msg: string) => new ApiError(CODE.tooMany, msg);
const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * SMS verification codes: one live code per phone (a new send replaces it), 6 digits, five
 * minutes, one use, five checks. Times come from Date.now() and the windows from it, so the
 * rules hold the same on the memory and the Redis store. Codes leave through the API only from
 * the demo outbox outside production (nobody's phone could receive them there).
 */
export function createSmsCodeService(deps: {
  kv: Kv;
  provider: SmsProvider;
  log: Logger;
  testSeed?: string;
  /** Hand the code back to the caller: only for the demo outbox outside production (docs/auth.md). */
  revealDemoCode?: boolean;
}) {
  const { kv, provider, log } = deps;
  // A real vendor's code must stay on the phone: the provider's own flag decides, not the caller.
  const revealDemoCode = deps.revealDemoCode === true && provider.demo;
  const codeKey = (mobile: string) => `sms:code:${mobile}`;

  /** Seconds to wait before this phone may have another code; 0 claims the slot now. */
  async function claimResend(mobile: string, now: number): Promise<number> {
    const key = `sms:last:${mobile}`;
    if (await kv.setIfAbsent(key, String(now), SMS_POLICY.resendMs)) return 0;
    const left = Number(await kv.get(key)) + SMS_POLICY.resendMs - now;
    if (left > 0) return Math.ceil(left / 1000);
    await kv.set(key, String(now), SMS_POLICY.resendMs);
    return 0;
  }

  return {
    /** True when codes go to the demo outbox, not to phones (the client shows a 演示 badge). */
    demo: provider.demo,

    /**
     * Sends a fresh code. The caller has checked the phone and consumed a solved captcha.
     * Returns the code itself only when it reaches no phone (demo outbox, not production).
     * `deliver: false` counts the send against every limit but makes and sends no code (a
     * recovery code asked for a phone with no account must look sent, see auth.checkSmsTarget).
     */
    async send(input: {
      mobile: string;
      type: SmsType;
      ip: string;
      deliver?: boolean;
    }): Promise<{ demoCode?: string }> {
      const { mobile, type, ip } = input;
      const now = Date.now();
      const hour = Math.floor(now / 3600_000);
      if ((await kv.incr(`sms:ip:${ip}:${hour}`, 3600_000)) > SMS_POLICY.perIpHourly)
        throw tooMany(ACCOUNT_MSG.smsIpLimit);
      const wait = await claimResend(mobile, now);
      if (wait > 0) throw tooMany(fill(ACCOUNT_MSG.smsWait, { seconds: wait }));
      // The day is China's calendar day; the window outlives it a little, the key name ends it.
      const sentToday = await kv.incr(`sms:day:${mobile}:${chinaToday(now)}`, 25 * 3600_000);
      if (sentToday > SMS_POLICY.perPhoneDaily) throw tooMany(ACCOUNT_MSG.smsDailyLimit);
      if (input.deliver === false) return {};

      const stored: StoredCode = {
        id: randomBytes(8).toString('hex'),
        code: deps.testSeed
          ? testSmsCode(deps.testSeed, mobile, type)
          : String(randomInt(1_000_000)).padStart(6, '0'),
        type,
        exp: now + SMS_POLICY.codeTtlMs,
      };
      await kv.set(codeKey(mobile), JSON.stringify(stored), SMS_POLICY.codeTtlMs);
      try {
        await provider.send({ mobile, code: stored.code, type, ttlMinutes: SMS_POLICY.codeTtlMs / 60_000 });
      } catch (err) {
        await kv.del(codeKey(mobile));
        log.error({ err, provider: provider.name }, 'sms send failed');
        throw new ApiError(CODE.serverError, MSG.codeSendFailed);
      }
      return revealDemoCode ? { demoCode: stored.code } : {};
    },

    /**
     * Checks a code (each call counts towards the five) and, with `consume`, uses it up.
     * `type` given: the code must have been sent for that purpose. Throws the message to show.
     */
    async check(mobile: string, code: string, opts: { type?: SmsType; consume: boolean }): Promise<void> {
      const formatError = codeError(code);
      if (formatError) throw badRequest(formatError);
      const raw = await kv.get(codeKey(mobile));
      const stored = raw ? (JSON.parse(raw) as StoredCode) : null;
      if (!stored || stored.exp <= Date.now()) throw badRequest(ACCOUNT_MSG.codeExpired);
      if ((await kv.incr(`sms:checks:${stored.id}`, SMS_POLICY.codeTtlMs)) > SMS_POLICY.maxChecks) {
        await kv.del(codeKey(mobile));
        throw badRequest(ACCOUNT_MSG.codeExpired);
      }
      if ((opts.type !== undefined && stored.type !== opts.type) || !sameCode(stored.code, code)) {
        throw badRequest(MSG.codeWrong);
      }
      if (!opts.consume) return;
      // take() is atomic: of two requests racing with one code, only one gets it.
      const taken = await kv.take(codeKey(mobile));
      if (!taken || (JSON.parse(taken) as StoredCode).id !== stored.id)
        throw badRequest(ACCOUNT_MSG.codeExpired);
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
