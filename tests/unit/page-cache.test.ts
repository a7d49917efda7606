import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAGUE_COOKIE } from '../../src/lib/sports/score-query.ts';
import { createPageCache, type Render } from '../../src/server/http/page-cache.ts';

type Keep = Parameters<Render>[0];

/**
 * A server whose "page" says how many times it rendered; `answer` decides the headers like the app,
 * and may hold the page back until `until` settles.
 */
async function serve(
  answer: (
    n: number,
    cookie: string,
  ) => { status?: number; cacheControl: string; setCookie?: string; until?: Promise<void> },
  ttlMs = 200,
  staleMs = 0,
) {
  const cache = createPageCache({ ttlMs, staleMs, maxEntries: 10 });
  const compress = compression({ threshold: 0 });
  let renders = 0;
  const server = createServer((req, res) => {
    // As in the server: compression wraps the response, the cache keeps what the page wrote, and
    // the render settles when the page is done.
    const render = (keep: Keep) =>
      new Promise<void>((done) => compress(req as never, res as never, () => page(keep, done)));
    const page = (keep: Keep, done: () => void) => {
      const out = res;
      keep(out, () => false);
      const n = ++renders;
      const a = answer(n, req.headers.cookie ?? '');
      // Slow enough that concurrent requests overlap.
      const write = () => {
        out.statusCode = a.status ?? 200;
        out.setHeader('content-type', 'text/html; charset=utf-8');
        out.setHeader('cache-control', a.cacheControl);
        if (a.setCookie) out.setHeader('set-cookie', a.setCookie);
        out.write(`<p>render ${n}</p>`);
        out.end(req.headers.cookie?.includes('token=') ? '<b>我的账户</b>' : '<b>登录</b>');
        done();
      };
      if (a.until) void a.until.then(write);
      else setTimeout(write, 30);
    };
    const key = cache.keyOf(req);
    if (key) void cache.handle(key, req, res, render);
    else void render(() => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, renders: () => renders, cache };
}

/** Waits until `check` holds, on real time: vi.waitFor would move the faked clock the cache reads. */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; !check(); tries++) {
    if (tries > 1_000) throw new Error('still not so after 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let server: Server | null = null;
afterEach(() => {
  vi.useRealTimers();
  server?.close();
});

const PUBLIC = 'public, max-age=0, s-maxage=1, stale-while-revalidate=2';

describe('the page micro-cache', () => {
  it('renders a spike of visitors once and answers every one of them', async () => {
    // A long time to live: on a loaded machine the 50 requests may take longer than the default.
    const s = await serve(() => ({ cacheControl: PUBLIC }), 10_000);
    server = s.server;
    const bodies = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${s.url}/football`).then((r) => r.text())),
    );
    expect(new Set(bodies)).toEqual(new Set(['<p>render 1</p><b>登录</b>']));
    expect(s.renders()).toBe(1);
  });

  it('serves compressed copies with an ETag and answers 304 to a matching one', async () => {
    const s = await serve(() => ({ cacheControl: PUBLIC }));
    server = s.server;
    await fetch(`${s.url}/a`);
    const hit = await fetch(`${s.url}/a`, { headers: { 'accept-encoding': 'br' } });
    expect(hit.headers.get('content-encoding')).toBe('br');
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(await hit.text()).toBe('<p>render 1</p><b>登录</b>');
    const etag = hit.headers.get('etag')!;
    expect((await fetch(`${s.url}/a`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('renders again once the copy is older than its time to live', async () => {
    const s = await serve(() => ({ cacheControl: PUBLIC }), 100);
    server = s.server;
    await fetch(`${s.url}/live`);
    await new Promise((r) => setTimeout(r, 150));
    expect(await (await fetch(`${s.url}/live`)).text()).toContain('render 2');
  });

  it('shows a change of the data behind a page within 2 s while visitors keep asking', async () => {
    // The server's time to live (PAGE_CACHE_TTL_MS in src/server/http/page-handler.ts).
    const s = await serve(() => ({ cacheControl: PUBLIC }), 1_000);
    server = s.server;
    await fetch(`${s.url}/football`);
    const changedAt = Date.now();
    const before = s.renders(); // renders started after this moment read the changed data
    let seen = before;
    while (seen <= before && Date.now() - changedAt < 3_000) {
      seen = Number(/render (\d+)/.exec(await (await fetch(`${s.url}/football`)).text())?.[1]);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toBeGreaterThan(before);
    expect(Date.now() - changedAt).toBeLessThan(2_000);
  });

  it('never stores nor serves a logged-in page, and gives each their own header', async () => {
    const s = await serve((_, cookie) => ({
      cacheControl: cookie.includes('token=') ? 'private, no-store' : PUBLIC,
    }));
    server = s.server;
    expect(await (await fetch(`${s.url}/`)).text()).toContain('登录');
    const mine = await fetch(`${s.url}/`, { headers: { cookie: 'token=abc' } });
    expect(await mine.text()).toContain('我的账户');
    expect(mine.headers.get('x-page-cache')).toBeNull();
    expect(await (await fetch(`${s.url}/`)).text()).toBe('<p>render 1</p><b>登录</b>');
  });

  it('keys a page by the preference cookies pages read: saved competitions never reach another visitor', async () => {
    const s = await serve(() => ({ cacheControl: PUBLIC }));
    server = s.server;
    const saved = { cookie: `${LEAGUE_COOKIE}=7,9; other=1` };
    expect(await (await fetch(`${s.url}/football`, { headers: saved })).text()).toContain('render 1');
    // A visitor without the cookie gets the plain page, not the filtered one just stored.
    expect(await (await fetch(`${s.url}/football`)).text()).toContain('render 2');
    // The same choice shares its copy; a cookie no page reads does not split it.
    const again = await fetch(`${s.url}/football`, { headers: { cookie: `${LEAGUE_COOKIE}=7,9` } });
    expect(await again.text()).toContain('render 1');
    expect(await (await fetch(`${s.url}/football`, { headers: { cookie: 'other=2' } })).text()).toContain(
      'render 2',
    );
  });

  it('keeps nothing the app did not mark public, nor an answer that sets a cookie or is not 200', async () => {
    const answers = [
      { cacheControl: 'private, no-store' },
      { cacheControl: PUBLIC, setCookie: 'x=1' },
      { cacheControl: PUBLIC, status: 404 },
    ];
    const s = await serve((n) => answers[(n - 1) % 3]);
    server = s.server;
    for (let k = 0; k < 6; k++) await fetch(`${s.url}/p`);
    expect(s.renders()).toBe(6);
    expect(s.cache.size).toBe(0);
  });

  it('while a page renders again, sends the copy it replaces to the others, up to staleMs', async () => {
    // The cache's clock is moved by hand and renders 2 and 3 finish when told: nothing here depends
    // on how fast the machine is.
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const held = [0, 1, 2, 3].map(() => Promise.withResolvers<void>());
    const s = await serve(
      (n) => ({ cacheControl: PUBLIC, until: n > 1 ? held[n].promise : undefined }),
      1_000,
      5_000,
    );
    server = s.server;
    await fetch(`${s.url}/live`);
    vi.setSystemTime(1_500);
    // The first to ask renders again; who asks meanwhile gets the previous copy at once.
    const renderer = fetch(`${s.url}/live`);
    await until(() => s.renders() === 2);
    const meanwhile = await fetch(`${s.url}/live`);
    expect(meanwhile.headers.get('x-page-cache')).toBe('stale');
    expect(await meanwhile.text()).toContain('render 1');
    held[2].resolve();
    expect(await (await renderer).text()).toContain('render 2');
    expect(await (await fetch(`${s.url}/live`)).text()).toContain('render 2');
    // Past staleMs the copy is dropped: nobody can get it while the page renders again.
    vi.setSystemTime(1_500 + 1_000 + 5_000 + 1);
    const last = fetch(`${s.url}/live`);
    await until(() => s.renders() === 3);
    expect(s.cache.size).toBe(0);
    held[3].resolve();
    expect(await (await last).text()).toContain('render 3');
  });
});
