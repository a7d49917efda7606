import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { ok } from '../envelope.ts';
import { field, read, sealedPassword } from '../input.ts';
import { clientIp, rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/user — login, registration, password recovery and the password transport keys. */
export const authRoutes = new Hono<GatewayEnv>();

const perIp = (name: string, max: number) =>
  rateLimit({ name, max, windowMs: 60_000, key: (c) => `ip${clientIp(c)}` });

/** GET /user/key/getDynamicKey → {key, iv}: a one-time pair for sealing a password (5 minutes). */
authRoutes.get('/key/getDynamicKey', perIp('dynkey', 60), async (c) =>
  ok(c, await c.var.app.services.accounts.keys.issue()),
);

const loginInput = z.object({
  mobile: field.mobile(),
  auto: field.flag(),
  mode: field.oneOf(['0', '1'], { fallback: '0' }),
  verifyCode: field.str(),
  ...sealedPassword,
});

/**
 * POST /user/login {mobile, mode 1 code | 0 password, auto, verifyCode | password+key+iv} → {token, needsProfile}.
 * Wrong password: code 10011; the fifth in a row locks the account for 30 minutes (code 10012).
 */
authRoutes.post('/login', perIp('login', 30), async (c) => {
  const { mobile, auto: remember, mode, verifyCode, ...sealed } = await read(c, loginInput);
  const { auth } = c.var.app.services.accounts;
  if (mode === '1') return ok(c, await auth.loginByCode({ mobile, verifyCode, remember }));
  return ok(c, await auth.loginByPassword({ ...sealed, mobile, remember }));
});

const registerInput = z.object({
  mobile: field.mobile(),
  verifyCode: field.str(),
  nickName: field.str(),
  ...sealedPassword,
});

/** POST /user/register {mobile, verifyCode (type 1), password+key+iv, nickName} → {token, needsProfile}. */
authRoutes.post('/register', perIp('register', 10), async (c) =>
  ok(c, await c.var.app.services.accounts.auth.register(await read(c, registerInput))),
);

const retrievePasswordInput = z.object({
  mobile: field.mobile(),
  verifyCode: field.str(),
  ...sealedPassword,
});

/** POST /user/center/retrievePassword {mobile, verifyCode (type 2), password+key+iv}: ends every session. */
authRoutes.post('/center/retrievePassword', perIp('retrieve', 10), async (c) => {
  await c.var.app.services.accounts.auth.retrievePassword(await read(c, retrievePasswordInput));
  return ok(c, null);
});

const nickNameInput = z.object({ nickName: field.str() });

/** GET /user/check/nick-name?nickName → {available}; a caller's own name counts as available. */
authRoutes.get('/check/nick-name', async (c) => {
  const { nickName } = await read(c, nickNameInput);
  const available = await c.var.app.services.accounts.profile.nickAvailable(nickName, c.var.user?.id);
  return ok(c, { available }, available ? MSG.ok : ACCOUNT_MSG.nickTaken);
});
