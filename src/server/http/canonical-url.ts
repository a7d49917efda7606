import { PAGE_PARAMS } from './page-params.ts';

interface Route {
  regex: RegExp;
  /** Per segment: 2 static, 1 with a [param], 0 a [...rest]; the higher wins, as in Astro's routing. */
  rank: number[];
  params: ReadonlySet<string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|\\]/g, '\\$&');

/** A route pattern as a regex: `[x]` is one segment (or part of one), `[...x]` any number of them, none too. */
function compile(pattern: string, params: readonly string[]): Route {
  const segments = pattern.split('/').filter(Boolean);
  const source = segments
    .map((s) =>
      /^\[\.\.\.\w+\]$/.test(s)
        ? '(?:/[^/]+)*'
        : `/${s
            .split(/(\[\w+\])/)
            .map((part) => (/^\[\w+\]$/.test(part) ? '[^/]+' : escape(part)))
            .join('')}`,
    )
    .join('');
  return {
    regex: new RegExp(`^${source}/?$`),
    rank: segments.map((s) => (s.startsWith('[...') ? 0 : s.includes('[') ? 1 : 2)),
    params: new Set(params),
  };
}

function before(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (b.rank[i] ?? -1) - (a.rank[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

const ROUTES = Object.entries(PAGE_PARAMS)
  .map(([pattern, params]) => compile(pattern, params))
  .sort(before);
const NONE: ReadonlySet<string> = new Set();

/** The query parameters the page at `path` reads (src/server/http/page-params.ts). */
export function paramsOf(path: string): ReadonlySet<string> {
  return ROUTES.find((r) => r.regex.test(path))?.params ?? NONE;
}

/**
 * A page request's URL with only the parameters its page reads, in name order: what the page is
 * rendered from and what the visitor page cache keys it by. `/football?utm_source=x&lottery=jc`
 * and `/football?lottery=jc&from=y` are one page, `/football?lottery=jc`.
 */
export function canonicalPageUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  const read = paramsOf(path);
  // A stable sort: repeated values of one parameter keep their order.
  const kept = [...new URLSearchParams(url.slice(at + 1))]
    .filter(([name]) => read.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `${path}?${new URLSearchParams(kept)}` : path;
}
