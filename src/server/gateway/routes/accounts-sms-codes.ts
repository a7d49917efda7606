import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { SMS_TYPE, type SmsType } from '../../services/accounts/sms-codes.ts';
import { ok } from '../envelope.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { field, read, whole } from '../input.ts';
import { LIMIT } from '../limits.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** SMS verification codes; URL prefix /svc/inform (shared with the content routes). */
export const smsCodeRoutes = new Hono<GatewayEnv>();

// The console's second factor has its own staff-only call (ops-staff.ts), never this public one.
const TYPES: readonly number[] = Object.values(SMS_TYPE).filter((t) => t !== SMS_TYPE.staffAction);
/** Codes for an account's own settings: only a logged-in caller asks for them, so LIMIT.sms counts each. */
const FOR_ACCOUNTS: readonly number[] = [SMS_TYPE.payPassword, SMS_TYPE.bindPhone];

/** The code's `type` (SMS_TYPE), or undefined when absent. */
const smsType = () =>
  field
    .optionalStr()
    .refine((t) => t === undefined || TYPES.includes(Number(t)), whole(ACCOUNT_MSG.smsTypeInvalid))
    .transform((t) => (t === undefined ? undefined : (Number(t) as SmsType)));

const sendCodeInput = z.object({ mobile: field.mobile(), type: smsType(), captchaVerification: field.str() });

/**
 * POST /inform/send/sms {captchaVerification, mobile, type (default 3 login)} → msg 已发送,
 * data {demo, demoCode?} (demo: true while the outbox provider is in use: nothing reaches a phone;
 * demoCode: the code itself, only with the outbox and never in production).
 * The verification of a solved click-word captcha (spec §5) is consumed here, before the phone's and the
 * address's counts. A logged-in caller is also counted per user (LIMIT.sms); the pay-password and
 * bind-phone codes need one.
 */
smsCodeRoutes.post('/send/sms', LIMIT.sms, async (c) => {
  const { app } = c.var;
  const input = await read(c, sendCodeInput);
  const { mobile, captchaVerification: verification } = input;
  const type = input.type ?? SMS_TYPE.login;
  if (FOR_ACCOUNTS.includes(type) && !c.var.user) throw unauthorized();
  if (!verification || !(await app.services.captcha.consumeVerification(verification, 'clickWord'))) {
    throw badRequest(ACCOUNT_MSG.captchaRequired);
  }
  const deliver = await app.services.accounts.auth.checkSmsTarget(type, mobile);
  const { demoCode } = await app.services.accounts.codes.send({ mobile, type, ip: clientIp(c), deliver });
  const data = demoCode ? { demo: true, demoCode } : { demo: app.services.accounts.codes.demo };
  return ok(c, data, MSG.codeSent);
});

const checkCodeInput = z.object({ mobile: field.mobile(), verifyCode: field.str(), type: smsType() });

/** GET /inform/verifyCode?mobile&verifyCode[&type] → data null when right; does not use the code up, but counts as a check. */
smsCodeRoutes.get('/verifyCode', async (c) => {
  const { mobile, verifyCode, type } = await read(c, checkCodeInput);
  await c.var.app.services.accounts.codes.check(mobile, verifyCode, { type, consume: false });
  return ok(c, null);
});
