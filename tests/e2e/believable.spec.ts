import { expect, test } from '@playwright/test';

/**
 * Issue 32 (items 8, 9): a fan who walks the demo finds no Latin competition code (EPL, LaLiga…) on a
 * Chinese page and no made-up game in the home carousel. The walk follows links from the sections'
 * front pages, as a visitor would, and reads the text a page shows (not its scripts or attributes).
 */
const CODE = /(?<![A-Za-z0-9])(EPL|BL|L1|SA|LaLiga|CSL|UCL)(?![A-Za-z0-9])/;
const START = [
  '/',
  '/football',
  '/basketball',
  '/live/all',
  '/live/reserve',
  '/guide',
  '/community',
  '/news',
];
const START_DB = ['/database/fb', '/database/lq', '/recommend', '/youliao'];
const SKIP = /^\/(_astro|svc|media|ops|v\/|x\b|crests|login|register)/;

/** What a reader sees: tags, scripts and styles out; an original name marked lang="en" is expected. */
function shownText(html: string): string {
  return html
    .replace(/<(script|style)\b.*?<\/\1>/gs, '')
    .replace(/<span lang="en">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&');
}

test('no page of a walk through the demo names a competition by a Latin code', async ({ request }) => {
  test.setTimeout(120_000);
  const queue = [...START, ...START_DB];
  const seen = new Set<string>();
  const found: string[] = [];
  while (queue.length && seen.size < 160) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await request.get(path);
    if (res.status() !== 200 || !res.headers()['content-type']?.includes('text/html')) continue;
    const html = await res.text();
    const text = shownText(html);
    const hit = text.match(CODE);
    if (hit)
      found.push(
        `${path}: …${text.slice(Math.max(0, hit.index! - 20), hit.index! + 20).replace(/\s+/g, ' ')}…`,
      );
    for (const [, href] of html.matchAll(/href="(\/[^"#?]*)"/g))
      if (!seen.has(href) && !SKIP.test(href) && queue.length < 600) queue.push(href);
  }
  expect(seen.size).toBeGreaterThan(100);
  expect(found).toEqual([]);
});

test('a focus-match banner shows the real match it opens, not a made-up game', async ({ page, request }) => {
  const { data } = await (await request.get('/svc/api/banner/list?channelId=3&platform=1')).json();
  const target = (data as { targetId?: string }[]).find((b) => b.targetId?.match(/^football\/live\/\d+$/));
  expect(target, 'the demo has a football focus banner').toBeTruthy();
  const id = Number(target!.targetId!.split('/')[2]);
  const match = (await (await request.get(`/svc/live/match/${id}`)).json()).data;
  await page.goto('/');
  const slide = page.locator(`banner-carousel a[href="/${target!.targetId}"]`);
  await expect(slide).toContainText(match.home.name);
  await expect(slide).toContainText(match.away.name);
  await expect(slide).toContainText(match.competition.name);
});
