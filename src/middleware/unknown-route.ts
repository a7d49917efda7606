import type { MiddlewareHandler } from 'astro';

/**
 * A path that matches no route goes to the home page (spec §2 "An unmatched route redirects to
 * the root"). Pages that do match but find nothing (an unknown news id …) render the 404 page.
 */
const FILE_LIKE = /\.[a-z0-9]{1,8}$/i;

export const unknownRoute: MiddlewareHandler = (context, next) => {
  const unmatched = context.routePattern === '/404' && context.url.pathname !== '/404';
  // A missing file (/banners/x.svg, /favicon.ico …) is a plain 404, not a trip to the home page.
  if (unmatched && FILE_LIKE.test(context.url.pathname)) return next();
  if (unmatched && (context.request.method === 'GET' || context.request.method === 'HEAD')) {
    return context.redirect('/', 302);
  }
  return next();
};
