import { Hono } from 'hono';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { dateOf, sportOf, sports } from './sports-input.ts';

/** /svc/live — the score pages' model and text-live lists (docs/sports-api.md §1). */
export const sportsScoreboardRoutes = new Hono<GatewayEnv>();
const r = sportsScoreboardRoutes;

/**
 * GET /live/football/model?date → {date, matches[MatchListItem & {prediction: {model{home,draw,away,expectedGoals},
 * implied{home,draw,away,companies} | null, ratingGenerated}}]}: 模型预测 of a date (default today).
 */
r.get('/football/model', async (c) =>
  ok(c, await sports(c).scoreboards.predictions(dateOf(c, sports(c).lists.today()))),
);

/** GET /live/{sport}/text → [MatchListItem & {latest{text, minute, period, clockSeconds, at} | null}]: 文字直播 of today. */
r.get('/:sport/text', async (c) => ok(c, await sports(c).scoreboards.textLive(sportOf(c))));
