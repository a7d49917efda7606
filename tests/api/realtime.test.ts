import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { AppContext } from '../../src/server/context.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createHttpServer } from '../../src/server/http/server.ts';
import {
  CHANNEL,
  HEARTBEAT,
  WS_CLOSE,
  WS_CODE,
  WS_LIMITS,
  type Frame,
} from '../../src/lib/realtime/codes.ts';
import { createRealtimeHub, type RealtimeHub } from '../../src/server/realtime/hub.ts';
import { publish } from '../../src/server/realtime/publish.ts';
import { socketTokens } from '../../src/server/realtime/tokens.ts';
import { createSiblingContext, createTestContext, targets, type TestContext } from '../support/context.ts';

/** These tests check the transport: any JSON goes, whatever the code's payload type says. */
const transportOnly = (payload: object) => payload as never;

type Incoming = Frame<Record<string, unknown>> | string;

interface TestSocket {
  /** The next frame that matches, searching what already arrived first; fails after 5 s. */
  next(match: (frame: Incoming) => boolean): Promise<Incoming>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  ws: WebSocket;
}

const code = (c: number) => (f: Incoming) => typeof f === 'object' && f.code === c;

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

async function stop(server: Server, hub: RealtimeHub) {
  await hub.close(1001, 'test over');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** `autoPong: false` makes a client that does not answer the hub's protocol pings either. */
async function openSocket(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, options);
  const inbox: Incoming[] = [];
  const waiters: { match: (f: Incoming) => boolean; resolve: (f: Incoming) => void }[] = [];
  ws.on('message', (raw) => {
    const s = raw.toString();
    const frame: Incoming = s.startsWith('{') ? JSON.parse(s) : s;
    const i = waiters.findIndex((w) => w.match(frame));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(frame);
    else inbox.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (c, reason) => resolve({ code: c, reason: reason.toString() })),
  );
  await once(ws, 'open');
  return {
    ws,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next(match) {
      const i = inbox.findIndex(match);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching frame in 5 s; got ${JSON.stringify(inbox)}`)),
          5000,
        );
        waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
  };
}

/** What a refused connection attempt ends with: the HTTP status, or the socket error. */
function refusal(url: string): Promise<number | string> {
  const ws = new WebSocket(url);
  return new Promise((resolve) => {
    ws.on('open', () => resolve('open'));
    ws.on('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.on('error', (err) => resolve(err.message));
  });
}

async function connectionInfo(base: string, accessToken?: string) {
  const res = await fetch(`${base}/svc/imapi/websocket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { accessToken } : {}) },
    body: '{}',
  });
  return { status: res.status, body: await res.json() };
}

/** Asks the gateway for a token and opens the socket at the address it names (or at `wsBase`). */
async function openFor(base: string, accessToken: string, wsBase?: string): Promise<TestSocket> {
  const { body } = await connectionInfo(base, accessToken);
  const { protocol, host, port } = body.data.lotteryAddress[0];
  return openSocket(
    `${wsBase ?? `${protocol}://${host}:${port}`}/ws?token=${encodeURIComponent(body.data.token)}`,
  );
}

/** openFor, then 10014 as the spec's client sends on open ('' for a visitor). */
async function connect(base: string, accessToken: string, wsBase?: string): Promise<TestSocket> {
  const socket = await openFor(base, accessToken, wsBase);
  socket.send({ code: WS_CODE.auth, data: { accessToken } });
  await socket.next(code(WS_CODE.authOk));
  return socket;
}

async function subscribe(socket: TestSocket, channel: string) {
  socket.send({ code: WS_CODE.subscribe, data: { channel } });
  return socket.next(
    (f) =>
      typeof f === 'object' &&
      [WS_CODE.subscribed, WS_CODE.error].includes(f.code as never) &&
      f.data.channel === channel,
  );
}

async function createUser(app: AppContext, mobile: string, nickName: string) {
  const [{ id }] = await app.db.insert(users).values({ mobile, nickName }).returning({ id: users.id });
  const { token } = await app.services.sessions.create(id, true);
  return { id, token };
}

