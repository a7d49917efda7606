// A socket that stops reading is dropped with 4009 once 1 MB of broadcasts waits for it, instead of
// the server queueing without bound; a reading socket on the same channel keeps everything.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { WS_CLOSE } from '../../src/lib/realtime/codes.ts';
import { fanOut, MAX_BUFFERED } from '../../src/server/realtime/registry.ts';

let wss: WebSocketServer | undefined;
afterEach(async () => {
  for (const ws of wss?.clients ?? []) ws.terminate();
  await new Promise((resolve) => wss?.close(resolve));
});

async function pair(): Promise<{ server: WebSocket; client: WebSocket }> {
  wss ??= new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  if (!wss.address()) await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const accepted = once(wss, 'connection');
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const [server] = (await accepted) as [WebSocket];
  await once(client, 'open').catch(() => undefined);
  return { server, client };
}

describe('slow consumer', () => {
  it('closes a socket that stopped reading with 4009 and stops queueing for it', async () => {
    const slow = await pair();
    const reader = await pair();
    let received = 0;
    reader.client.on('message', () => received++);
    slow.client.pause(); // stops reading: the kernel buffers fill, then the server's queue grows
    const closed = new Promise<number>((resolve) => slow.client.once('close', (code) => resolve(code)));
    const message = JSON.stringify({ code: 1, data: 'x'.repeat(64 * 1024) });
    const sockets = new Set([slow.server, reader.server]);
    let sent = 0;
    while (slow.server.readyState === WebSocket.OPEN && sent < 2_000) {
      fanOut(sockets, [message]);
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(slow.server.readyState).toBe(WebSocket.CLOSING);
    // Bounded: at most one message past the limit was queued before the drop.
    expect(slow.server.bufferedAmount).toBeLessThan(MAX_BUFFERED + 2 * message.length);
    fanOut(sockets, [message]);
    sent++;
    slow.client.resume();
    expect(await closed).toBe(WS_CLOSE.slowConsumer);
    await expect.poll(() => received, { timeout: 10_000 }).toBe(sent);
  });
});
