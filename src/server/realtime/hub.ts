import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { AppContext } from '../context.ts';
import { MSG } from '../../lib/messages.ts';
import { hasControlChars } from '../control-chars.ts';
import { isApiError } from '../errors.ts';
import {
  channelOwner,
  HEARTBEAT,
  isChannel,
  WS_CLOSE,
  WS_CODE,
  WS_LIMITS,
  type Channel,
  type ErrorData,
  type ErrorReason,
  type Frame,
} from '../../lib/realtime/codes.ts';
import { reportOnline } from './online.ts';
import { createChannelRegistry } from './registry.ts';
import { socketTokens } from './tokens.ts';
import { clientAddress } from '../http/forwarded.ts';

export interface RealtimeHub {
  /** Closes every socket with `code`, stops the timers and leaves every pub/sub channel. */
  close(code: number, reason: string): Promise<void>;
  stats(): { clients: number; channels: number };
}

export interface HubOptions {
  /** Drops a client silent this long; WS_LIMITS.idleMs (30 s) unless a test shortens it. */
  idleMs?: number;
  /** The hub's time: the system's unless a test drives it by hand. */
  clock?: HubClock;
}

/** What the hub reads the time from and runs its sweep on. */
export interface HubClock {
  now(): number;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(tick: () => void, ms: number): () => void;
}

