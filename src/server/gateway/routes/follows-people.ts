import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/**
 * /svc/user/info — 关注 of users and experts (/v/concern; anchors keep /api/attention/*). The spec lists
 * only `GET /user/info/attention`; these calls sit beside it (docs/messages.md, "Follows").
 */
export const followRoutes = new Hono<GatewayEnv>();
const pagingInput = z.object({ page: field.page(), pageSize: field.pageSize(30, 100) });
const followInput = z.object({
  targetId: field.id(),
  type: field.optionalOneOf(['user', 'expert']),
  cancel: field.flag(),
});

/** POST /user/info/follow {targetId, type?: user|expert, cancel?} → {followed, following, followsMe, followers}. */
followRoutes.post(
  '/info/follow',
  requireUser,
  rateLimit({ name: 'follow', max: 60, windowMs: 60_000 }),
  async (c) => {
    const { targetId, type, cancel } = await read(c, followInput);
    return ok(c, await c.var.app.services.follows.set(c.var.user.id, targetId, !cancel, type));
  },
);

/** GET /user/info/following?page&pageSize: the users and experts I follow. */
followRoutes.get('/info/following', requireUser, async (c) => {
  const { page, pageSize } = await read(c, pagingInput);
  return ok(c, await c.var.app.services.follows.following(c.var.user.id, page, pageSize));
});

/** GET /user/info/fans?page&pageSize: who follows me, with whether I follow back. */
followRoutes.get('/info/fans', requireUser, async (c) => {
  const { page, pageSize } = await read(c, pagingInput);
  return ok(c, await c.var.app.services.follows.fans(c.var.user.id, page, pageSize));
});
