import { Hono } from 'hono';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../../errors.ts';
import { sealed } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { text } from '../../validate.ts';
import { LIMIT } from '../limits.ts';

/** /svc/user/center — the caller's own account. Every route needs a login. */
export const centerRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;

/** GET /user/center/info → the caller's profile (masked mobile, hasPassword, needsProfile, realName …). */
centerRoutes.get('/info', requireUser, async (c) =>
  ok(c, await c.var.app.services.accounts.profile.info(me(c))),
);

/** GET /user/center/updateNickName?nickName */
centerRoutes.get('/updateNickName', requireUser, LIMIT.profile, async (c) => {
  await c.var.app.services.accounts.profile.updateNickName(me(c), text(c.req.query('nickName')));
  return ok(c, null);
});

/** GET /user/center/updatePortrait?portrait — a URL returned by /user/common/multiUploadBase64. */
centerRoutes.get('/updatePortrait', requireUser, async (c) => {
  await c.var.app.services.accounts.profile.updatePortrait(me(c), text(c.req.query('portrait')));
  return ok(c, null);
});

/** POST /user/center/updateInfo {gender 0|1|2, birthday YYYY-MM-DD | '', signature} — any of them. */
centerRoutes.post('/updateInfo', requireUser, LIMIT.profile, async (c) => {
  const input = await readInput(c);
  const present = (k: string) => input[k] !== undefined;
  const gender = present('gender') ? Number(text(input.gender)) : undefined;
  if (gender !== undefined && gender !== 0 && gender !== 1 && gender !== 2)
    throw badRequest(ACCOUNT_MSG.genderInvalid);
  await c.var.app.services.accounts.profile.updateInfo(me(c), {
    gender,
    birthday: present('birthday') ? text(input.birthday) : undefined,
    signature: present('signature') ? text(input.signature) : undefined,
  });
  return ok(c, null);
});

/** GET /user/center/real-name → {status 0|1, realName (masked), idCard (masked), verifiedAt}. */
centerRoutes.get('/real-name', requireUser, async (c) =>
  ok(c, await c.var.app.services.accounts.realName.get(me(c))),
);

/** POST /user/center/real-name {realName, idCard} → the same masked shape as GET. */
centerRoutes.post(
  '/real-name',
  requireUser,
  rateLimit({ name: 'realname', max: 10, windowMs: 3600_000 }),
  async (c) => {
    const input = await readInput(c);
    const result = await c.var.app.services.accounts.realName.submit(me(c), {
      realName: text(input.realName),
      idCard: text(input.idCard),
    });
    return ok(c, result);
  },
);

const passwordLimit = rateLimit({ name: 'password', max: 10, windowMs: 600_000 });

/** POST /user/center/updatePassword {oldPassword, password, key, iv}: both sealed with the one pair. */
centerRoutes.post('/updatePassword', requireUser, passwordLimit, async (c) => {
  await c.var.app.services.accounts.auth.updatePassword(
    me(c),
    c.var.accessToken!,
    sealed(await readInput(c)),
  );
  return ok(c, null);
});

/** POST /user/center/initPassword {password, key, iv}: only while the account has no password. */
centerRoutes.post('/initPassword', requireUser, passwordLimit, async (c) => {
  await c.var.app.services.accounts.auth.initPassword(me(c), sealed(await readInput(c)));
  return ok(c, null);
});
