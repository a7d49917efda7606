import { Hono } from 'hono';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { idOf, reasonOf } from './tips-input.ts';
import { text } from '../../validate.ts';

/** Expert applications and suspensions (运营 role); every action is in the ops log. URL prefix /svc/tj/operator. */
export const tipsOperatorRoutes = new Hono<GatewayEnv>().use(requireAccess('experts.review'));
const experts = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.tips.experts;

/** GET /tj/operator/applications?status(pending|approved|rejected) → up to 100, newest first. */
tipsOperatorRoutes.get('/applications', async (c) => {
  const s = c.req.query('status');
  const status = s === 'approved' || s === 'rejected' ? s : 'pending';
  return ok(c, await experts(c).applications(status));
});

/** POST /tj/operator/applications/{id}/approve {note?}: the user becomes an expert (isExpert 1). */
tipsOperatorRoutes.post('/applications/:id/approve', async (c) => {
  const note = text((await readInput(c)).note).slice(0, 200) || null;
  return ok(c, await experts(c).review(c.var.user.id, idOf('id', c.req.param('id')), true, note));
});

/** POST /tj/operator/applications/{id}/reject {reason}. */
tipsOperatorRoutes.post('/applications/:id/reject', async (c) => {
  const reason = reasonOf(await readInput(c));
  return ok(c, await experts(c).review(c.var.user.id, idOf('id', c.req.param('id')), false, reason));
});

/** POST /tj/operator/experts/{id}/suspend {reason} → {expertId, voided}: open plans refunded. */
tipsOperatorRoutes.post('/experts/:id/suspend', async (c) => {
  const reason = reasonOf(await readInput(c));
  return ok(c, await experts(c).suspend(c.var.user.id, idOf('id', c.req.param('id')), reason));
});
