import type { Caller } from '../../services/live/access.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';

/** The live-room routes' (live-*.ts) service and who is calling. */

type Ctx = { var: GatewayEnv['Variables'] };

export const live = (c: Ctx) => c.var.app.services.live;
/** The logged-in caller: only routes behind requireUser or requireAccess type-check with it. */
export const caller = (c: UserCtx): Caller => ({ id: c.var.user.id, roles: c.var.user.roles });
export const viewer = (c: Ctx): Caller | null =>
  c.var.user ? { id: c.var.user.id, roles: c.var.user.roles } : null;
