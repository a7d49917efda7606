import type { MiddlewareHandler } from 'hono';
import { unauthorized } from './envelope.ts';
import type { GatewayEnv } from './types.ts';

/** Reads the accessToken header (spec §6: every request sends it) and resolves the session. */
export const identify: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  const token = c.req.header('accessToken')?.trim() || null;
  c.set('accessToken', token);
  c.set('user', token ? await c.var.app.services.sessions.userByToken(token) : null);
  await next();
};

/** For routes that need a logged-in caller. */
export const requireUser: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  if (!c.var.user) throw unauthorized();
  await next();
};
