import type { MiddlewareHandler } from 'hono';
import { fill, MSG } from '../../lib/messages.ts';
import { hasRole, STAFF_ROLE_TITLES, type StaffRole } from '../../lib/vocab/roles.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { GatewayEnv } from './types.ts';

/** Reads the accessToken header (spec §6: every request sends it) and resolves the session. */
export const identify: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  const token = c.req.header('accessToken')?.trim() || null;
  c.set('accessToken', token);
  c.set('user', token ? await c.var.app.services.sessions.userByToken(token) : null);
  await next();
};

/**
 * Every guard that refuses a caller without a session. Tests read the router for them, so a route
 * added later with one of these is checked for refusals without editing any test.
 */
export const userGuards = new WeakSet<MiddlewareHandler<GatewayEnv>>();

/** For routes that need a logged-in caller. */
export const requireUser: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
};
userGuards.add(requireUser);

/** For staff routes: a logged-in caller holding one of `roles` (管理员 passes every check). */
export function requireRole(...roles: StaffRole[]): MiddlewareHandler<GatewayEnv> {
  const guard: MiddlewareHandler<GatewayEnv> = async (c, next) => {
    if (!c.var.user) throw unauthorized();
    if (!hasRole(c.var.user.roles, ...roles))
      throw forbidden(fill(MSG.staffOnly, { roles: roles.map((r) => STAFF_ROLE_TITLES[r]).join('、') }));
    await next();
  };
  userGuards.add(guard);
  return guard;
}
