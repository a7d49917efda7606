import { Hono } from 'hono';
import { z } from 'zod';
import { PREDICTION_MSG } from '../../../lib/predictions.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { LIMIT } from '../limits.ts';
import type { GatewayEnv } from '../types.ts';

/** Free predictions 竞猜 (docs/predictions.md); URL prefix /svc/tj beside 锦囊. */
export const predictionRoutes = new Hono<GatewayEnv>();
const predictions = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.predictions;

const pickInput = z.object({
  winner: field.oneOf(['home', 'draw', 'away'], { refusal: PREDICTION_MSG.winner }),
  total: field.optionalOneOf(['over', 'under'], PREDICTION_MSG.total),
  matchId: field.id(),
});

/** POST /tj/prediction/pick {matchId, winner, total?} → the caller's pick and the crowd's split. */
predictionRoutes.post('/prediction/pick', requireUser, LIMIT.prediction, async (c) =>
  ok(c, await predictions(c).pick(c.var.user.id, await read(c, pickInput))),
);

const matchInput = z.object({ matchId: field.id() });

/** GET /tj/prediction/match?matchId → open or not, the viewer's pick, the split once it may be seen. */
predictionRoutes.get('/prediction/match', async (c) =>
  ok(c, await predictions(c).forMatch((await read(c, matchInput)).matchId, c.var.user?.id ?? null)),
);

const boardInput = z.object({
  days: field
    .oneOf(['7', '30'], { fallback: '7', refusal: PREDICTION_MSG.period })
    .transform((days) => Number(days) as 7 | 30),
});

/** GET /tj/prediction/board?days=7|30 → the week's or month's best fans by hit rate. */
predictionRoutes.get('/prediction/board', async (c) => {
  const { days } = await read(c, boardInput);
  return ok(c, await predictions(c).board(days));
});
