import type { APIRoute } from 'astro';
import { rssFeed, rssHref } from '../../lib/news/rss.ts';

/**
 * /news/rss.xml: the 50 newest articles of every column as RSS 2.0. The older address of a column's
 * feed, /news/rss.xml?column=slug, moves for good to /news/rss/{slug}.xml (rss/[column].xml.ts).
 */
export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const news = locals.app.services.news.articles;
  const slug = url.searchParams.get('column');
  const column = (await news.columns()).find((c) => c.slug === (slug ?? 'headline'));
  if (!column) return new Response('Not Found', { status: 404 });
  if (slug !== null) return redirect(rssHref(column.slug), 301);
  const page = await news.list({ pageNum: 1, pageSize: 50 });
  const { publicSiteUrl, siteName } = locals.app.config;
  return new Response(rssFeed(column, page.list, publicSiteUrl, siteName), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};