describe.each(targets())('realtime /ws on $name', (target) => {
  let ctx: TestContext;
  let server: Server;
  let hub: RealtimeHub;
  let port: number;
  let base: string;
  let fan: { id: number; token: string };
  let other: { id: number; token: string };

  beforeAll(async () => {
    ctx = await createTestContext(target);
    ({ server, hub } = createHttpServer(ctx.app, null));
    port = await listen(server);
    base = `http://127.0.0.1:${port}`;
    fan = await createUser(ctx.app, '19900000001', '测试球迷');
    other = await createUser(ctx.app, '19900000002', '另一位球迷');
  });

  afterAll(async () => {
    await stop(server, hub);
    await ctx.close();
  });

  it('answers a stale login with the 401 envelope', async () => {
    const { status, body } = await connectionInfo(base, 'x'.repeat(43));
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: '请先登录', data: null });
  });

  it('gives a logged-in user a token and the address the request came in on', async () => {
    const { status, body } = await connectionInfo(base, fan.token);
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 200,
      msg: 'success',
      data: { token: expect.any(String), lotteryAddress: [{ protocol: 'ws', host: '127.0.0.1', port }] },
    });
  });

  it('follows forwarded headers only behind a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.qiuyou.example' };
    const ask = async () => {
      const res = await fetch(`${base}/svc/imapi/websocket`, {
        method: 'POST',
        headers: { accessToken: fan.token, ...forwarded },
      });
      return (await res.json()).data.lotteryAddress[0];
    };
    expect(await ask()).toEqual({ protocol: 'ws', host: '127.0.0.1', port });
    ctx.app.config.trustProxy = true;
    try {
      expect(await ask()).toEqual({ protocol: 'wss', host: 'www.qiuyou.example', port: 443 });
    } finally {
      ctx.app.config.trustProxy = false;
    }
  });

  it('refuses connections without a valid token, and other paths', async () => {
    const ws = `ws://127.0.0.1:${port}`;
    const expired = socketTokens(ctx.app).issue(fan.id, Date.now() - 61_000);
    const tampered = socketTokens(ctx.app).issue(fan.id).replace(/^\d+/, String(other.id));
    expect(await refusal(`${ws}/ws`)).toBe(401);
    expect(await refusal(`${ws}/ws?token=forged`)).toBe(401);
    expect(await refusal(`${ws}/ws?token=${expired}`)).toBe(401);
    expect(await refusal(`${ws}/ws?token=${tampered}`)).toBe(401);
    expect(await refusal(`${ws}/chat?token=${socketTokens(ctx.app).issue(fan.id)}`)).not.toBe('open');
  });

  it('acknowledges 10014, answers the heartbeat and ignores what is not a frame', async () => {
    const socket = await openFor(base, fan.token);
    socket.send({ code: WS_CODE.auth, data: { accessToken: fan.token } });
    expect(await socket.next(code(WS_CODE.authOk))).toEqual({
      code: WS_CODE.authOk,
      data: { userId: fan.id },
    });
    socket.send('{not json');
    socket.send('[1,2]');
    socket.send(HEARTBEAT.ping);
    expect(await socket.next(() => true)).toBe(HEARTBEAT.pong);
    socket.send({ code: 10077, data: {} });
    expect(await socket.next(code(WS_CODE.error))).toMatchObject({
      data: { req: 10077, reason: 'unknown_code' },
    });
    socket.ws.close();
  });

  it('closes the socket when 10014 names another user', async () => {
    const fanSocket = await openFor(base, fan.token);
    fanSocket.send({ code: WS_CODE.auth, data: { accessToken: other.token } });
    expect(await fanSocket.next(code(WS_CODE.error))).toMatchObject({
      data: { req: WS_CODE.auth, reason: 'auth_failed' },
    });
    expect(await fanSocket.next(code(WS_CODE.closing))).toMatchObject({
      data: { code: WS_CLOSE.authFailed },
    });
    expect((await fanSocket.closed).code).toBe(WS_CLOSE.authFailed);
  });

  it('lets a visitor follow public channels but no user channel', async () => {
    const visitor = await connect(base, '');
    expect(await subscribe(visitor, CHANNEL.football)).toMatchObject({ code: WS_CODE.subscribed });
    expect(await subscribe(visitor, CHANNEL.user(fan.id))).toMatchObject({
      code: WS_CODE.error,
      data: { reason: 'forbidden' },
    });
    await publish(
      ctx.app.pubsub,
      CHANNEL.football,
      WS_CODE.scoreUpdate,
      transportOnly({
        matchId: 1,
        homeScore: 2,
        awayScore: 1,
      }),
    );
    expect(await visitor.next(code(WS_CODE.scoreUpdate))).toEqual({
      code: WS_CODE.scoreUpdate,
      data: { channel: 'scores:football', payload: { matchId: 1, homeScore: 2, awayScore: 1 } },
    });
    visitor.ws.close();
  });

  it('delivers what is published on a channel until the socket unsubscribes', async () => {
    const socket = await connect(base, fan.token);
    const peer = await connect(base, other.token);
    expect(await subscribe(socket, 'room:7')).toEqual({
      code: WS_CODE.subscribed,
      data: { channel: 'room:7' },
    });
    await subscribe(peer, 'room:7');
    await subscribe(socket, 'room:8');
    await publish(
      ctx.app.pubsub,
      CHANNEL.room(7),
      WS_CODE.chatMessage,
      transportOnly({
        nickName: '测试球迷',
        content: '好球！',
      }),
    );
    const expected = {
      code: WS_CODE.chatMessage,
      data: { channel: 'room:7', payload: { nickName: '测试球迷', content: '好球！' } },
    };
    expect(await socket.next(code(WS_CODE.chatMessage))).toEqual(expected);
    expect(await peer.next(code(WS_CODE.chatMessage))).toEqual(expected);

    socket.send({ code: WS_CODE.unsubscribe, data: { channel: 'room:7' } });
    expect(await socket.next(code(WS_CODE.unsubscribed))).toEqual({
      code: WS_CODE.unsubscribed,
      data: { channel: 'room:7' },
    });
    await publish(ctx.app.pubsub, CHANNEL.room(7), WS_CODE.chatMessage, transportOnly({ content: '已离开' }));
    await publish(ctx.app.pubsub, CHANNEL.room(8), WS_CODE.roomEvent, transportOnly({ type: 'gift' }));
    // Both went through the same pub/sub in order: the next delivery being room 8's shows room 7's never came.
    expect(
      await socket.next((f) => typeof f === 'object' && f.code >= WS_CODE.message && f.code < WS_CODE.error),
    ).toMatchObject({
      data: { channel: 'room:8' },
    });
    expect(await peer.next(code(WS_CODE.chatMessage))).toMatchObject({
      data: { payload: { content: '已离开' } },
    });
    socket.ws.close();
    peer.ws.close();
  });

  it('keeps user channels to their owner, after 10014, and checks channel names', async () => {
    const socket = await openFor(base, fan.token);
    expect(await subscribe(socket, CHANNEL.user(fan.id))).toMatchObject({
      code: WS_CODE.error,
      data: { reason: 'forbidden' },
    });
    socket.send({ code: WS_CODE.auth, data: { accessToken: fan.token } });
    await socket.next(code(WS_CODE.authOk));
    expect(await subscribe(socket, CHANNEL.user(fan.id))).toMatchObject({ code: WS_CODE.subscribed });
    expect(await subscribe(socket, CHANNEL.user(other.id))).toMatchObject({
      code: WS_CODE.error,
      data: { req: WS_CODE.subscribe, reason: 'forbidden', msg: '没有权限订阅该频道' },
    });
    for (const bad of ['room:abc', 'room:0', 'room:01', 'scores:tennis', 'lobby', ' room:1']) {
      expect(await subscribe(socket, bad)).toMatchObject({
        code: WS_CODE.error,
        data: { reason: 'bad_channel' },
      });
    }
    await publish(ctx.app.pubsub, CHANNEL.user(fan.id), WS_CODE.userNotice, transportOnly({ balance: 100 }));
    expect(await socket.next(code(WS_CODE.userNotice))).toMatchObject({
      data: { channel: `user:${fan.id}`, payload: { balance: 100 } },
    });
    socket.ws.close();
  });

  it(`limits a socket to ${WS_LIMITS.maxChannelsPerSocket} channels`, async () => {
    const socket = await connect(base, fan.token);
    for (let id = 1; id < WS_LIMITS.maxChannelsPerSocket; id++)
      socket.send({ code: WS_CODE.subscribe, data: { channel: `match:${id}` } });
    expect(await subscribe(socket, CHANNEL.football)).toMatchObject({ code: WS_CODE.subscribed });
    expect(await subscribe(socket, CHANNEL.basketball)).toMatchObject({
      code: WS_CODE.error,
      data: { reason: 'too_many_channels' },
    });
    expect(hub.stats().channels).toBeGreaterThanOrEqual(WS_LIMITS.maxChannelsPerSocket);
    socket.ws.close();
    await socket.closed;
  });

  it('closes a socket that floods or sends an oversized frame', async () => {
    const flooder = await connect(base, '');
    for (let i = 0; i <= WS_LIMITS.maxFrames; i++) flooder.send(HEARTBEAT.ping);
    expect(await flooder.next(code(WS_CODE.closing))).toMatchObject({ data: { code: WS_CLOSE.flooding } });
    expect((await flooder.closed).code).toBe(WS_CLOSE.flooding);

    const big = await connect(base, '');
    big.send({ code: WS_CODE.subscribe, data: { channel: 'x'.repeat(WS_LIMITS.maxPayload) } });
    expect((await big.closed).code).toBe(WS_CLOSE.tooLarge);
  });

  it.runIf(target.redisUrl)('fans out a message published on another instance', async () => {
    const sibling = await createSiblingContext(ctx);
    const b = createHttpServer(sibling.app, null);
    const basePortB = `http://127.0.0.1:${await listen(b.server)}`;
    try {
      // Token from instance B, socket on instance A, message published by B.
      const socket = await connect(basePortB, fan.token, `ws://127.0.0.1:${port}`);
      await subscribe(socket, 'match:42');
      await publish(
        sibling.app.pubsub,
        CHANNEL.match(42),
        WS_CODE.matchEvent,
        transportOnly({
          minute: 90,
          text: '绝杀！',
        }),
      );
      expect(await socket.next(code(WS_CODE.matchEvent))).toEqual({
        code: WS_CODE.matchEvent,
        data: { channel: 'match:42', payload: { minute: 90, text: '绝杀！' } },
      });
      socket.ws.close();
    } finally {
      await stop(b.server, b.hub);
      await sibling.close();
    }
  });

  describe('with a 300 ms idle limit', () => {
    let bare: Server;
    let shortHub: RealtimeHub;
    let url: string;

    beforeAll(async () => {
      bare = createServer();
      shortHub = createRealtimeHub(ctx.app, bare, { idleMs: 300 });
      url = `ws://127.0.0.1:${await listen(bare)}/ws?token=`;
    });

    afterAll(() => stop(bare, shortHub));

    it('drops a silent client and keeps one that beats', async () => {
      const silent = await openSocket(url + socketTokens(ctx.app).issue(0), { autoPong: false });
      const beating = await openSocket(url + socketTokens(ctx.app).issue(0));
      const beat = setInterval(() => beating.send(HEARTBEAT.ping), 50);
      try {
        expect(await silent.next(code(WS_CODE.closing))).toEqual({
          code: WS_CODE.closing,
          data: { code: WS_CLOSE.idle, reason: 'idle' },
        });
        expect((await silent.closed).code).toBe(WS_CLOSE.idle);
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(beating.ws.readyState).toBe(WebSocket.OPEN);
      } finally {
        clearInterval(beat);
        beating.ws.close();
      }
    });

    it('closes every socket with the given code on close() and refuses new ones', async () => {
      const socket = await openSocket(url + socketTokens(ctx.app).issue(0));
      const beat = setInterval(() => socket.send(HEARTBEAT.ping), 50);
      await subscribe(socket, 'room:9');
      expect(shortHub.stats()).toEqual({ clients: 1, channels: 1 });
      await shortHub.close(1001, 'server shutting down');
      clearInterval(beat);
      expect(await socket.next(code(WS_CODE.closing))).toMatchObject({
        data: { code: 1001, reason: 'server shutting down' },
      });
      expect(await socket.closed).toEqual({ code: 1001, reason: 'server shutting down' });
      expect(shortHub.stats()).toEqual({ clients: 0, channels: 0 });
      expect(await refusal(url + socketTokens(ctx.app).issue(0))).toBe(503);
    });
  });
});
