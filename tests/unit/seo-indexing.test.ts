import { describe, expect, it } from 'vitest';
import { canonicalPath, noindexPath } from '../../src/lib/seo/indexing.ts';
import { breadcrumbJsonLd, jsonLdText } from '../../src/lib/seo/json-ld.ts';

describe('what search engines may index (lib/seo)', () => {
  it('keeps whole areas out of the index, and only them', () => {
    for (const path of [
      '/search',
      '/v/wallet',
      '/ops',
      '/ops/news',
      '/pay/sandbox/1',
      '/user/register',
      '/message/chat',
    ])
      expect(noindexPath(path), path).toBe(true);
    for (const path of ['/', '/video', '/opsx', '/personal/3', '/news/pages', '/searching', '/users'])
      expect(noindexPath(path), path).toBe(false);
  });

  it('names a page by its path without a trailing slash and the query it was rendered from', () => {
    expect(canonicalPath(new URL('http://x/football/?lottery=jc'))).toBe('/football?lottery=jc');
    expect(canonicalPath(new URL('http://x/'))).toBe('/');
    expect(canonicalPath(new URL('http://x/news/pages'))).toBe('/news/pages');
  });

  it('writes JSON-LD that no text can close, and that parses back to the same data', () => {
    const data = { name: '</script><script>alert(1)</script><!-- & > \u2028\u2029' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it('gives every crumb an absolute address, the last one the page itself', () => {
    const list = breadcrumbJsonLd(
      [{ label: '首页', href: '/' }, { label: '正文' }],
      'https://qyq.example',
      '/news/1',
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '首页', item: 'https://qyq.example/' },
      { '@type': 'ListItem', position: 2, name: '正文', item: 'https://qyq.example/news/1' },
    ]);
  });
});
