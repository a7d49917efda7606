import { Hono } from 'hono';
import { MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { ok } from '../envelope.ts';
import { invalidParam } from '../../errors.ts';
import { readInput } from '../body.ts';
import { mobileOf, sealed } from '../input.ts';
import { clientIp, rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, text } from '../../validate.ts';

/** /svc/user — login, registration, password recovery and the password transport keys. */
export const authRoutes = new Hono<GatewayEnv>();

const perIp = (name: string, max: number) =>
  rateLimit({ name, max, windowMs: 60_000, key: (c) => `ip${clientIp(c)}` });

/** GET /user/key/getDynamicKey → {key, iv}: a one-time pair for sealing a password (5 minutes). */
authRoutes.get('/key/getDynamicKey', perIp('dynkey', 60), async (c) =>
  ok(c, await c.var.app.services.accounts.keys.issue()),
);

/**
 * POST /user/login {mobile, mode 1 code | 0 password, auto, verifyCode | password+key+iv} → {token, needsProfile}.
 * Wrong password: code 10011; the fifth in a row locks the account for 30 minutes (code 10012).
 */
authRoutes.post('/login', perIp('login', 30), async (c) => {
  const input = await readInput(c);
  const mobile = mobileOf(input);
  const remember = flag(input.auto);
  const { auth } = c.var.app.services.accounts;
  const mode = text(input.mode) || '0';
  if (mode === '1')
    return ok(c, await auth.loginByCode({ mobile, verifyCode: text(input.verifyCode), remember }));
  if (mode === '0') return ok(c, await auth.loginByPassword({ ...sealed(input), mobile, remember }));
  throw invalidParam('mode', MSG.valueNotAllowed);
});

/** POST /user/register {mobile, verifyCode (type 1), password+key+iv, nickName} → {token, needsProfile}. */
authRoutes.post('/register', perIp('register', 10), async (c) => {
  const input = await readInput(c);
  const mobile = mobileOf(input);
  const result = await c.var.app.services.accounts.auth.register({
    ...sealed(input),
    mobile,
    verifyCode: text(input.verifyCode),
    nickName: text(input.nickName),
  });
  return ok(c, result);
});

/** POST /user/center/retrievePassword {mobile, verifyCode (type 2), password+key+iv}: ends every session. */
authRoutes.post('/center/retrievePassword', perIp('retrieve', 10), async (c) => {
  const input = await readInput(c);
  const mobile = mobileOf(input);
  await c.var.app.services.accounts.auth.retrievePassword({
    ...sealed(input),
    mobile,
    verifyCode: text(input.verifyCode),
  });
  return ok(c, null);
});

/** GET /user/check/nick-name?nickName → {available}; a caller's own name counts as available. */
authRoutes.get('/check/nick-name', async (c) => {
  const nickName = text(c.req.query('nickName'));
  const available = await c.var.app.services.accounts.profile.nickAvailable(nickName, c.var.user?.id);
  return ok(c, { available }, available ? MSG.ok : ACCOUNT_MSG.nickTaken);
});
