import { atom } from 'nanostores';
import { readToken } from '../lib/api/cookie.ts';
import { SUCCESS_CODE, type Envelope } from '../lib/api/envelope.ts';
import { HEARTBEAT, WS_CODE, channelOwner, type Channel } from '../lib/realtime/codes.ts';
import { parseServerFrame, type ServerFrame } from '../lib/realtime/events.ts';

/**
 * The page's one WebSocket (spec §4 "Chat socket", docs/realtime.md), shared by every island and
 * page script through this store. It is open while someone needs it: a logged-in user (chat,
 * `user:{id}`), or any page that subscribes to a public channel (`scores:*`, `match:{id}`,
 * `room:{id}`) — a visitor's socket then carries those deliveries only. Chat stays a logged-in
 * thing: `sendSocket` refuses without a login, and a visitor's room polls its chat instead.
 */

/** Spec §9: heartbeat 10 s (after the page's own last frame), reconnect delay 5 s. */
export const HEARTBEAT_MS = 10_000;
export const RECONNECT_MS = 5_000;

/** The part of a WebSocket this store uses (injectable so tests can fake it). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface ConnectionInfo {
  token: string;
  lotteryAddress: { protocol: string; host: string; port: number | string }[];
}

export interface SocketDeps {
  /** The auth token; nothing means logged out. */
  getToken: () => string | null | undefined;
  /** POST /svc/imapi/websocket, as the user holding `accessToken` or (null) as a visitor. */
  requestInfo: (accessToken: string | null) => Promise<Envelope<ConnectionInfo | null>>;
  WebSocket?: new (url: string) => SocketLike;
  timers?: Timers;
}

export type SocketStatus = 'closed' | 'connecting' | 'open';
export const $socketStatus = atom<SocketStatus>('closed');
/** The latest incoming frame, typed by its code (src/lib/realtime/events.ts); null before the first. */
export const $lastMessage = atom<ServerFrame | null>(null);

const OPEN = 1;
const globalTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

async function requestInfoOverHttp(accessToken: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (accessToken) headers.accessToken = accessToken;
  const res = await fetch('/svc/imapi/websocket', { method: 'POST', headers, body: '{}' });
  return (await res.json()) as Envelope<ConnectionInfo | null>;
}

const defaultDeps: SocketDeps = { getToken: readToken, requestInfo: requestInfoOverHttp };

let deps: SocketDeps = defaultDeps;
/** The connection info in use and whose it is ('' for a visitor's socket). */
let info: (ConnectionInfo & { accessToken: string }) | null = null;
let socket: SocketLike | null = null;
let fetching = false;
/** Bumped by closeSocket so that a connection-info answer arriving after it is ignored. */
let generation = 0;
let heartbeatTimer: unknown = null;
let retryTimer: unknown = null;
/** Channels the page wants; sent again on every (re)connection. */
const channels = new Set<Channel>();

const timers = () => deps.timers ?? globalTimers;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isOpen = () => socket !== null && socket.readyState === OPEN;
const wantsPublic = () => [...channels].some((c) => channelOwner(c) === null);

/**
 * Opens the socket when it is wanted (logged in, or a public channel subscribed) and closes it
 * otherwise; call it whenever the login state may have changed. `next` replaces the defaults
 * (tests inject fakes).
 */
export function connectSocket(next?: Partial<SocketDeps>): void {
  if (next) deps = { ...defaultDeps, ...next };
  const token = deps.getToken() ?? '';
  if (!token && !wantsPublic()) return closeSocket();
  // Logged in or out since this socket opened: start again as who the page is now.
  if (info && info.accessToken !== token) closeSocket();
  if (socket || fetching) return; // already connected or on the way
  stopRetry();
  if (info) open(info);
  else void fetchInfo(token || null);
}

/** Closes the socket, stops the timers and forgets the connection info; no reconnection follows. */
export function closeSocket(): void {
  generation++;
  fetching = false;
  info = null;
  stopRetry();
  if (socket) drop(socket);
}

/**
 * Sends a `{code, data}` frame (an object or its JSON text) with `data.accessToken` set. Only a
 * logged-in socket sends: returns false, sending nothing, when the socket is not open, the page is
 * not logged in, or the payload is not a JSON object.
 */
