import { Hono } from 'hono';
import { MSG } from '../../../lib/messages.ts';
import { requireRole } from '../auth.ts';
import { ok } from '../envelope.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/user/staff — the staff console's own calls (docs/ops.md). */
export const staffRoutes = new Hono<GatewayEnv>();

/**
 * POST /user/staff/second-factor → msg 已发送, data {mobile (masked), demo, demoCode?}: a code (SMS type 6)
 * to the caller's own phone, for the next money move or ban. Any staff role; the SMS limits apply.
 */
staffRoutes.post('/second-factor', requireRole('operator', 'editor', 'finance'), async (c) => {
  const data = await c.var.app.services.ops.secondFactor.send(c.var.user!.id, clientIp(c));
  return ok(c, data, MSG.codeSent);
});
