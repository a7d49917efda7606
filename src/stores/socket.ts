import { atom } from 'nanostores';
import type { ApiClient } from '../lib/api/client.ts';
import { SUCCESS_CODE } from '../lib/api/envelope.ts';
import { HEARTBEAT, WS_CODE, type Channel } from '../lib/realtime/codes.ts';

/**
 * The chat socket (spec §4 "Chat socket"): one connection per page, shared by every island.
 * Call connectSocket whenever the login state may have changed; it opens the socket when a
 * token is available and closes it otherwise.
 */

/** Spec §9: heartbeat 10 s, reconnect delay 5 s. */
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

export interface SocketDeps {
  /** The auth token; nothing means logged out. */
  getToken: () => string | null | undefined;
  api: Pick<ApiClient, 'post'>;
  WebSocket?: new (url: string) => SocketLike;
  timers?: Timers;
}

interface ConnectionInfo {
  token: string;
  lotteryAddress: { protocol: string; host: string; port: number | string }[];
}

export type SocketStatus = 'closed' | 'connecting' | 'open';
export const $socketStatus = atom<SocketStatus>('closed');
/** The latest incoming message: parsed when it is JSON, the raw data otherwise. */
export const $lastMessage = atom<unknown>(null);

const OPEN = 1;
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const globalTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

let deps: SocketDeps | null = null;
let info: ConnectionInfo | null = null;
let socket: SocketLike | null = null;
let fetching = false;
/** Bumped by closeSocket so that a connection-info answer arriving after it is ignored. */
let generation = 0;
let heartbeatTimer: unknown = null;
let retryTimer: unknown = null;
/** Channels the islands want; sent again on every (re)connection. */
const channels = new Set<Channel>();

const timers = () => deps?.timers ?? globalTimers;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isOpen = () => socket !== null && socket.readyState === OPEN;

export function connectSocket(next: SocketDeps): void {
  deps = next;
  if (!next.getToken()) return closeSocket();
  if (socket || fetching) return; // already connected or on the way
  stopRetry();
  if (info) open(info);
  else void fetchInfo(next);
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
 * Sends a `{code, data}` frame (an object or its JSON text) with `data.accessToken` set.
 * Returns false, sending nothing, when the socket is not open or the payload is not a JSON object.
 */
export function sendSocket(payload: string | Record<string, unknown>): boolean {
  const accessToken = deps?.getToken();
  if (!isOpen() || !accessToken) return false;
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
  write(JSON.stringify({ ...frame, data: { ...data, accessToken } }));
  return true;
}

export function subscribe(channel: Channel): void {
  channels.add(channel);
  sendSocket({ code: WS_CODE.subscribe, data: { channel } });
}

export function unsubscribe(channel: Channel): void {
  if (channels.delete(channel)) sendSocket({ code: WS_CODE.unsubscribe, data: { channel } });
}

async function fetchInfo(d: SocketDeps) {
  const started = generation;
  fetching = true;
  let next: ConnectionInfo | null = null;
  try {
    const res = await d.api.post<ConnectionInfo>('/imapi/websocket', undefined, { headers: JSON_HEADERS });
    if (res.code === SUCCESS_CODE && isRecord(res.data) && res.data.lotteryAddress?.[0]) next = res.data;
  } catch {
    // retried below, silently (spec §8)
  }
  if (started !== generation) return;
  fetching = false;
  if (!next) return scheduleRetry();
  info = next;
  open(next);
}

function open(current: ConnectionInfo) {
  const { protocol, host, port } = current.lotteryAddress[0];
  const Ctor = deps?.WebSocket ?? (globalThis.WebSocket as unknown as new (url: string) => SocketLike);
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
    sendSocket({ code: WS_CODE.auth, data: {} });
    for (const channel of channels) sendSocket({ code: WS_CODE.subscribe, data: { channel } });
  };
  ws.onmessage = (event) => {
    touch();
    $lastMessage.set(parse(event.data));
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

/** Any activity pushes the next heartbeat back to HEARTBEAT_MS from now. */
function touch() {
  stopHeartbeat();
  if (isOpen()) heartbeatTimer = timers().setTimeout(() => write(HEARTBEAT.ping), HEARTBEAT_MS);
}

function scheduleRetry() {
  if (retryTimer !== null) return;
  retryTimer = timers().setTimeout(() => {
    retryTimer = null;
    if (deps) connectSocket(deps);
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

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}
