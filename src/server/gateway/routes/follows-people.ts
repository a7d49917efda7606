import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, q, validate } from '../../validate.ts';

/**
 * /svc/user/info — 关注 of users and experts (/v/concern; anchors keep /api/attention/*). The spec lists
 * only `GET /user/info/attention`; these calls sit beside it (docs/messages.md, "Follows").
 */
export const followRoutes = new Hono<GatewayEnv>();
const paging = z.object({ page: q.page(), pageSize: q.pageSize(30, 100) });

/** POST /user/info/follow {targetId, type?: user|expert, cancel?} → {followed, following, followsMe, followers}. */
followRoutes.post(
  '/info/follow',
  requireUser,
  rateLimit({ name: 'follow', max: 60, windowMs: 60_000 }),
  async (c) => {
    const input = await readInput(c);
    const { targetId, type } = validate(
      z.object({ targetId: q.id(), type: z.enum(['user', 'expert']).optional() }),
      input,
    );
    return ok(c, await c.var.app.services.follows.set(c.var.user.id, targetId, !flag(input.cancel), type));
  },
);

/** GET /user/info/following?page&pageSize: the users and experts I follow. */
followRoutes.get('/info/following', requireUser, async (c) => {
  const { page, pageSize } = validate(paging, c.req.query());
  return ok(c, await c.var.app.services.follows.following(c.var.user.id, page, pageSize));
});

/** GET /user/info/fans?page&pageSize: who follows me, with whether I follow back. */
followRoutes.get('/info/fans', requireUser, async (c) => {
  const { page, pageSize } = validate(paging, c.req.query());
  return ok(c, await c.var.app.services.follows.fans(c.var.user.id, page, pageSize));
});
