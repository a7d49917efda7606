import type { APIRoute } from 'astro';

/** /robots.txt: what crawlers skip, and where the sitemap index is (an absolute URL, so built per site). */
export const GET: APIRoute = ({ locals }) => {
  const sitemap = new URL('/sitemap.xml', locals.app.config.publicSiteUrl).toString();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /v/',
    'Disallow: /svc/',
    'Disallow: /recommend',
    'Disallow: /ops',
    'Disallow: /news/preview/',
    'Disallow: /about/preview/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