export function sendSocket(payload: string | Record<string, unknown>): boolean {
  if (!isOpen() || !info?.accessToken) return false;
  let frame: unknown = payload;
  if (typeof payload === 'string') {
    try {
      frame = JSON.parse(payload);
    } catch {
      return false;
    }
  }
  if (!isRecord(frame)) return false;
  const data = isRecord(frame.data) ? frame.data : {};
  write(JSON.stringify({ ...frame, data: { ...data, accessToken: info.accessToken } }));
  return true;
}

/** Wants `channel` from now on (and after every reconnection); opens the socket if it is needed. */
export function subscribe(channel: Channel): void {
  channels.add(channel);
  if (isOpen()) control(WS_CODE.subscribe, { channel });
  else connectSocket();
}

export function unsubscribe(channel: Channel): void {
  if (channels.delete(channel) && isOpen()) control(WS_CODE.unsubscribe, { channel });
}

/** Runs `listener` for every frame from now on; returns the function that stops it. */
export function onFrame(listener: (frame: ServerFrame) => void): () => void {
  return $lastMessage.listen((frame) => frame && listener(frame));
}

/** A session frame (10014, subscribe, unsubscribe) as the socket's owner: the user, or a visitor. */
function control(code: number, data: Record<string, unknown>) {
  write(JSON.stringify({ code, data: { ...data, accessToken: info?.accessToken ?? '' } }));
}

async function fetchInfo(token: string | null) {
  const started = generation;
  fetching = true;
  let next: typeof info = null;
  try {
    let reply = await deps.requestInfo(token);
    // A stale login is refused (401): the public channels are still open to a visitor's socket.
    if (reply.code === 401 && token && wantsPublic() && started === generation)
      reply = await deps.requestInfo((token = null));
    if (reply.code === SUCCESS_CODE && reply.data?.lotteryAddress?.[0])
      next = { ...reply.data, accessToken: token ?? '' };
  } catch {
    // retried below, silently (spec §8)
  }
  if (started !== generation) return;
  fetching = false;
  if (!next) return scheduleRetry();
  info = next;
  open(next);
}

function open(current: NonNullable<typeof info>) {
  const { protocol, host, port } = current.lotteryAddress[0];
  const Ctor = deps.WebSocket ?? (globalThis.WebSocket as unknown as new (url: string) => SocketLike);
  let ws: SocketLike;
  try {
    ws = new Ctor(`${protocol}://${host}:${port}/ws?token=${encodeURIComponent(current.token)}`);
  } catch {
    info = null;
    return scheduleRetry();
  }
  let opened = false;
  socket = ws;
  $socketStatus.set('connecting');
  ws.onopen = () => {
    opened = true;
    $socketStatus.set('open');
    control(WS_CODE.auth, {});
    for (const channel of channels) control(WS_CODE.subscribe, { channel });
  };
  ws.onmessage = (event) => {
    if (typeof event.data !== 'string' || event.data === HEARTBEAT.pong) return;
    const frame = parseServerFrame(event.data);
    if (frame) $lastMessage.set(frame);
  };
  ws.onclose = ws.onerror = () => {
    if (socket !== ws) return;
    drop(ws);
    // Socket tokens are short-lived: one that never opened is fetched anew on the next try.
    if (!opened) info = null;
    scheduleRetry();
  };
}

/** Detaches and closes a socket, with its heartbeat. */
function drop(ws: SocketLike) {
  ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  socket = null;
  stopHeartbeat();
  $socketStatus.set('closed');
  try {
    ws.close();
  } catch {
    // already closed
  }
}

function write(text: string) {
  socket?.send(text);
  touch();
}

/**
 * The next heartbeat goes HEARTBEAT_MS after what this page last sent. Incoming frames do not
 * push it back: the server judges liveness by what the client sends, and in a busy room frames
 * arrive more often than every 10 s (issue 41).
 */
function touch() {
  stopHeartbeat();
  if (isOpen()) heartbeatTimer = timers().setTimeout(() => write(HEARTBEAT.ping), HEARTBEAT_MS);
}

function scheduleRetry() {
  if (retryTimer !== null) return;
  retryTimer = timers().setTimeout(() => {
    retryTimer = null;
    connectSocket();
  }, RECONNECT_MS);
}

function stopHeartbeat() {
  if (heartbeatTimer !== null) timers().clearTimeout(heartbeatTimer);
  heartbeatTimer = null;
}

function stopRetry() {
  if (retryTimer !== null) timers().clearTimeout(retryTimer);
  retryTimer = null;
}
