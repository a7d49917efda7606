import { createHash, randomUUID } from 'node:crypto';
import type { APIContext, MiddlewareHandler } from 'astro';
import { publishedApp } from '../server/http/global-app.ts';
import { watchUserReads } from './login.ts';
import { withinBudget } from './render-deadline.ts';

/**
 * The CSP's run-time part (the rest, with the script hashes, is Astro's from astro.config.mjs): the
 * player fetches and plays HLS from the configured media lines and MSE blob: URLs; the socket and
 * /svc are same-origin ('self'). Added to the header here because a layout renders after it is sent.
 */
function allowMedia(context: APIContext, response: Response) {
  const csp = response.headers.get('content-security-policy');
  if (!csp) return;
  const origins = context.locals.app.config.media.pullLines.map((l) => new URL(l.base).origin).join(' ');
  const extra = [`media-src 'self' blob: ${origins}`, `connect-src 'self' ${origins}`];
  response.headers.set('content-security-policy', `${csp.replace(/[\s;]+$/, '')}; ${extra.join('; ')}`);
}

/**
 * Per-request setup (the spec's "axiosMiddle"): request id and the `token` cookie. On the way
 * out, anonymous GET pages get Cache-Control and an ETag so a CDN (and the browser) can cache them,
 * unless the page itself said private or no-store.
 */
export const requestSetup: MiddlewareHandler = async (context, next) => {
  context.locals.app ??= publishedApp();
  // The server's page handler sets this up itself (it reads `userRead` after the render).
  if (!('login' in context.locals)) watchUserReads(context.locals);
  context.locals.requestId = context.request.headers.get('x-request-id') ?? randomUUID();
  context.locals.token = context.cookies.get('token')?.value || null;
  context.locals.user = null;
  // The design's SSR budget: a page still loading its data then shows its error state (503).
  const response = await withinBudget(next(), context.locals.app.config.ssrBudgetMs);
  allowMedia(context, response);
  // Astro names no charset; a page without one may be sniffed as another encoding.
  if (response.headers.get('content-type') === 'text/html')
    response.headers.set('content-type', 'text/html; charset=utf-8');
  // A page that says it must not be shared (a draft's secret preview, a paid clip) keeps its word.
  const pageSaysPrivate = /\b(?:private|no-store)\b/.test(response.headers.get('cache-control') ?? '');
  if (
    context.request.method !== 'GET' ||
    context.locals.login ||
    response.status !== 200 ||
    pageSaysPrivate
  ) {
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/html')) return response;
  const body = await response.text();
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  // A CDN may hold it a second and serve it stale two more while it refetches (docs/deployment.md).
  headers.set('Cache-Control', 'public, max-age=0, s-maxage=1, stale-while-revalidate=2');
  headers.set('Vary', 'Cookie');
  if (context.request.headers.get('if-none-match') === etag)
    return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
};
