import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/lib/messages.ts';
import { loadAstroHandler } from '../../src/server/http/server.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';
import { listenForTest } from '../support/http-server.ts';

/** The design's SSR budget, shortened so the test does not sit out 5 s (SSR_BUDGET_MS). */
const BUDGET_MS = '300';

/** The built site gives up a page whose data does not arrive within the budget (issue #35 item 8). */
describe.each(targets())('the SSR budget on $name', (target) => {
  let t: TestContext;
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestContext(target, { SSR_BUDGET_MS: BUDGET_MS });
    const astro = await loadAstroHandler();
    if (!astro) throw new Error('the site is not built: run `npm run build` first');
    ({ base, stop } = await listenForTest(t.app, astro));
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  it('answers a page whose query never returns with its error page, not a hung request', async () => {
    const lists = t.app.services.sports.lists;
    const live = lists.live;
    // The page's score query hangs, as a locked table or a lost connection would leave it.
    lists.live = () => new Promise(() => {});
    try {
      const res = await fetch(`${base}/football`);
      // Astro answers its error route with 500 whatever the page sets; the page shows 503 and why.
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain(MSG.pageTimeout);
      expect(html).toContain('503');
      expect(html).toContain('出错了');
    } finally {
      lists.live = live;
    }
    // Nothing of the failed render was kept: the next reader gets the page.
    expect((await fetch(`${base}/football`)).status).toBe(200);
  });
});
