import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { anchorRoutes } from './live-anchor-tools.ts';
import { reportIntakeRoutes } from './ops-reports.ts';
import { liveChatRoutes } from './live-chat.ts';
import { matchApiRoutes } from './sports-schedule.ts';
import { moderationRoutes } from './live-moderation.ts';
import { roomRoutes } from './live-rooms.ts';
import { searchRoutes } from './search.ts';
import { sportFollowRoutes } from './follows-sports.ts';
import { liveUserRoutes } from './live-anchors.ts';

/** /svc/api — the live-room service; rooms, chat and matches join this router. */
export const apiRoutes = new Hono<GatewayEnv>();

/** GET /api/banner/list: the home carousel. */
apiRoutes.get('/banner/list', async (c) => ok(c, await c.var.app.services.site.banners()));

// Search: hot words, one search over everything, the console's word list (docs/search.md).
apiRoutes.route('/', searchRoutes);

// Live rooms (docs/live-rooms.md).
apiRoutes.route('/', roomRoutes);
apiRoutes.route('/', anchorRoutes);
apiRoutes.route('/', liveUserRoutes);
apiRoutes.route('/', liveChatRoutes);
apiRoutes.route('/', moderationRoutes);
// Reports of chat messages and users, for the console's queue (docs/ops.md).
apiRoutes.route('/', reportIntakeRoutes);
// Matches: dates, hot, schedule, reservations and followed matches (docs/sports-api.md).
apiRoutes.route('/', matchApiRoutes);
// Follows of teams and competitions (docs/messages.md).
apiRoutes.route('/', sportFollowRoutes);
