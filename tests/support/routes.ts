import { requireUser, userGuards } from '../../src/server/gateway/auth.ts';

/**
 * The /svc routes the gateway registers, read from the router. A route is "for users" when a session
 * guard (requireUser, requireAccess: auth.ts userGuards) sits on it or on a prefix it is mounted under;
 * "for staff" when that guard is a requireAccess one.
 */
export interface Route {
  method: string;
  path: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
/** A guard's path as Hono matches it: `/x/*` covers `/x` itself too. */
const asPattern = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\*$/, '(?:/.*)?')
      .replace(/\*/g, '.*')}$`,
  );

export function routesOf(gw: { routes: { method: string; path: string; handler: unknown }[] }) {
  const guards = gw.routes
    .filter((r) => userGuards.has(r.handler as never))
    .map((r) => ({ method: r.method, pattern: asPattern(r.path), staff: r.handler !== requireUser }));
  const seen = new Set<string>();
  const all: Route[] = gw.routes
    .filter((r) => METHODS.includes(r.method) && !userGuards.has(r.handler as never))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
    .map(({ method, path }) => ({ method, path }));
  const guardsOf = (r: Route) =>
    guards.filter((g) => (g.method === 'ALL' || g.method === r.method) && g.pattern.test(r.path));
  const forUsers = all.filter((r) => guardsOf(r).length > 0);
  return {
    all,
    forUsers,
    forStaff: forUsers.filter((r) => guardsOf(r).some((g) => g.staff)),
    open: all.filter((r) => guardsOf(r).length === 0),
  };
}

/** The path with every parameter filled (the first of an enumerated one). */
export const filled = (path: string) =>
  path.replace(/:(\w+)(\{([^}]*)\})?/g, (_m, _n, _re, alts?: string) => (alts ? alts.split('|')[0] : '1'));
