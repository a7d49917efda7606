import type { APIRoute } from 'astro';
import { xml } from '../lib/news/seo.ts';
import { SITEMAP_PARTS, type SitemapPart } from '../server/services/news/sitemap.ts';

/**
 * /sitemap-{part}.xml and its further pages /sitemap-{part}-{n}.xml (50,000 URLs each): one part of the
 * sitemap (docs/readers.md). recent-news is a Google News sitemap (the `news:` namespace).
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const [, name, n] = /^([a-z][a-z-]*?)(?:-([2-9]|[1-9]\d{1,5}))?$/.exec(params.part ?? '') ?? [];
  if (!name || !SITEMAP_PARTS.includes(name as SitemapPart)) return notFound();
  const { config, services } = locals.app;
  const entries = await services.news.sitemap.part(name as SitemapPart, n ? Number(n) : 1);
  if (!entries) return notFound();
  const news = name === 'recent-news';
  const publication = `<news:publication><news:name>${xml(config.siteName)}</news:name><news:language>zh</news:language></news:publication>`;
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${news ? ' xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"' : ''}>
${entries
  .map(
    (e) =>
      `  <url><loc>${xml(new URL(e.path, config.publicSiteUrl).toString())}</loc><lastmod>${e.lastmod.toISOString()}</lastmod>${
        e.news
          ? `<news:news>${publication}<news:publication_date>${e.news.publishedAt.toISOString()}</news:publication_date><news:title>${xml(e.news.title)}</news:title></news:news>`
          : ''
      }</url>`,
  )
  .join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': `public, max-age=${news ? 300 : 600}`,
    },
  });
};

const notFound = () => new Response('Not Found', { status: 404 });
