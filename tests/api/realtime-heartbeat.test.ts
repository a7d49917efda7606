import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { users } from '../../src/server/db/schema/index.ts';
import { CHANNEL, HEARTBEAT, WS_CLOSE, WS_CODE } from '../../src/lib/realtime/codes.ts';
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
    store.closeSocket();
  });

  it('keeps a client that answers its protocol pings and closes one that answers nothing', async () => {
    const url = `ws://127.0.0.1:${port}/ws?token=`;
    const start = time.now();
    const open = async (autoPong: boolean) => {
      const ws = new WebSocket(url + socketTokens(ctx.app).issue(0), { autoPong });
      const client = {
        ws,
        heard: 0,
        pings: 0,
        told: [] as { code: number; afterMs: number }[],
        closed: [] as number[],
      };
      ws.on('ping', () => (client.heard++, client.pings++));
      ws.on('message', (raw) => {
        client.heard++;
        const frame = JSON.parse(raw.toString());
        // 10099 says why, just before the close itself
        if (frame.code === WS_CODE.closing)
          client.told.push({ code: frame.data.code, afterMs: time.now() - start });
      });
      ws.on('close', (code) => client.closed.push(code));
      await once(ws, 'open');
      return client;
    };
    // Neither sends a frame of its own, as a page whose timers a background tab holds back.
    const answering = await open(true);
    const mute = await open(false);
    // The sweep is the only timer left: after each, both have heard from the hub (or closed).
    const heard = [0, 0];
    const settle = async () => {
      for (const [i, c] of [answering, mute].entries()) {
        await until(() => c.told.length > 0 || c.heard > heard[i], 'the sweep');
        heard[i] = c.heard;
      }
    };
    await time.advance(120_000, settle);
    expect(mute.told).toEqual([{ code: WS_CLOSE.idle, afterMs: 40_000 }]);
    await until(() => mute.closed.length > 0, 'the close');
    expect(mute.closed).toEqual([WS_CLOSE.idle]);
    expect(answering.told).toEqual([]);
    expect(answering.closed).toEqual([]);
    expect(answering.pings).toBe(12);
    answering.ws.close();
  });
});
