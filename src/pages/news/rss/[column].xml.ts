import type { APIRoute } from 'astro';
import { rssFeed, rssHref } from '../../../lib/news/rss.ts';

/** /news/rss/{slug}.xml: one column's 50 newest articles as RSS 2.0 (头条, every column, is /news/rss.xml). */
export const GET: APIRoute = async ({ locals, params, redirect }) => {
  const news = locals.app.services.news.articles;
  const column = (await news.columns()).find((c) => c.slug === params.column);
  if (!column) return new Response('Not Found', { status: 404 });
  if (column.slug === 'headline') return redirect(rssHref(column.slug), 301);
  const page = await news.list({ columnId: column.id, pageNum: 1, pageSize: 50 });
  const { publicSiteUrl, siteName } = locals.app.config;
  return new Response(rssFeed(column, page.list, publicSiteUrl, siteName), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};
