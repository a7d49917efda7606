import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WS_LIMITS } from '../../src/lib/realtime/codes.ts';
import { createHttpServer } from '../../src/server/http/server.ts';
import { socketTokens } from '../../src/server/realtime/tokens.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

/** Opens a socket; resolves 'open' or the HTTP status it was refused with. */
function attempt(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; result: 'open' | number }> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ ws, result: 'open' }));
    ws.once('unexpected-response', (_req, res) => resolve({ ws, result: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ ws, result: 0 }));
  });
}

describe.each(targets())('socket caps on $name', (target) => {
  let t: TestContext;
  let base: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestContext(target, { TRUST_PROXY: '1' });
    const { server, hub } = createHttpServer(t.app, null);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    stop = async () => {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    };
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  it(`lets one token open ${WS_LIMITS.maxSocketsPerToken} sockets, refuses the next with 429, and frees a place on close`, async () => {
    const token = socketTokens(t.app).issue(0);
    const url = `${base}?token=${encodeURIComponent(token)}`;
    const opened = [];
    for (let k = 0; k < WS_LIMITS.maxSocketsPerToken; k++)
      opened.push(await attempt(url, { 'x-forwarded-for': `10.9.0.${k}` }));
    expect(opened.map((o) => o.result)).toEqual(Array(WS_LIMITS.maxSocketsPerToken).fill('open'));
    expect((await attempt(url, { 'x-forwarded-for': '10.9.1.1' })).result).toBe(429);
    opened[0].ws.close();
    await once(opened[0].ws, 'close');
    await new Promise((r) => setTimeout(r, 50));
    const again = await attempt(url, { 'x-forwarded-for': '10.9.1.2' });
    expect(again.result).toBe('open');
    for (const o of [...opened, again]) o.ws.close();
  });

  it(`refuses more than ${WS_LIMITS.maxSocketsPerAddress} sockets from one address`, async () => {
    const tokens = socketTokens(t.app);
    const open: WebSocket[] = [];
    // Each claims another first hop; the proxy's own (last) hop is the address that counts.
    for (let k = 0; k < WS_LIMITS.maxSocketsPerAddress; k += 1) {
      const r = await attempt(`${base}?token=${encodeURIComponent(tokens.issue(0))}`, {
        'x-forwarded-for': `192.0.2.${k}, 10.8.8.8`,
      });
      expect(r.result).toBe('open');
      open.push(r.ws);
    }
    const over = await attempt(`${base}?token=${encodeURIComponent(tokens.issue(0))}`, {
      'x-forwarded-for': '198.51.100.7, 10.8.8.8',
    });
    expect(over.result).toBe(429);
    // Another address is not affected.
    const other = await attempt(`${base}?token=${encodeURIComponent(tokens.issue(0))}`, {
      'x-forwarded-for': '10.8.8.9',
    });
    expect(other.result).toBe('open');
    for (const ws of [...open, other.ws]) ws.close();
  });
});
