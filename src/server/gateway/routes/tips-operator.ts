import { Hono } from 'hono';
import { z } from 'zod';
import { TIP_MSG } from '../../../lib/tips/messages.ts';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';

/** Expert applications and suspensions (运营 role); every action is in the ops log. URL prefix /svc/tj/operator. */
export const tipsOperatorRoutes = new Hono<GatewayEnv>().use(requireAccess('experts.review'));
const experts = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.tips.experts;

const applicationsInput = z.object({ status: field.pick(['approved', 'rejected'], 'pending') });
const approveInput = z.object({
  note: field.str().transform((note) => note.slice(0, 200) || null),
  id: field.id(),
});
const refusalInput = z.object({ reason: field.chars(2, 200, TIP_MSG.reason), id: field.id() });

/** GET /tj/operator/applications?status(pending|approved|rejected) → up to 100, newest first. */
tipsOperatorRoutes.get('/applications', async (c) => {
  const { status } = await read(c, applicationsInput);
  return ok(c, await experts(c).applications(status));
});

/** POST /tj/operator/applications/{id}/approve {note?}: the user becomes an expert (isExpert 1). */
tipsOperatorRoutes.post('/applications/:id/approve', async (c) => {
  const { note, id } = await read(c, approveInput);
  return ok(c, await experts(c).review(c.var.user.id, id, true, note));
});

/** POST /tj/operator/applications/{id}/reject {reason}. */
tipsOperatorRoutes.post('/applications/:id/reject', async (c) => {
  const { reason, id } = await read(c, refusalInput);
  return ok(c, await experts(c).review(c.var.user.id, id, false, reason));
});

/** POST /tj/operator/experts/{id}/suspend {reason} → {expertId, voided}: open plans refunded. */
tipsOperatorRoutes.post('/experts/:id/suspend', async (c) => {
  const { reason, id } = await read(c, refusalInput);
  return ok(c, await experts(c).suspend(c.var.user.id, id, reason));
});
