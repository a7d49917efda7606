import { expect, test } from '@playwright/test';

/**
 * Issue 33 item 5: no page is wider than a 390 px phone. Wide tables scroll inside their own box;
 * the page itself never scrolls sideways. The pages are the sections' front pages and what they
 * link to (match tabs, odds, database, search results), as a visitor would open them.
 */
test.use({ viewport: { width: 390, height: 844 } });

const START = ['/', '/football', '/basketball', '/search?val=曼联', '/recommend', '/guide', '/database/fb'];
const SKIP = /^\/(_astro|svc|media|ops|v\/|x\b|crests|login|register|live\/room)/;

test('no page of a phone walk through the site is wider than the screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const queue = [...START];
  // The first match of each sport brings its tabs (odds, analysis, 各节比分) into the walk.
  for (const sport of ['football', 'basketball']) {
    const html = await (await request.get(`/${sport}`)).text();
    const id = html.match(new RegExp(`href="/${sport}/live/(\\d+)"`))?.[1];
    expect(id, `a ${sport} match is listed`).toBeTruthy();
    for (const tab of ['live', 'analysis', 'yapan', 'oupei', 'daxiaoqiu', 'three'])
      queue.push(`/${sport}/${tab}/${id}`);
  }
  const seen = new Set<string>();
  const wide: string[] = [];
  while (queue.length && seen.size < 60) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await page.goto(path);
    if (res?.status() !== 200) continue;
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) wide.push(`${path}: ${width}px`);
    for (const href of await page.$$eval('main a[href^="/"]', (as) => as.map((a) => a.getAttribute('href')!)))
      if (!seen.has(href) && !SKIP.test(href) && queue.length < 300) queue.push(href);
  }
  expect(seen.size).toBeGreaterThan(40);
  expect(wide).toEqual([]);
});
