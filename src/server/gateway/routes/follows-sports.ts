import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/api/attention/sport… — follows of teams and competitions (docs/messages.md). */
export const sportFollowRoutes = new Hono<GatewayEnv>();

const target = {
  // validate() names the field: "参数 type 无效：应为 team 或 competition".
  type: field.oneOf(['team', 'competition'], { refusal: MSG.sportFollowTypeRule }),
  targetId: field.id(),
};
const followInput = z.object({ ...target, cancel: field.flag() });
const statusInput = z.object(target);

/** POST /api/attention/sport {type: team|competition, targetId, cancel?: 1} → {type, id, following, followers}. */
sportFollowRoutes.post('/attention/sport', requireUser, async (c) => {
  const { type, targetId, cancel } = await read(c, followInput);
  return ok(c, await c.var.app.services.sportFollows.set(c.var.user.id, type, targetId, !cancel));
});

/** GET /api/attention/sport/status?type&targetId → {following, followers} (visitors: following false). */
sportFollowRoutes.get('/attention/sport/status', async (c) => {
  const { type, targetId } = await read(c, statusInput);
  return ok(c, await c.var.app.services.sportFollows.status(c.var.user?.id ?? null, type, targetId));
});

/** GET /api/attention/sport/list → [{type, id, sport, name, href}], newest first. */
sportFollowRoutes.get('/attention/sport/list', requireUser, async (c) =>
  ok(c, await c.var.app.services.sportFollows.list(c.var.user.id)),
);
