import type { APIRoute } from 'astro';
import { xml } from '../lib/news/seo.ts';
import { SITEMAP_PARTS, type SitemapPart } from '../server/services/news/sitemap.ts';

/** /sitemap-{news|matches|competitions|teams|players|about}.xml: one part of the sitemap. */
export const GET: APIRoute = async ({ locals, params }) => {
  const part = params.part as SitemapPart;
  if (!SITEMAP_PARTS.includes(part)) return new Response('Not Found', { status: 404 });
  const site = locals.app.config.publicSiteUrl;
  const entries = await locals.app.services.news.sitemap.part(part);
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `  <url><loc>${xml(new URL(e.path, site).toString())}</loc><lastmod>${e.lastmod.toISOString()}</lastmod></url>`).join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
