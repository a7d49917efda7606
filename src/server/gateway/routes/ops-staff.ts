import { Hono } from 'hono';
import { MSG } from '../../../lib/messages.ts';
import { may } from '../../../lib/access.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { z } from 'zod';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { LIMIT } from '../limits.ts';
import { clientIp } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/user/staff — the staff console's own calls (docs/ops.md). */
export const staffRoutes = new Hono<GatewayEnv>();

/**
 * POST /user/staff/second-factor → msg 已发送, data {mobile (masked), demo, demoCode?}: a code (SMS type 6)
 * to the caller's own phone, for the next money move or ban. Any staff role; the SMS limits apply.
 */
staffRoutes.post('/second-factor', requireAccess('console.enter'), LIMIT.sms, async (c) => {
  const data = await c.var.app.services.ops.secondFactor.send(c.var.user.id, clientIp(c));
  return ok(c, data, MSG.codeSent);
});

/**
 * GET /user/staff/dashboard → the console's front-page figures, refreshed by /ops every 10 s; `money`
 * (today's recharge, withdrawals waiting) is null unless the caller is 财务 or 管理员.
 */
staffRoutes.get('/dashboard', requireAccess('console.enter'), async (c) =>
  ok(c, await c.var.app.services.ops.dashboard.figures({ money: may(c.var.user.roles, 'money.manage') })),
);

const roles = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ops.staff;

/** GET /user/staff/roles → everyone holding a staff role [{id, nickName, mobile (masked), roles}] (管理员). */
staffRoutes.get('/roles', requireAccess('staff.manage'), async (c) => ok(c, await roles(c).list()));

const roleChangeInput = z.object({
  userId: field.count({ refusal: OPS_MSG.opsUserNotFound }),
  reason: field.str().transform((r) => r.slice(0, 100)),
  role: field.str(),
  action: field.oneOf(['grant', 'revoke']),
});

/**
 * POST /user/staff/roles/grant | /revoke {userId, role (operator|editor|finance|admin), reason?} →
 * {userId, roles} (管理员). An admin cannot remove their own admin role; each change is in the ops log.
 */
staffRoutes.post('/roles/:action{grant|revoke}', requireAccess('staff.manage'), async (c) => {
  const { userId, reason, role, action } = await read(c, roleChangeInput);
  const s = roles(c);
  const change = action === 'grant' ? s.grant : s.revoke;
  return ok(c, await change(c.var.user.id, userId, role, reason));
});
