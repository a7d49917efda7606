import { Hono } from 'hono';
import { z } from 'zod';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, sealedPassword, whole } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { LIMIT } from '../limits.ts';

/** /svc/user/center — the caller's own account. Every route needs a login. */
export const centerRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;

/** GET /user/center/info → the caller's profile (masked mobile, hasPassword, needsProfile, realName …). */
centerRoutes.get('/info', requireUser, async (c) =>
  ok(c, await c.var.app.services.accounts.profile.info(me(c))),
);

const nickNameInput = z.object({ nickName: field.str() });

/** GET /user/center/updateNickName?nickName */
centerRoutes.get('/updateNickName', requireUser, LIMIT.profile, async (c) => {
  const { nickName } = await read(c, nickNameInput);
  await c.var.app.services.accounts.profile.updateNickName(me(c), nickName);
  return ok(c, null);
});

const portraitInput = z.object({ portrait: field.str() });

/** GET /user/center/updatePortrait?portrait — a URL returned by /user/common/multiUploadBase64. */
centerRoutes.get('/updatePortrait', requireUser, async (c) => {
  const { portrait } = await read(c, portraitInput);
  await c.var.app.services.accounts.profile.updatePortrait(me(c), portrait);
  return ok(c, null);
});

/** Each field sent is changed, each left out kept; an empty gender reads as 0. */
const profileInput = z.object({
  gender: field
    .strIfSent()
    .transform((g) => (g === undefined ? undefined : Number(g)))
    .refine((g) => g === undefined || g === 0 || g === 1 || g === 2, whole(ACCOUNT_MSG.genderInvalid)),
  birthday: field.strIfSent(),
  signature: field.strIfSent(),
});

/** POST /user/center/updateInfo {gender 0|1|2, birthday YYYY-MM-DD | '', signature} — any of them. */
centerRoutes.post('/updateInfo', requireUser, LIMIT.profile, async (c) => {
  await c.var.app.services.accounts.profile.updateInfo(me(c), await read(c, profileInput));
  return ok(c, null);
});

/** GET /user/center/real-name → {status 0|1, realName (masked), idCard (masked), verifiedAt}. */
centerRoutes.get('/real-name', requireUser, async (c) =>
  ok(c, await c.var.app.services.accounts.realName.get(me(c))),
);

const realNameInput = z.object({ realName: field.str(), idCard: field.str() });

/** POST /user/center/real-name {realName, idCard} → the same masked shape as GET. */
centerRoutes.post(
  '/real-name',
  requireUser,
  rateLimit({ name: 'realname', max: 10, windowMs: 3600_000 }),
  async (c) => ok(c, await c.var.app.services.accounts.realName.submit(me(c), await read(c, realNameInput))),
);

const passwordLimit = rateLimit({ name: 'password', max: 10, windowMs: 600_000 });
const sealedPasswordInput = z.object(sealedPassword);

/** POST /user/center/updatePassword {oldPassword, password, key, iv}: both sealed with the one pair. */
centerRoutes.post('/updatePassword', requireUser, passwordLimit, async (c) => {
  const sealed = await read(c, sealedPasswordInput);
  await c.var.app.services.accounts.auth.updatePassword(me(c), c.var.accessToken!, sealed);
  return ok(c, null);
});

/** POST /user/center/initPassword {password, key, iv}: only while the account has no password. */
centerRoutes.post('/initPassword', requireUser, passwordLimit, async (c) => {
  await c.var.app.services.accounts.auth.initPassword(me(c), await read(c, sealedPasswordInput));
  return ok(c, null);
});
