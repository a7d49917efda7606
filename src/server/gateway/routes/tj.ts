import { Hono } from 'hono';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/tj — expert tips. */
export const tjRoutes = new Hono<GatewayEnv>();

/** POST /tj/expert/info → the caller's expert profile, or {} for a user who is no expert. */
tjRoutes.post('/expert/info', requireUser, async (c) => {
  return ok(c, (await c.var.app.services.experts.profileOf(c.var.user!.id)) ?? {});
});
