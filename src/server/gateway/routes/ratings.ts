import { Hono } from 'hono';
import { z } from 'zod';
import { RATING_MSG, isRatingValue } from '../../../lib/ratings.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { LIMIT } from '../limits.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** Fans' player ratings 球员评分 (docs/ratings.md); URL prefix /svc/live beside the match data. */
export const ratingRoutes = new Hono<GatewayEnv>();
const ratings = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ratings;

const rateInput = z.object({
  rating: field
    .str()
    .refine((r) => /^\d+(\.\d+)?$/.test(r) && isRatingValue(Number(r)), RATING_MSG.rating)
    .transform(Number),
  matchId: field.id(),
  playerId: field.id(),
});

/** POST /live/rating/rate {matchId, playerId, rating} → the caller's rating, the player's average, 全场最佳. */
ratingRoutes.post('/rating/rate', requireUser, LIMIT.rating, async (c) =>
  ok(c, await ratings(c).rate(c.var.user.id, clientIp(c), await read(c, rateInput))),
);

const matchInput = z.object({ matchId: field.id() });

/** GET /live/rating/match?matchId → every player who played with both ratings, 全场最佳, the viewer's own. */
ratingRoutes.get('/rating/match', async (c) =>
  ok(c, await ratings(c).forMatch((await read(c, matchInput)).matchId, c.var.user?.id ?? null)),
);
