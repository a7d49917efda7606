import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/live — sports data; the score, odds and database calls join this router. */
export const liveRoutes = new Hono<GatewayEnv>();

/** GET /live/time: the server clock, so clients can show countdowns without trusting their own. */
liveRoutes.get('/time', (c) => {
  const now = new Date();
  return ok(c, { time: now.getTime(), iso: now.toISOString(), zone: 'Asia/Shanghai' });
});
