import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32 item 9: the banner art illustrates a feature; it never shows a game, score, clock or
 * audience that does not exist (the focus-match banners draw the real match over the art).
 */
const dir = new URL('../../public/banners/', import.meta.url);

describe('banner art', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
  it.each(files)('%s shows no made-up team, score, minute or viewer count', (file) => {
    const texts = [...readFileSync(new URL(file, dir), 'utf8').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map(
      (m) => m[1],
    );
    expect(texts.length).toBeGreaterThan(0);
    const madeUp = texts.filter((t) =>
      /主队|客队|^主$|^客$|\d+\s*-\s*\d+|\d+'|\d+:\d+|万人|本场最佳/.test(t),
    );
    expect(madeUp).toEqual([]);
  });
});
