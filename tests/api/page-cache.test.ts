import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, targets, type TestContext } from '../support/context.ts';
import { listenForTest } from '../support/http-server.ts';

const PUBLIC = 'public, max-age=0, s-maxage=1, stale-while-revalidate=2';

/** Waits until `check` holds, on real time: vi.waitFor would move the faked clock the cache reads. */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 1_000) throw new Error('still not so after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PER_ADDRESS = 2;
const TOO_MANY_PAGE = '<h1>操作太频繁，请稍后再试</h1>';

/**
 * The HTTP server's page path (query parameters, the visitor cache, the renders per address) with a
 * stand-in for the built Astro handler: it answers as the site's middleware does (public for a
 * visitor's page, private for a logged-in one and for pages under /private/, 429 for /429) and notes
 * each URL it renders. Pages under /slow/ wait until the test lets them finish.
 */
describe.each(targets())('the page cache in the HTTP server on $name', (target) => {
  let t: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let rendered: string[];
  let slow: Promise<void>;

  const astro = async (req: IncomingMessage, res: ServerResponse) => {
    const visitor = !req.headers.cookie?.includes('token=');
    rendered.push(`${req.method} ${req.url}${visitor ? '' : ' (logged in)'}`);
    if (req.url!.startsWith('/slow/')) await slow;
    const tooMany = req.url === '/429';
    const shareable = visitor && !tooMany && !req.url!.startsWith('/private/');
    res.writeHead(tooMany ? 429 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': shareable ? PUBLIC : 'private, no-store',
    });
    res.end(tooMany ? TOO_MANY_PAGE : `<p>${req.url}</p>`);
  };

  beforeAll(async () => {
    t = await createTestContext(target, {
      TRUST_PROXY: '1',
      PAGE_RENDERS_PER_ADDRESS: String(PER_ADDRESS),
    });
    ({ base, stop } = await listenForTest(t.app, astro));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await stop();
    await t.close();
  });
  beforeEach(() => {
    rendered = [];
    slow = Promise.resolve();
    // The cache's clock stands still within a test (a stored page stays fresh however slow the
    // machine) and moves a minute on between tests (what one test stored has expired).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(base + path, { headers, method });

  it('keys a page by the parameters it declares; any other parameter is one more visitor of it', async () => {
    expect(await (await get('/football')).text()).toBe('<p>/football</p>');
    for (const query of ['?utm_source=a', '?x=1', '?x=2&from=wx', '?LOTTERY=jc']) {
      const res = await get(`/football${query}`);
      expect(res.headers.get('x-page-cache'), query).toBe('hit');
      expect(await res.text()).toBe('<p>/football</p>');
    }
    // A declared parameter is a page of its own, rendered without the others, in one order.
    expect(await (await get('/football?utm_source=b&view=league&lottery=jc')).text()).toBe(
      '<p>/football?lottery=jc&view=league</p>',
    );
    const same = await get('/football?lottery=jc&x=3&view=league');
    expect(same.headers.get('x-page-cache')).toBe('hit');
    // A match page reads no parameter at all.
    await get('/football/live/1?tab=2');
    expect((await get('/football/live/1?from=share')).headers.get('x-page-cache')).toBe('hit');
    expect(rendered).toEqual([
      'GET /football',
      'GET /football?lottery=jc&view=league',
      'GET /football/live/1',
    ]);
  });

  it('renders a logged-in page without undeclared parameters too, and never from the cache', async () => {
    const cookie = 'token=abc';
    const res = await get('/football/end?date=2026-01-02&utm_source=a', { cookie });
    expect(res.headers.get('x-page-cache')).toBeNull();
    expect(await res.text()).toBe('<p>/football/end?date=2026-01-02</p>');
  });

  it("renders a page whose visitor's copy cannot be kept once as a visitor, then only for each fan", async () => {
    for (const token of ['a', 'b', 'a']) await get('/private/wallet', { cookie: `token=${token}` });
    expect(rendered).toEqual([
      'GET /private/wallet',
      'GET /private/wallet (logged in)',
      'GET /private/wallet (logged in)',
      'GET /private/wallet (logged in)',
    ]);
  });

  it(`lets one address have ${PER_ADDRESS} renders at a time and answers the next with the 429 page; a cached page and a fan's header part are no render`, async () => {
    const fan = { 'x-forwarded-for': '203.0.113.7' };
    const other = { 'x-forwarded-for': '198.51.100.9' };
    await get('/football', fan);
    let finish!: () => void;
    slow = new Promise((resolve) => (finish = resolve));
    const held = [get('/slow/1', { ...fan, cookie: 'token=a' }), get('/slow/2', fan)];
    await until(() => rendered.length === 3);

    // Whatever must render is refused while both places are taken: a logged-in page, a new value
    // of a declared parameter, a HEAD, a conditional GET.
    const refused = [
      await get('/v/home', { ...fan, cookie: 'token=a' }),
      await get('/football?view=league', fan),
      await get('/news/1', { ...fan, 'if-none-match': 'W/"x"' }),
      await get('/news/2', fan, 'HEAD'),
    ];
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect(refused.map((r) => r.headers.get('retry-after'))).toEqual(['1', '1', '1', '1']);
    expect(await refused[0].text()).toBe(TOO_MANY_PAGE);
    expect(await refused[1].text()).toBe(TOO_MANY_PAGE);
    // A cached page is no render: still served. Another address has its own places.
    const cached = await get('/football', fan);
    expect([cached.status, cached.headers.get('x-page-cache')]).toEqual([200, 'hit']);
    expect((await get('/football?view=league', other)).status).toBe(200);
    // The 429 page rendered once, as a visitor's GET, and was kept for every refusal after it. The
    // logged-in fan's page renders first as the visitor's copy (which a fan gets with their own part
    // when the page allows: never here, these pages have no such part).
    expect(rendered).toEqual([
      'GET /football',
      'GET /slow/1',
      'GET /slow/2',
      'GET /429',
      'GET /football?view=league',
    ]);

    // A fan's own header part (/parts/me) takes no place: it renders however many pages wait.
    const part = await get('/parts/me', { ...fan, cookie: 'token=a' });
    expect([part.status, await part.text()]).toEqual([200, '<p>/parts/me</p>']);
    // Only that part: any other path under /parts (a 404 page to render) waits its turn like a page.
    expect((await get('/parts/other', { ...fan, cookie: 'token=a' })).status).toBe(429);

    finish();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect(rendered.slice(5)).toEqual(['GET /parts/me (logged in)', 'GET /slow/1 (logged in)']);
    // Each render over gives its place back.
    expect((await get('/v/home', { ...fan, cookie: 'token=a' })).status).toBe(200);
  });

  it('holds the place of a render whose client has gone until it is over, and keeps its page for those waiting', async () => {
    const fan = { 'x-forwarded-for': '203.0.113.8' };
    let finish!: () => void;
    slow = new Promise((resolve) => (finish = resolve));
    const gone = new AbortController();
    const dropped = fetch(`${base}/slow/a`, { headers: fan, signal: gone.signal }).catch(() => 'dropped');
    const other = get('/slow/2', { ...fan, cookie: 'token=a' });
    await until(() => rendered.length === 2);
    const waiting = get('/slow/a', { 'x-forwarded-for': '198.51.100.10' });
    gone.abort();
    expect(await dropped).toBe('dropped');
    // Both of the fan's renders still run: dropping the connection gave no place back.
    expect((await get('/v/home', { ...fan, cookie: 'token=a' })).status).toBe(429);
    // A page the fan's share cannot render now is rendered by the next visitor to ask, and then
    // served to the fan from the cache.
    expect((await get('/news/9', fan)).status).toBe(429);
    expect((await get('/news/9', { 'x-forwarded-for': '198.51.100.11' })).status).toBe(200);
    expect((await get('/news/9', fan)).headers.get('x-page-cache')).toBe('hit');

    finish();
    const kept = await waiting;
    expect([kept.status, await kept.text()]).toEqual([200, '<p>/slow/a</p>']);
    expect((await other).status).toBe(200);
    expect(rendered.filter((r) => r.includes('/slow/a'))).toEqual(['GET /slow/a']);
  });
});
