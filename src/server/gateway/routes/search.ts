import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { clientIp, rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { searcherOf } from '../../services/search/hot.ts';

/** /svc/api/search — hot words, the site search and the console's word controls (docs/search.md). */
export const searchRoutes = new Hono<GatewayEnv>();

/** GET /api/search/list → [{word}]: pinned words, then those most different visitors searched lately. */
searchRoutes.get('/search/list', async (c) => ok(c, await c.var.app.services.search.hot.list()));

const searchInput = z.object({ val: field.str(), lookup: field.str() });

/**
 * GET /api/search/all?val&lookup? → {word, total, matches, groups: [{key, label, list}]}: one search
 * over teams, players, competitions, anchors and rooms, experts and plans, news, posts and help pages.
 * A search that finds something counts towards the hot words, unless it is a lookup (`lookup=1`: the
 * news editor's picker searching as the editor types).
 */
searchRoutes.get('/search/all', rateLimit({ name: 'search', max: 120, windowMs: 60_000 }), async (c) => {
  const { search } = c.var.app.services;
  const { val, lookup } = await read(c, searchInput);
  const result = await search.query(val);
  const who = searcherOf(clientIp(c), c.var.user?.id);
  if (result.total > 0 && who && lookup !== '1') await search.hot.record(result.word, who);
  return ok(c, result);
});

/** GET /api/search/words (operators) → [{word, hits, searchers, score, pinned, hidden, sort}]. */
searchRoutes.get('/search/words', requireAccess('search.words'), async (c) =>
  ok(c, await c.var.app.services.search.hot.words(c.var.user)),
);

// The word as sent: the service reads and checks it (search/hot.ts).
const pinInput = z.object({ word: z.unknown(), pinned: field.flag() });
const hideInput = z.object({ word: z.unknown(), hidden: field.flag() });

/** POST /api/search/word/pin {word, pinned: 1|0} (operators, logged) → {word, pinned, hidden}. */
searchRoutes.post('/search/word/pin', requireAccess('search.words'), async (c) => {
  const { word, pinned } = await read(c, pinInput);
  return ok(c, await c.var.app.services.search.hot.pin(c.var.user, word, pinned));
});

/** POST /api/search/word/hide {word, hidden: 1|0} (operators, logged) → {word, pinned, hidden}. */
searchRoutes.post('/search/word/hide', requireAccess('search.words'), async (c) => {
  const { word, hidden } = await read(c, hideInput);
  return ok(c, await c.var.app.services.search.hot.hide(c.var.user, word, hidden));
});
