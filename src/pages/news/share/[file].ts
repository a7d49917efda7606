import type { APIRoute } from 'astro';
import { idParam } from '../../../lib/community/format.ts';

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });

/**
 * /news/share/{id}-{hash}.png: an article's Open Graph / Twitter picture (cover + title). The hash
 * names what was drawn, so an answer never changes (cached a year); a stale hash is a 404.
 */
export const GET: APIRoute = async ({ locals, params }) => {
  const m = /^(\d{1,9})-[0-9a-f]{16}\.png$/.exec(params.file ?? '');
  const id = m ? idParam(m[1]) : null;
  if (!id) return notFound();
  const news = locals.app.services.news;
  const article = await news.articles.detail(id, null).catch(() => null);
  if (!article) return notFound();
  const input = { id, title: article.title, column: article.column.name, cover: article.cover };
  if (news.share.path(input) !== `/news/share/${params.file}`) return notFound();
  const png = await news.share.png(input);
  if (!png) return notFound();
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
};
