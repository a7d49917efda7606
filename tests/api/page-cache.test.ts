import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpServer } from '../../src/server/http/server.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

const PUBLIC = 'public, max-age=0, s-maxage=1, stale-while-revalidate=2';

/**
 * The HTTP server's page path (query parameters, the visitor cache) with a stand-in for the built
 * Astro handler: it answers as the site's middleware does (public for a visitor's page, private for a
 * logged-in one) and notes each URL it renders.
 */
describe.each(targets())('the page cache in the HTTP server on $name', (target) => {
  let t: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  let rendered: string[];

  const astro = (req: IncomingMessage, res: ServerResponse) => {
    rendered.push(req.url!);
    const visitor = !req.headers.cookie?.includes('token=');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': visitor ? PUBLIC : 'private, no-store',
    });
    res.end(`<p>${req.url}</p>`);
  };

  beforeAll(async () => {
    t = await createTestContext(target, { TRUST_PROXY: '1' });
    const { server, hub } = createHttpServer(t.app, astro);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stop = async () => {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    };
  });
  afterAll(async () => {
    vi.useRealTimers();
    await stop();
    await t.close();
  });
  beforeEach(() => {
    rendered = [];
    // The cache's clock stands still within a test (a stored page stays fresh however slow the
    // machine) and moves a minute on between tests (what one test stored has expired).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

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
    expect(rendered).toEqual(['/football', '/football?lottery=jc&view=league', '/football/live/1']);
  });

  it('renders a logged-in page without undeclared parameters too, and never from the cache', async () => {
    const cookie = 'token=abc';
    const res = await get('/football/end?date=2026-01-02&utm_source=a', { cookie });
    expect(res.headers.get('x-page-cache')).toBeNull();
    expect(await res.text()).toBe('<p>/football/end?date=2026-01-02</p>');
  });
});
