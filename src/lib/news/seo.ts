import type { ArticleDetail } from './types.ts';

/**
 * schema.org NewsArticle of an article page (search engines' rich results); `image` is the page's share
 * picture when it has one, else the cover, else the site's logo.
 */
export function articleJsonLd(a: ArticleDetail, site: string, image?: string) {
  const url = new URL(`/news/${a.id}`, site).toString();
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: a.title,
    description: a.summary || a.title,
    datePublished: a.publishedAt,
    dateModified: a.updatedAt,
    mainEntityOfPage: url,
    url,
    image: [new URL(image ?? a.cover ?? '/logo.svg', site).toString()],
    articleSection: a.column.name,
    keywords: a.tags.map((t) => t.label).join(','),
    author: { '@type': a.authorId ? 'Person' : 'Organization', name: a.authorName },
    publisher: {
      '@type': 'Organization',
      name: '球友圈',
      logo: { '@type': 'ImageObject', url: new URL('/logo.svg', site).toString() },
    },
  };
}

/** XML text escaping for the sitemap and the RSS feed. */
export const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
