import { Hono } from 'hono';
import { RATING_MSG, isRatingValue } from '../../../lib/ratings.ts';
import { invalidParam } from '../../errors.ts';
import { text } from '../../validate.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { LIMIT } from '../limits.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { idOf } from './tips-input.ts';

/** Fans' player ratings 球员评分 (docs/ratings.md); URL prefix /svc/live beside the match data. */
export const ratingRoutes = new Hono<GatewayEnv>();
const ratings = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ratings;

/** POST /live/rating/rate {matchId, playerId, rating} → the caller's rating, the player's average, 全场最佳. */
ratingRoutes.post('/rating/rate', requireUser, LIMIT.rating, async (c) => {
  const input = await readInput(c);
  const raw = text(input.rating);
  const rating = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !isRatingValue(rating)) throw invalidParam('rating', RATING_MSG.rating);
  return ok(
    c,
    await ratings(c).rate(c.var.user.id, clientIp(c), {
      matchId: idOf('matchId', input.matchId),
      playerId: idOf('playerId', input.playerId),
      rating,
    }),
  );
});

/** GET /live/rating/match?matchId → every player who played with both ratings, 全场最佳, the viewer's own. */
ratingRoutes.get('/rating/match', async (c) =>
  ok(c, await ratings(c).forMatch(idOf('matchId', c.req.query('matchId')), c.var.user?.id ?? null)),
);
