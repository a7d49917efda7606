import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { may, refusalOf, type Permission } from '../../lib/access.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { GatewayEnv, UserEnv } from './types.ts';

/** Reads the accessToken header (spec §6: every request sends it) and resolves the session. */
export const identify: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  const token = c.req.header('accessToken')?.trim() || null;
  c.set('accessToken', token);
  c.set('user', token ? await c.var.app.services.sessions.userByToken(token) : null);
  await next();
};

/**
 * Every guard that refuses a caller without a session (requireUser, requireAccess). Tests read the
 * router for them, so a route added later with one of these is checked for refusals without editing
 * any test.
 */
export const userGuards = new WeakSet<MiddlewareHandler<UserEnv>>();

/**
 * For routes that need a logged-in caller. Typed with `UserEnv`, so the handlers after it read
 * `c.var.user` as set: this check is what makes that true.
 */
export const requireUser = createMiddleware<UserEnv>(async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
});
userGuards.add(requireUser);

/** For staff routes: a logged-in caller who holds `permission` in the access table (src/lib/access.ts). */
export function requireAccess(permission: Permission): MiddlewareHandler<UserEnv> {
  const guard = createMiddleware<UserEnv>(async (c, next) => {
    if (!c.var.user) throw unauthorized();
    if (!may(c.var.user.roles, permission)) throw forbidden(refusalOf(permission));
    await next();
  });
  userGuards.add(guard);
  return guard;
}
