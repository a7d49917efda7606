import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/api — the live-room service; rooms, chat and matches join this router. */
export const apiRoutes = new Hono<GatewayEnv>();

/** GET /api/banner/list: the home carousel. */
apiRoutes.get('/banner/list', async (c) => ok(c, await c.var.app.services.site.banners()));

/** GET /api/search/list: the hot-search words shown under the search box. */
apiRoutes.get('/search/list', async (c) => ok(c, await c.var.app.services.site.hotSearches()));
