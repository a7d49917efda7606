import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
/** The header's personal part: what the server renders per fan into a shared page (HeaderMe.astro). */
const HEADER_PART = [
  'components/layout/HeaderMe.astro',
  'components/layout/UserArea.astro',
  'components/wallet/HeaderBalances.astro',
];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : /\.(astro|ts|tsx)$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

/**
 * A logged-in fan is served the visitor's copy of a page that never read `locals.user`
 * (src/middleware/login.ts): a page body that learnt who asks another way would put one fan's
 * parts into the copy every fan gets, or show a visitor's where the fan's belong.
 */
describe('how pages learn who is logged in', () => {
  const sources = ['pages', 'components', 'layouts'].flatMap((dir) => filesUnder(join(SRC, dir)));

  // locals.header (the fan's balances and unread counts, read with the login) is the fan's as much.
  it("reads locals.login and locals.header only in the header's personal part", () => {
    const readers = sources
      .filter((f) =>
        /\blocals\.(?:login|header)\b|\{[^}]*\b(?:login|header)\b[^}]*\}\s*=\s*Astro\.locals/.test(
          readFileSync(f, 'utf8'),
        ),
      )
      .map((f) => relative(SRC, f));
    expect(readers.sort()).toEqual([...HEADER_PART].sort());
  });

  it('never reads the login cookie in a page', () => {
    const readers = sources
      .filter((f) => /cookies\.get\(\s*['"`]token['"`]/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(readers).toEqual([]);
  });
});
