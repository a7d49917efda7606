import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { sportsCentreRoutes } from './sports-centre.ts';
import { sportsDataRoutes } from './sports-data.ts';
import { sportsMatchRoutes } from './sports-match.ts';
import { sportsScoreRoutes } from './sports-scores.ts';
import { sportsScoreboardRoutes } from './sports-scoreboards.ts';

/** /svc/live — the sports data calls (docs/sports-api.md); the spec's prefix `live` is not the live rooms. */
export const sportsRoutes = new Hono<GatewayEnv>();

/** GET /live/time: the server clock, so clients can show countdowns without trusting their own. */
sportsRoutes.get('/time', (c) => {
  const now = new Date();
  return ok(c, { time: now.getTime(), iso: now.toISOString(), zone: 'Asia/Shanghai' });
});
sportsRoutes.route('/', sportsMatchRoutes);
sportsRoutes.route('/', sportsDataRoutes);
sportsRoutes.route('/', sportsScoreRoutes);
sportsRoutes.route('/', sportsScoreboardRoutes);
sportsRoutes.route('/', sportsCentreRoutes);
