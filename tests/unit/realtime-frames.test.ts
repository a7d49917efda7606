// Broadcasts are framed once and written straight to each socket's stream: a real ws client must
// read them as the same messages, in order, whatever their length; messages a channel receives in
// one turn of the event loop share one write per socket.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CHANNEL } from '../../src/lib/realtime/codes.ts';
import { textFrames, writeFrames } from '../../src/server/realtime/frames.ts';
import { pubsubChannel } from '../../src/server/realtime/publish.ts';
import { createMemoryPubSub } from '../../src/server/realtime/pubsub.ts';
import { createChannelRegistry } from '../../src/server/realtime/registry.ts';

let wss: WebSocketServer | undefined;
afterEach(async () => {
  for (const ws of wss?.clients ?? []) ws.terminate();
  await new Promise((resolve) => wss?.close(resolve));
  wss = undefined;
});

async function pair(): Promise<{ server: WebSocket; client: WebSocket; received: string[] }> {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const accepted = once(wss, 'connection');
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const received: string[] = [];
  client.on('message', (data, isBinary) => received.push(isBinary ? '<binary>' : data.toString()));
  const [server] = (await accepted) as [WebSocket];
  await once(client, 'open');
  return { server, client, received };
}

describe('prepared text frames', () => {
  it('arrive as the same messages, in order, for every length header and in Chinese', async () => {
    const { server, received } = await pair();
    const messages = ['', '进球', '比'.repeat(100), 'x'.repeat(125), 'y'.repeat(126), 'z'.repeat(70_000)];
    writeFrames(server, textFrames(messages));
    server.send('after'); // ws's own send keeps its place behind them
    await expect.poll(() => received.length).toBe(messages.length + 1);
    expect(received).toEqual([...messages, 'after']);
  });
});

describe('channel broadcasts', () => {
  it('send what one turn of the event loop brings in one write per socket', async () => {
    const { server, received } = await pair();
    const pubsub = createMemoryPubSub();
    const registry = createChannelRegistry(pubsub, pino({ level: 'silent' }));
    const channel = CHANNEL.room(7);
    await registry.join(server, channel);
    const stream = (server as unknown as { _socket: { write(data: Buffer): boolean } })._socket;
    let writes = 0;
    const write = stream.write.bind(stream);
    stream.write = (data) => (writes++, write(data));

    for (const n of [1, 2, 3]) await pubsub.publish(pubsubChannel(channel), `m${n}`);
    await expect.poll(() => received).toEqual(['m1', 'm2', 'm3']);
    expect(writes).toBe(1);

    // A later turn is sent on its own, as soon as it comes.
    await pubsub.publish(pubsubChannel(channel), 'm4');
    await expect.poll(() => received.length).toBe(4);
    expect(writes).toBe(2);
    await registry.close();
  });
});
