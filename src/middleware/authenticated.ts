import type { MiddlewareHandler } from 'astro';
import { isOpsPath, mayOpen } from '../lib/ops/sections.ts';

/**
 * Paths that need a login (spec §6): a `v` segment (except `v/anchor` itself: the anchor tool pages
 * /v/anchor-set … need a login like the rest of /v) or a `recommend` segment.
 */
export function requiresLogin(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  const v = segments.indexOf('v');
  if (v !== -1 && segments[v + 1] !== 'anchor') return true;
  return pathname.includes('recommend');
}

/**
 * With a `token` cookie the user (and the figures of their header) is looked up for this render;
 * a stale token is dropped.
 * Without one the visitor stays logged out, and guarded paths send them home.
 */
export const authenticated: MiddlewareHandler = async (context, next) => {
  const { token, app } = context.locals;
  context.locals.header = null;
  if (token) {
    // The header's figures come with the login, in its one query: the header never queries again.
    const login = await app.services.sessions.loginByToken(token);
    context.locals.user = login?.user ?? null;
    context.locals.header = login?.header ?? null;
    if (!login) context.cookies.delete('token', { path: '/' });
  }
  if (!context.locals.login && requiresLogin(context.url.pathname)) return context.redirect('/', 302);
  // The staff console does not reveal itself: whoever may not open a page sees the 404 page.
  if (isOpsPath(context.url.pathname) && !mayOpen(context.url.pathname, context.locals.login?.roles)) {
    return context.rewrite('/404');
  }
  return next();
};
