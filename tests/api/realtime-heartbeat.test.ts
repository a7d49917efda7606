import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { users } from '../../src/server/db/schema/index.ts';
import { CHANNEL, HEARTBEAT, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { createRealtimeHub, type RealtimeHub } from '../../src/server/realtime/hub.ts';
import { publish } from '../../src/server/realtime/publish.ts';
import { socketTokens } from '../../src/server/realtime/tokens.ts';
import * as store from '../../src/stores/socket.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';
import { manualTime } from '../support/manual-time.ts';

/** Waits (a few ms at most, in real time) until `ready` holds; fails after 5 s. */
async function until(ready: () => boolean, what: string) {
  for (let waited = 0; !ready(); waited++) {
    if (waited > 5_000) throw new Error(`waited 5 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

describe.each(targets())('the browser socket in a busy room on $name', (target) => {
  let ctx: TestContext;
  let server: Server;
  let hub: RealtimeHub;
  let time: ReturnType<typeof manualTime>;
  let port: number;
  let viewer: { id: number; token: string };

  beforeAll(async () => {
    ctx = await createTestContext(target);
    time = manualTime(Date.parse('2026-06-01T12:00:00Z'));
    server = createServer();
    hub = createRealtimeHub(ctx.app, server, { clock: time.clock });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    const [{ id }] = await ctx.app.db
      .insert(users)
      .values({ mobile: '19900004101', nickName: '心跳球迷' })
      .returning({ id: users.id });
    viewer = { id, token: (await ctx.app.services.sessions.create(id, true)).token };
  });

  afterAll(async () => {
    store.closeSocket();
    await hub.close(1001, 'test over');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('stays open for two minutes of steady chat, beating as the page does', async () => {
    const room = CHANNEL.room(41);
    const sockets: BrowserLike[] = [];
    const heard: string[] = [];
    const pings = () =>
      sockets.reduce((n, s) => n + s.sentText.filter((t) => t === HEARTBEAT.ping).length, 0);
    const pongs = () => heard.filter((t) => t === HEARTBEAT.pong).length;
    const chats = () => heard.filter((t) => t.includes(`"code":${WS_CODE.chatMessage}`)).length;
    const start = time.now();
    const closes: { code: number; afterMs: number }[] = [];

    /**
     * Node's `ws` as the page's socket, except that it never answers the server's protocol pings:
     * what keeps it open must be what the page itself sends.
     */
    class BrowserLike extends WebSocket {
      sentText: string[] = [];
      constructor(url: string) {
        super(url, { autoPong: false });
        sockets.push(this);
        this.on('message', (raw) => heard.push(raw.toString()));
        this.on('close', (code) => closes.push({ code, afterMs: time.now() - start }));
        this.on('error', () => undefined); // a socket dropped while connecting; seen through 'close'
      }
      override send(data: string) {
        this.sentText.push(data);
        super.send(data);
      }
    }

    store.connectSocket({
      getToken: () => viewer.token,
      requestInfo: async () => ({
        code: 200,
        msg: 'success',
        data: {
          token: socketTokens(ctx.app).issue(viewer.id),
          lotteryAddress: [{ protocol: 'ws', host: '127.0.0.1', port }],
        },
      }),
      WebSocket: BrowserLike as never,
      timers: time.timers,
    });
    store.subscribe(room);
    await until(() => heard.some((t) => t.includes(`"code":${WS_CODE.subscribed}`)), 'the subscription');

    // A chat line every 2 s; after each timer, whatever it sent has arrived (or the socket closed).
    let said = 0;
    const stopChat = time.clock.every(() => {
      said++;
      void publish(ctx.app.pubsub, room, WS_CODE.chatMessage, { id: said, content: `第${said}条` } as never);
    }, 2_000);
    const settle = () =>
      until(() => closes.length > 0 || (chats() === said && pongs() === pings()), 'delivery');
    try {
      await time.advance(120_000, settle);
    } finally {
      stopChat();
    }

    expect(closes).toEqual([]);
    expect(sockets).toHaveLength(1);
    expect(chats()).toBe(60);
    // The page beat on its own, every 10 s, while chat kept arriving.
    expect(pings()).toBeGreaterThanOrEqual(11);
  });
});
