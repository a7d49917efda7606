import { Hono } from 'hono';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { clientIp, rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { searcherOf } from '../../services/search/hot.ts';
import { flag, text } from '../../validate.ts';

/** /svc/api/search — hot words, the site search and the console's word controls (docs/search.md). */
export const searchRoutes = new Hono<GatewayEnv>();

/** GET /api/search/list → [{word}]: pinned words, then those most different visitors searched lately. */
searchRoutes.get('/search/list', async (c) => ok(c, await c.var.app.services.search.hot.list()));

/**
 * GET /api/search/all?val&lookup? → {word, total, matches, groups: [{key, label, list}]}: one search
 * over teams, players, competitions, anchors and rooms, experts and plans, news, posts and help pages.
 * A search that finds something counts towards the hot words, unless it is a lookup (`lookup=1`: the
 * news editor's picker searching as the editor types).
 */
searchRoutes.get('/search/all', rateLimit({ name: 'search', max: 120, windowMs: 60_000 }), async (c) => {
  const { search } = c.var.app.services;
  const result = await search.query(text(c.req.query('val')));
  const who = searcherOf(clientIp(c), c.var.user?.id);
  if (result.total > 0 && who && c.req.query('lookup') !== '1') await search.hot.record(result.word, who);
  return ok(c, result);
});

/** GET /api/search/words (operators) → [{word, hits, searchers, score, pinned, hidden, sort}]. */
searchRoutes.get('/search/words', requireAccess('search.words'), async (c) =>
  ok(c, await c.var.app.services.search.hot.words(c.var.user)),
);

/** POST /api/search/word/pin {word, pinned: 1|0} (operators, logged) → {word, pinned, hidden}. */
searchRoutes.post('/search/word/pin', requireAccess('search.words'), async (c) => {
  const input = await readInput(c);
  return ok(c, await c.var.app.services.search.hot.pin(c.var.user, input.word, flag(input.pinned)));
});

/** POST /api/search/word/hide {word, hidden: 1|0} (operators, logged) → {word, pinned, hidden}. */
searchRoutes.post('/search/word/hide', requireAccess('search.words'), async (c) => {
  const input = await readInput(c);
  return ok(c, await c.var.app.services.search.hot.hide(c.var.user, input.word, flag(input.hidden)));
});
