import { Hono } from 'hono';
import { PREDICTION_MSG } from '../../../lib/predictions.ts';
import { invalidParam } from '../../errors.ts';
import { text } from '../../validate.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { LIMIT } from '../limits.ts';
import type { GatewayEnv } from '../types.ts';
import { idOf } from './tips-input.ts';

/** Free predictions 竞猜 (docs/predictions.md); URL prefix /svc/tj beside 锦囊. */
export const predictionRoutes = new Hono<GatewayEnv>();
const predictions = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.predictions;

/** POST /tj/prediction/pick {matchId, winner, total?} → the caller's pick and the crowd's split. */
predictionRoutes.post('/prediction/pick', requireUser, LIMIT.prediction, async (c) => {
  const input = await readInput(c);
  const winner = text(input.winner);
  if (!['home', 'draw', 'away'].includes(winner)) throw invalidParam('winner', PREDICTION_MSG.winner);
  const total = text(input.total);
  if (total && total !== 'over' && total !== 'under') throw invalidParam('total', PREDICTION_MSG.total);
  return ok(
    c,
    await predictions(c).pick(c.var.user.id, {
      matchId: idOf('matchId', input.matchId),
      winner: winner as 'home',
      total: (total || undefined) as 'over' | undefined,
    }),
  );
});

/** GET /tj/prediction/match?matchId → open or not, the viewer's pick, the split once it may be seen. */
predictionRoutes.get('/prediction/match', async (c) =>
  ok(c, await predictions(c).forMatch(idOf('matchId', c.req.query('matchId')), c.var.user?.id ?? null)),
);

/** GET /tj/prediction/board?days=7|30 → the week's or month's best fans by hit rate. */
predictionRoutes.get('/prediction/board', async (c) => {
  const days = text(c.req.query('days')) || '7';
  if (days !== '7' && days !== '30') throw invalidParam('days', PREDICTION_MSG.period);
  return ok(c, await predictions(c).board(Number(days) as 7 | 30));
});
