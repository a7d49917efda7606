import { MSG, fill } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, q, validate } from '../../validate.ts';

/** /svc/api/attention/sport… — follows of teams and competitions (docs/messages.md). */
export const sportFollowRoutes = new Hono<GatewayEnv>();

const target = z.object({
  type: z.enum(['team', 'competition'], {
    message: fill(MSG.paramInvalid, { field: 'type', reason: MSG.sportFollowTypeRule }),
  }),
  targetId: q.id(),
});

/** POST /api/attention/sport {type: team|competition, targetId, cancel?: 1} → {type, id, following, followers}. */
sportFollowRoutes.post('/attention/sport', requireUser, async (c) => {
  const input = await readInput(c);
  const { type, targetId } = validate(target, input);
  return ok(c, await c.var.app.services.sportFollows.set(c.var.user.id, type, targetId, !flag(input.cancel)));
});

/** GET /api/attention/sport/status?type&targetId → {following, followers} (visitors: following false). */
sportFollowRoutes.get('/attention/sport/status', async (c) => {
  const { type, targetId } = validate(target, c.req.query());
  return ok(c, await c.var.app.services.sportFollows.status(c.var.user?.id ?? null, type, targetId));
});

/** GET /api/attention/sport/list → [{type, id, sport, name, href}], newest first. */
sportFollowRoutes.get('/attention/sport/list', requireUser, async (c) =>
  ok(c, await c.var.app.services.sportFollows.list(c.var.user.id)),
);
