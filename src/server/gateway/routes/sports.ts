import { Hono } from 'hono';
import type { GatewayEnv } from '../types.ts';
import { sportsCentreRoutes } from './sports-centre.ts';
import { sportsDataRoutes } from './sports-data.ts';
import { sportsMatchRoutes } from './sports-match.ts';
import { sportsScoreRoutes } from './sports-scores.ts';
import { sportsScoreboardRoutes } from './sports-scoreboards.ts';

/** /svc/live — the sports data calls (docs/sports-api.md), beside /live/time in live.ts. */
export const sportsRoutes = new Hono<GatewayEnv>();
sportsRoutes.route('/', sportsMatchRoutes);
sportsRoutes.route('/', sportsDataRoutes);
sportsRoutes.route('/', sportsScoreRoutes);
sportsRoutes.route('/', sportsScoreboardRoutes);
sportsRoutes.route('/', sportsCentreRoutes);
