import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalPageUrl } from '../../src/server/http/canonical-url.ts';
import { PAGE_COOKIES, PAGE_PARAMS } from '../../src/server/http/page-params.ts';
import { pageReads } from './query-reads.ts';

const pages = pageReads();
/** Every parameter some page reads, each once. */
const ALL = [...new Set(pages.flatMap((p) => p.params))].map((n) => `${n}=1`).join('&');
/** The parameters a path keeps when it is asked with all of them. */
const declaredFor = (path: string) =>
  [...new URLSearchParams(canonicalPageUrl(`${path}?${ALL}`).split('?')[1] ?? '').keys()].sort();

describe('the query parameters each page declares (src/server/http/page-params.ts)', () => {
  it('found the pages and what they read', () => {
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.find((p) => p.route === '/football')?.params).toEqual(['league', 'lottery', 'mine', 'view']);
    // Through a component (DatedScores) and through a helper (feedQuery).
    expect(pages.find((p) => p.route === '/football/end')?.params).toEqual(['date']);
    expect(pages.find((p) => p.route === '/community/[...id]')?.params).toEqual(['page', 'sort']);
  });

  it.each(pages)('$file renders with exactly the parameters it reads', (page) => {
    expect(page.unscannable, 'read by a name the scan cannot see: use a literal name').toEqual([]);
    expect(
      declaredFor(page.example),
      `${page.route} reads ${page.params.join(', ') || 'nothing'}; declare that in page-params.ts`,
    ).toEqual(page.params);
  });

  it('declares only routes that exist', () => {
    const routes = new Set(pages.map((p) => p.route));
    expect(Object.keys(PAGE_PARAMS).filter((r) => !routes.has(r))).toEqual([]);
  });
});

describe('canonicalPageUrl', () => {
  it('keeps the declared parameters in name order and drops the rest', () => {
    expect(canonicalPageUrl('/football?utm_source=a&view=league&lottery=jc&from=b')).toBe(
      '/football?lottery=jc&view=league',
    );
    expect(canonicalPageUrl('/football?utm_source=a')).toBe('/football');
    expect(canonicalPageUrl('/football?')).toBe('/football');
    expect(canonicalPageUrl('/football')).toBe('/football');
  });

  it('follows the most specific route, as Astro does', () => {
    expect(canonicalPageUrl('/live/follow?page=2&x=1')).toBe('/live/follow?page=2');
    expect(canonicalPageUrl('/live/123?page=2&x=1')).toBe('/live/123?page=2');
    expect(canonicalPageUrl('/live/room/5?page=2')).toBe('/live/room/5');
    expect(canonicalPageUrl('/football/live/6303?date=2026-01-01&x=1')).toBe('/football/live/6303');
    expect(canonicalPageUrl('/football/jczq/?date=2026-01-01&x=1')).toBe('/football/jczq/?date=2026-01-01');
  });

  it('keeps repeated values in order and writes each value one way', () => {
    expect(canonicalPageUrl('/search?val=%E6%9B%BC%E5%9F%8E&val=b')).toBe(
      '/search?val=%E6%9B%BC%E5%9F%8E&val=b',
    );
    expect(canonicalPageUrl('/search?val=a%20b')).toBe('/search?val=a+b');
    expect(canonicalPageUrl('/search?val=a+b')).toBe('/search?val=a+b');
  });
});

describe('the cookies pages read (PAGE_COOKIES)', () => {
  const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.(astro|ts)$/.test(e.name) ? [join(dir, e.name)] : [],
    );
  const texts = files(SRC).map((f) => readFileSync(f, 'utf8'));
  /** A cookie's name: a string literal, or a constant declared somewhere in src. */
  const nameOf = (arg: string) =>
    /^['"]/.test(arg)
      ? arg.slice(1, -1)
      : texts.map((t) => t.match(new RegExp(`const ${arg} = '([^']+)'`))?.[1]).find(Boolean);

  it('lists every cookie a page renders from, besides the login', () => {
    const read = new Set(
      texts.flatMap((t) =>
        [...t.matchAll(/\bcookies\.(?:get|has)\(\s*([\w'"-]+)/g)].map((m) => nameOf(m[1])),
      ),
    );
    read.delete('token');
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !name || !PAGE_COOKIES.includes(name))).toEqual([]);
  });
});
