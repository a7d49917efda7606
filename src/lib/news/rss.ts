import { columnHref } from './rules.ts';
import { xml } from './seo.ts';
import type { ArticleCard, NewsColumnView } from './types.ts';

/** The column that lists every article (头条): its feed is /news/rss.xml. */
const ALL = 'headline';

/** A column's RSS feed: /news/rss.xml for 头条 (every column), /news/rss/{slug}.xml for one column. */
export const rssHref = (slug: string) => (slug === ALL ? '/news/rss.xml' : `/news/rss/${slug}.xml`);

/** The RSS 2.0 text of a column's newest articles (`list`, newest first). */
export function rssFeed(column: NewsColumnView, list: ArticleCard[], site: string, siteName: string): string {
  const abs = (path: string) => xml(new URL(path, site).toString());
  const items = list
    .map((a) => {
      const link = abs(`/news/${a.id}`);
      return `    <item>
      <title>${xml(a.title)}</title>
      <link>${link}</link>
      <guid isPermaLink="true">${link}</guid>
      <category>${xml(a.column.name)}</category>
      <pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>
      <description>${xml(a.summary)}</description>
    </item>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xml(`${siteName} · ${column.name}`)}</title>
    <link>${abs(columnHref(column.slug === ALL ? null : column.slug))}</link>
    <atom:link href="${abs(rssHref(column.slug))}" rel="self" type="application/rss+xml" />
    <description>${xml(column.intro)}</description>
    <language>zh-CN</language>
${items}
  </channel>
</rss>
`;
}
