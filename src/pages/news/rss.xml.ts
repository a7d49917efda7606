import type { APIRoute } from 'astro';
import { xml } from '../../lib/news/seo.ts';

/** /news/rss.xml (every column) and /news/rss.xml?column=slug: the 50 newest articles as RSS 2.0. */
export const GET: APIRoute = async ({ locals, url }) => {
  const news = locals.app.services.news.articles;
  const site = locals.app.config.publicSiteUrl;
  const slug = url.searchParams.get('column') ?? 'headline';
  const column = (await news.columns()).find((c) => c.slug === slug);
  if (!column) return new Response('Not Found', { status: 404 });
  const all = column.slug === 'headline';
  const page = await news.list({ columnId: all ? undefined : column.id, pageNum: 1, pageSize: 50 });
  const self = new URL(`/news/rss.xml${all ? '' : `?column=${column.slug}`}`, site).toString();
  const items = page.list
    .map((a) => {
      const link = new URL(`/news/${a.id}`, site).toString();
      return `    <item>
      <title>${xml(a.title)}</title>
      <link>${xml(link)}</link>
      <guid isPermaLink="true">${xml(link)}</guid>
      <category>${xml(a.column.name)}</category>
      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>
      <description>${xml(a.summary)}</description>
    </item>`;
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`球友圈 · ${column.name}`)}</title>
    <link>${xml(new URL(all ? '/news/pages' : `/news/pages?column=${column.slug}`, site).toString())}</link>
    <atom:link href="${xml(self)}" rel="self" type="application/rss+xml" />
    <description>${xml(column.intro)}</description>
    <language>zh-CN</language>
${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};
