import { createHash, randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';
import { publishedApp } from '../server/http/global-app.ts';

/**
 * Per-request setup (the spec's "axiosMiddle"): request id and the `token` cookie. On the way
 * out, anonymous GET pages get Cache-Control and an ETag so a CDN (and the browser) can cache them.
 */
export const requestSetup: MiddlewareHandler = async (context, next) => {
  context.locals.app ??= publishedApp();
  context.locals.requestId = context.request.headers.get('x-request-id') ?? randomUUID();
  context.locals.token = context.cookies.get('token')?.value || null;
  context.locals.user = null;
  const response = await next();
  if (context.request.method !== 'GET' || context.locals.user || response.status !== 200) {
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
