import type { APIRoute } from 'astro';
import { xml } from '../lib/news/seo.ts';

/** /sitemap.xml: the sitemap index, every file of every part (services/news/sitemap.ts) with its lastmod. */
export const GET: APIRoute = async ({ locals }) => {
  const site = locals.app.config.publicSiteUrl;
  const parts = await locals.app.services.news.sitemap.index();
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${parts.map((p) => `  <sitemap><loc>${xml(new URL(p.path, site).toString())}</loc><lastmod>${p.lastmod.toISOString()}</lastmod></sitemap>`).join('\n')}
</sitemapindex>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
