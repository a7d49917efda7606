import { readToken } from '../../lib/api/cookie.ts';
import { HEARTBEAT, WS_CODE, type Channel } from '../../lib/realtime/codes.ts';
import { HEARTBEAT_MS, RECONNECT_MS } from '../../stores/socket.ts';

/**
 * The score pages' socket: public channels only, for visitors too (the chat socket in
 * src/stores/socket.ts opens only when logged in, as the spec says). Same protocol and timings:
 * token from POST /svc/imapi/websocket, 10014 on open, '0' heartbeat, reconnect after 5 s.
 */
export interface Delivery {
  code: number;
  channel: string;
  payload: unknown;
}

interface Address {
  token: string;
  lotteryAddress: { protocol: string; host: string; port: number | string }[];
}

async function socketAddress(): Promise<{ url: string; accessToken: string } | null> {
  const ask = async (accessToken: string | null) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (accessToken) headers.accessToken = accessToken;
    const res = await fetch('/svc/imapi/websocket', { method: 'POST', headers, body: '{}' });
    return (await res.json()) as { code: number; data: Address };
  };
  let accessToken = readToken();
  let reply = await ask(accessToken);
  // A stale login is refused with 401: the public channels are open to a visitor's socket.
  if (reply.code === 401 && accessToken) reply = await ask((accessToken = null));
  const address = reply.code === 200 ? reply.data?.lotteryAddress?.[0] : null;
  if (!address) return null;
  return {
    url: `${address.protocol}://${address.host}:${address.port}/ws?token=${encodeURIComponent(reply.data.token)}`,
    accessToken: accessToken ?? '',
  };
}

/** Connects, subscribes to `channels` and hands every delivery to `onDelivery`; returns a stop function. */
export function openScoreSocket(channels: Channel[], onDelivery: (d: Delivery) => void): () => void {
  let ws: WebSocket | null = null;
  let beat: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const touch = () => {
    clearTimeout(beat);
    beat = setTimeout(() => {
      if (ws?.readyState === WebSocket.OPEN) ws.send(HEARTBEAT.ping);
      touch();
    }, HEARTBEAT_MS);
  };
  const again = () => {
    clearTimeout(beat);
    ws = null;
    if (!stopped && retry === undefined)
      retry = setTimeout(() => ((retry = undefined), void connect()), RECONNECT_MS);
  };

  async function connect() {
    const target = await socketAddress().catch(() => null);
    if (stopped) return;
    if (!target) return again();
    const socket = (ws = new WebSocket(target.url));
    const send = (code: number, data: object) => socket.send(JSON.stringify({ code, data }));
    socket.onopen = () => {
      send(WS_CODE.auth, { accessToken: target.accessToken });
      for (const channel of channels) send(WS_CODE.subscribe, { channel });
      touch();
    };
    socket.onmessage = (e) => {
      touch();
      if (typeof e.data !== 'string' || e.data === HEARTBEAT.pong) return;
      try {
        const frame = JSON.parse(e.data) as { code: number; data?: { channel?: string; payload?: unknown } };
        if (frame.data?.channel)
          onDelivery({ code: frame.code, channel: frame.data.channel, payload: frame.data.payload });
      } catch {
        // not a frame: ignored
      }
    };
    socket.onclose = socket.onerror = () => {
      if (ws !== socket) return;
      socket.onclose = socket.onerror = null;
      again();
    };
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(beat);
    clearTimeout(retry);
    ws?.close();
  };
}
