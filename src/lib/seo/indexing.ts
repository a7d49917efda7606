/**
 * What search engines may index, and under which address (docs/readers.md "Search engines"). BaseHead
 * reads both for every page, so a page only passes `noindex` or `canonical` when it differs from these.
 */

/**
 * Areas no page of which belongs in a search index: search results, a fan's own pages and messages,
 * the cashier, login and registration forms, the staff console, drafts' previews and the header part.
 * A public profile (/personal/{id}) is indexable; the own centre (/v/…) is not.
 */
const NOINDEX_AREAS = [
  '/search',
  '/v',
  '/message',
  '/pay',
  '/user',
  '/ops',
  '/parts',
  '/news/preview',
  '/about/preview',
];

/** Whether the page at `path` must say `noindex`, whatever the page itself passes. */
export const noindexPath = (path: string): boolean =>
  NOINDEX_AREAS.some((area) => path === area || path.startsWith(`${area}/`));

/**
 * A page's own address without a trailing slash, with the query it was rendered from. The server
 * has already cut that query to the parameters the page reads, sorted (src/server/http/page-params.ts,
 * canonical-url.ts): the address the visitor page cache keys it by, so `?utm_source=…`, `?from=…` or a
 * different order of the same parameters all name the one page.
 */
export function canonicalPath(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${path || '/'}${url.search}`;
}
