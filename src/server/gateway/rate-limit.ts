import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ApiError } from '../errors.ts';
import { CODE, MSG } from '../../lib/messages.ts';
import type { GatewayEnv } from './types.ts';

export interface RateLimitRule {
  /** Names the limit, so two limits on one route count apart. */
  name: string;
  max: number;
  windowMs: number;
  /** Defaults to the caller's user id, else the client IP. */
  key?: (c: Context<GatewayEnv>) => string;
}

/** The client address; behind a proxy (TRUST_PROXY=1) the first X-Forwarded-For hop. */
export function clientIp(c: Context<GatewayEnv>): string {
  if (c.var.app.config.trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Fixed-window counter in the shared KV store (memory, or Redis across instances). */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const who = rule.key ? rule.key(c) : c.var.user ? `u${c.var.user.id}` : `ip${clientIp(c)}`;
    const key = `rl:${rule.name}:${who}`;
    const count = await c.var.app.kv.incr(key, rule.windowMs);
    if (count > rule.max) {
      const retryMs = await c.var.app.kv.ttl(key);
      c.header('Retry-After', String(Math.ceil(retryMs / 1000)));
      throw new ApiError(CODE.tooMany, MSG.tooMany);
    }
    await next();
  };
}
