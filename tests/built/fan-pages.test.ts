import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { loadAstroHandler } from '../../src/server/http/server.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';
import { listenForTest } from '../support/http-server.ts';

/** Pages whose body is the same for every fan: served from the visitor's copy with the fan's header part. */
const SHARED = ['/', '/news/pages', '/live/all', '/database/fb'];
/**
 * The most database queries one logged-in page may cost once its visitor's copy is kept: the session,
 * the unread private messages and notices, and the balances (issue #34). A whole render of the home
 * page for a fan took 6 on this suite's database (no sports data), and more on the full one.
 */
const QUERY_BUDGET = 4;

/**
 * Logged-in fans on the built site (the real Astro pages through the app's HTTP server): each gets
 * the page with their own header part and nobody else's, fresh on every request.
 */
describe.each(targets())("a logged-in fan's pages on $name", (target) => {
  let t: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  const fans: { id: number; token: string; nickName: string }[] = [];

  beforeAll(async () => {
    t = await createTestContext(target);
    const astro = await loadAstroHandler();
    if (!astro) throw new Error('the site is not built: run `npm run build` first');
    ({ base, stop } = await listenForTest(t.app, astro));
    for (const [nickName, diamonds] of [
      ['甲球迷', 1234],
      ['乙球迷', 5678],
    ] as const) {
      const [u] = await t.app.db
        .insert(users)
        .values({ mobile: `139${String(Math.random()).slice(2, 10)}`, nickName })
        .returning({ id: users.id });
      await credit(u.id, diamonds);
      fans.push({ id: u.id, nickName, token: (await t.app.services.sessions.create(u.id, true)).token });
    }
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  const credit = (userId: number, amount: number) =>
    t.app.services.wallet.ledger.credit({
      userId,
      currency: 'diamond',
      amount,
      type: TRADE_TYPE.manualTopUp,
      key: `fan-pages:${Math.random()}`,
    });
  const page = async (path: string, token?: string) => {
    const res = await fetch(base + path, { headers: token ? { cookie: `token=${token}` } : {} });
    return { res, html: await res.text() };
  };
  /** The header's balance of diamonds as the page shows it. */
  const diamondsOn = (html: string) => /data-balance="balance"[^>]*>\s*([\d,]+)/.exec(html)?.[1];

  it("never shows one fan another's parts: two fans on the same pages at the same moment", async () => {
    const [a, b] = fans;
    for (const path of SHARED) {
      const who = [a, b, null, a, b, b, a, null, a, b];
      const answers = await Promise.all(who.map((fan) => page(path, fan?.token)));
      answers.forEach(({ res, html }, i) => {
        const fan = who[i];
        const other = fan === a ? b : a;
        expect(res.status, path).toBe(200);
        if (!fan) {
          expect(html, path).toContain('data-open-login');
          expect(html).not.toContain(a.nickName);
          expect(html).not.toContain(b.nickName);
          expect(res.headers.get('cache-control')).toMatch(/^public/);
          return;
        }
        expect(res.headers.get('cache-control'), path).toBe('private, no-store');
        expect(html, path).toContain(fan.nickName);
        expect(html, path).not.toContain(other.nickName);
        expect(html).not.toContain('data-open-login');
        expect(diamondsOn(html), path).toBe(fan === a ? '1,234' : '5,678');
      });
      // Served from the visitor's copy, not rendered whole for each fan.
      expect(
        answers.filter((x, i) => who[i] && x.res.headers.get('x-page-cache') === 'personal').length,
      ).toBe(8);
    }
  });

  it("shows a change to a fan's balance or unread notices on their next page", async () => {
    const [a] = fans;
    const before = await page('/', a.token);
    const balance = Number(diamondsOn(before.html)!.replace(/,/g, ''));
    await credit(a.id, 1);
    await t.app.services.notifications.notify(t.app.db, { userId: a.id, kind: 'system', title: '测试通知' });
    const after = await page('/', a.token);
    expect(after.res.headers.get('x-page-cache')).toBe('personal');
    expect(diamondsOn(after.html)).toBe((balance + 1).toLocaleString('en-US'));
    expect(after.html).toMatch(/data-count[^>]*>\s*1\s*</);
  });

  it(`costs at most ${QUERY_BUDGET} queries for one logged-in page once its visitor's copy is kept`, async () => {
    const [a] = fans;
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    let queries = 0;
    client.query = (...args: unknown[]) => (queries++, query.apply(client, args));
    // The clock stands still: the visitor's copy stays fresh however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const path of SHARED) {
        await page(path); // the visitor's copy
        queries = 0;
        const { res } = await page(path, a.token);
        expect(queries, path).toBeLessThanOrEqual(QUERY_BUDGET);
        expect(res.headers.get('x-page-cache'), path).toBe('personal');
      }
    } finally {
      vi.useRealTimers();
      client.query = query;
    }
  });
});