const systemClock: HubClock = {
  now: () => Date.now(),
  every(tick, ms) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

interface Client {
  ws: WebSocket;
  /** The user the socket token names; 0 for a visitor. */
  tokenUserId: number;
  /** Becomes tokenUserId once 10014 has proved the session; until then the socket has a visitor's rights. */
  userId: number;
  channels: Set<Channel>;
  lastSeen: number;
  frames: number;
  windowStart: number;
  /** Frames are handled in order, so a subscribe sent right behind 10014 sees its outcome. */
  queue: Promise<void>;
}

interface ClientFrame {
  code: number;
  data: Record<string, unknown>;
}

/** How long close() waits for clients to answer the close handshake. */
const CLOSE_GRACE_MS = 2_000;

const ERROR_MSG: Record<ErrorReason, string> = {
  bad_channel: '频道不存在',
  forbidden: '没有权限订阅该频道',
  too_many_channels: '订阅的频道过多',
  unknown_code: '不支持的消息类型',
  auth_failed: '登录已失效，请重新登录',
  unavailable: '服务暂不可用，请稍后再试',
  refused: '发送失败',
};

/** The /ws endpoint: token check on upgrade, 10014 auth, channel subscriptions fed by the pub/sub. */
export function createRealtimeHub(app: AppContext, server: Server, options: HubOptions = {}): RealtimeHub {
  const idleMs = options.idleMs ?? WS_LIMITS.idleMs;
  const clock = options.clock ?? systemClock;
  const tokens = socketTokens(app);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_LIMITS.maxPayload,
    perMessageDeflate: false,
  });
  const clients = new Set<Client>();
  const perToken = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const registry = createChannelRegistry(app.pubsub, app.log);
  let closing = false;
  // The console's online figure: this instance's sockets, summed with the others' through the KV.
  const stopOnlineReport = reportOnline(app.kv, () => clients.size);

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = URL.parse(req.url ?? '', 'http://localhost');
    if (url?.pathname !== '/ws') return void socket.destroy();
    if (closing) return refuse(socket, 503);
    const raw = url.searchParams.get('token') ?? '';
    const token = tokens.verify(raw);
    if (!token) return refuse(socket, 401);
    const address = clientAddress(req, app.config.trustProxy);
    if ((perToken.get(raw) ?? 0) >= WS_LIMITS.maxSocketsPerToken) return refuse(socket, 429);
    if ((perAddress.get(address) ?? 0) >= WS_LIMITS.maxSocketsPerAddress) return refuse(socket, 429);
    // Counted from the upgrade on, so a burst of upgrades cannot slip past the caps.
    bump(perToken, raw, 1);
    bump(perAddress, address, 1);
    const release = () => {
      bump(perToken, raw, -1);
      bump(perAddress, address, -1);
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, token.userId));
  });

  // Every beat: a client silent for a beat or more is pinged (browsers answer at the protocol level
  // even when a background tab's timers hold its '0' back); one silent past idleMs is closed.
  const beatMs = Math.max(10, Math.round(idleMs / 3));
  const stopSweep = clock.every(() => {
    const now = clock.now();
    for (const client of clients) {
      const silent = now - client.lastSeen;
      if (silent < beatMs) continue;
      // A client that did not answer the close handshake by the next sweep is gone.
      if (client.ws.readyState === WebSocket.CLOSING) client.ws.terminate();
      else if (silent > idleMs) kick(client, WS_CLOSE.idle, 'idle');
      else client.ws.ping();
    }
  }, beatMs);

  function accept(ws: WebSocket, tokenUserId: number) {
    const now = clock.now();
    const client: Client = {
      ws,
      tokenUserId,
      userId: 0,
      channels: new Set(),
      lastSeen: now,
      frames: 0,
      windowStart: now,
      queue: Promise.resolve(),
    };
    clients.add(client);
    ws.on('message', (raw, isBinary) => onFrame(client, raw, isBinary));
    ws.on('pong', () => (client.lastSeen = clock.now()));
    ws.on('error', (err) => app.log.debug({ err }, 'ws client error'));
    ws.on('close', () => {
      clients.delete(client);
      for (const channel of client.channels) leave(client, channel);
    });
  }

  function onFrame(client: Client, raw: RawData, isBinary: boolean) {
    if (client.ws.readyState !== WebSocket.OPEN) return;
    const now = clock.now();
    client.lastSeen = now;
    if (now - client.windowStart >= WS_LIMITS.frameWindowMs) {
      client.windowStart = now;
      client.frames = 0;
    }
    if (++client.frames > WS_LIMITS.maxFrames) return kick(client, WS_CLOSE.flooding, 'too many frames');
    if (isBinary) return;
    const text = raw.toString();
    if (text === HEARTBEAT.ping) return send(client, HEARTBEAT.pong);
    const frame = parseFrame(text);
    if (!frame) return; // not a {code, data} frame: ignored
    client.queue = client.queue
      .then(() => handle(client, frame))
      .catch((err) => app.log.warn({ err }, 'ws frame failed'));
  }

  async function handle(client: Client, { code, data }: ClientFrame) {
    if (client.ws.readyState !== WebSocket.OPEN) return; // closed while the frame waited its turn
    if (code === WS_CODE.auth) return auth(client, data.accessToken);
    if (code === WS_CODE.subscribe) return subscribe(client, data.channel);
    if (code === WS_CODE.unsubscribe) return unsubscribe(client, data.channel);
    if (code === WS_CODE.chatSend) return chat(client, data);
    sendError(client, code, 'unknown_code');
  }

  /**
   * Room and match chat sent over the socket: handed to the live chat service, the same function
   * behind POST /svc/api/chat/msg, so the rules (ban, pace, length) are checked once, in one place.
   */
  async function chat(client: Client, data: Record<string, unknown>) {
    const clientId = typeof data.clientId === 'string' ? data.clientId.slice(0, 64) : undefined;
    const refuse = (msg: string, code: number) =>
      send(client, {
        code: WS_CODE.error,
        data: { req: WS_CODE.chatSend, reason: 'refused', msg, code, clientId } satisfies ErrorData,
      });
    if (client.userId === 0) return refuse(ERROR_MSG.auth_failed, 401);
    // As the HTTP body reader refuses them (gateway/body.ts): the chat service would have folded them into spaces.
    if (hasControlChars(data)) return refuse(MSG.badCharacters, 400);
    try {
      const message = await app.services.live.chat.fromSocket(client.userId, data);
      send(client, { code: WS_CODE.chatAck, data: { clientId, id: message.id } });
    } catch (err) {
      if (isApiError(err)) return refuse(err.message, err.code);
      app.log.warn({ err }, 'ws chat failed');
      sendError(client, WS_CODE.chatSend, 'unavailable');
    }
  }

  async function auth(client: Client, accessToken: unknown) {
    if (client.userId === 0) {
      const user =
        typeof accessToken === 'string' && accessToken
          ? await app.services.sessions.userByToken(accessToken)
          : null;
      if ((user?.id ?? 0) !== client.tokenUserId) {
        sendError(client, WS_CODE.auth, 'auth_failed');
        return kick(client, WS_CLOSE.authFailed, 'auth failed');
      }
      client.userId = client.tokenUserId;
    }
    send(client, { code: WS_CODE.authOk, data: { userId: client.userId } });
  }

  async function subscribe(client: Client, channel: unknown) {
    if (!isChannel(channel)) return sendError(client, WS_CODE.subscribe, 'bad_channel', channel);
    const owner = channelOwner(channel);
    if (owner !== null && owner !== client.userId)
      return sendError(client, WS_CODE.subscribe, 'forbidden', channel);
    if (!client.channels.has(channel)) {
      if (client.channels.size >= WS_LIMITS.maxChannelsPerSocket) {
        return sendError(client, WS_CODE.subscribe, 'too_many_channels', channel);
      }
      client.channels.add(channel);
      try {
        await registry.join(client.ws, channel);
      } catch (err) {
        app.log.warn({ err, channel }, 'ws subscribe failed');
        leave(client, channel);
        return sendError(client, WS_CODE.subscribe, 'unavailable', channel);
      }
    }
    // Sent once the pub/sub subscription is live: anything published from now on arrives.
    send(client, { code: WS_CODE.subscribed, data: { channel } });
  }

  function unsubscribe(client: Client, channel: unknown) {
    if (!isChannel(channel)) return sendError(client, WS_CODE.unsubscribe, 'bad_channel', channel);
    leave(client, channel);
    send(client, { code: WS_CODE.unsubscribed, data: { channel } });
  }

  function leave(client: Client, channel: Channel) {
    client.channels.delete(channel);
    registry.leave(client.ws, channel);
  }

  function send(client: Client, frame: Frame | string) {
    if (client.ws.readyState === WebSocket.OPEN)
      client.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  function sendError(client: Client, req: number, reason: ErrorReason, channel?: unknown) {
    const data: ErrorData = { req, reason, msg: ERROR_MSG[reason] };
    if (typeof channel === 'string') data.channel = channel.slice(0, 100);
    send(client, { code: WS_CODE.error, data });
  }

  /** Tells the client why (10099), then closes the socket with `code`. */
  function kick(client: Client, code: number, reason: string) {
    send(client, { code: WS_CODE.closing, data: { code, reason } });
    client.ws.close(code, reason);
  }

  return {
    async close(code, reason) {
      closing = true;
      stopSweep();
      stopOnlineReport();
      const grace = new AbortController();
      const closed = [...clients].map((client) => new Promise((resolve) => client.ws.once('close', resolve)));
      for (const client of clients) kick(client, code, reason);
      await Promise.race([
        Promise.all(closed),
        sleep(CLOSE_GRACE_MS, undefined, { signal: grace.signal, ref: false }).catch(() => {}),
      ]);
      grace.abort();
      for (const client of clients) client.ws.terminate();
      await registry.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    stats: () => ({ clients: clients.size, channels: registry.size }),
  };
}

function bump(counts: Map<string, number>, key: string, by: 1 | -1) {
  const n = (counts.get(key) ?? 0) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}

function refuse(socket: Duplex, status: 401 | 429 | 503) {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function parseFrame(text: string): ClientFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || !Number.isInteger((value as Frame).code)) return null;
  const { code, data } = value as Frame;
  return { code, data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {} };
}
