import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { sports } from './sports-context.ts';

/** /svc/live — the score pages' model and text-live lists (docs/sports-api.md §1). */
export const sportsScoreboardRoutes = new Hono<GatewayEnv>();
const r = sportsScoreboardRoutes;

const modelInput = z.object({ date: field.optionalDate() });

/**
 * GET /live/football/model?date → {date, matches[MatchListItem & {prediction: {model{home,draw,away,expectedGoals},
 * implied{home,draw,away,companies} | null, ratingGenerated}}]}: 模型预测 of a date (default today).
 */
r.get('/football/model', async (c) => {
  const { date = sports(c).lists.today() } = await read(c, modelInput);
  return ok(c, await sports(c).scoreboards.predictions(date));
});

const textLiveInput = z.object({ sport: field.sportId() });

/** GET /live/{sport}/text → [MatchListItem & {latest{text, minute, period, clockSeconds, at} | null}]: 文字直播 of today. */
r.get('/:sport/text', async (c) =>
  ok(c, await sports(c).scoreboards.textLive((await read(c, textLiveInput)).sport)),
);
