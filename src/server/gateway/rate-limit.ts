import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ApiError } from '../errors.ts';
import { CODE, MSG } from '../../lib/messages.ts';
import type { GatewayEnv } from './types.ts';
import { forwardedClient } from '../http/forwarded.ts';

export interface RateLimitRule {
  /** Names the limit, so two limits on one route count apart. */
  name: string;
  /** Calls per window for one user (for a visitor: for one address). */
  max: number;
  windowMs: number;
  /**
   * Calls per window from one address, whoever is logged in there; five times `max` unless given
   * (an office or a carrier's NAT puts many honest users behind one address).
   */
  ipMax?: number;
  /** Counts by this key alone instead of by user and address. */
  key?: (c: Context<GatewayEnv>) => string;
  /** Counts logged-in callers only: a visitor is counted elsewhere (the SMS service counts addresses). */
  usersOnly?: boolean;
  /** The message over the limit; 操作太频繁，请稍后再试 unless given. */
  message?: string;
}

/** The client address; behind a proxy (TRUST_PROXY=1) the hop it added to X-Forwarded-For, else the socket's. */
export function clientIp<E extends GatewayEnv>(c: Context<E>): string {
  if (c.var.app.config.trustProxy) {
    const fwd = forwardedClient(c.req.header('x-forwarded-for'));
    if (fwd) return fwd;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The counters one call adds to, each with its ceiling. */
function countersOf(c: Context<GatewayEnv>, rule: RateLimitRule): [string, number][] {
  if (rule.key) return [[rule.key(c), rule.max]];
  const ip = clientIp(c);
  const user = c.var.user;
  if (!user) return rule.usersOnly ? [] : [[`ip${ip}`, rule.max]];
  // In-process calls (tests, SSR) have no socket address: only the user is counted there.
  return ip === 'unknown'
    ? [[`u${user.id}`, rule.max]]
    : [
        [`u${user.id}`, rule.max],
        [`ip${ip}`, rule.ipMax ?? rule.max * 5],
      ];
}

/**
 * Fixed-window counters in the shared KV store (memory, or Redis across instances; money and SMS
 * counters in the database without Redis, see kv/durable.ts): per user and per address.
 */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    for (const [who, max] of countersOf(c, rule)) {
      const key = `rl:${rule.name}:${who}`;
      if ((await c.var.app.kv.incr(key, rule.windowMs)) > max) {
        c.header('Retry-After', String(Math.ceil((await c.var.app.kv.ttl(key)) / 1000)));
        throw new ApiError(CODE.tooMany, rule.message ?? MSG.tooMany);
      }
    }
    await next();
  };
}
