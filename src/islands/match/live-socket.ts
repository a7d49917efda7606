import { HEARTBEAT, WS_CODE, type Channel } from '../../lib/realtime/codes.ts';

/** Spec §9: heartbeat 10 s after the last activity, reconnect 5 s after a close. */
const HEARTBEAT_MS = 10_000;
const RECONNECT_MS = 5_000;

export interface Delivery {
  code: number;
  data: { channel?: string; payload?: unknown };
}

/**
 * A visitor's socket on one public channel (docs/realtime.md): a token from
 * POST /svc/imapi/websocket without login, 10014 with no access token, then subscribe. It
 * reconnects after a close. `onSubscribed` runs on every (re)connection, so the page can catch up
 * on what changed before it was listening (a cached page, a dropped connection).
 */
export function watchChannel(
  channel: Channel,
  onFrame: (frame: Delivery) => void,
  onSubscribed: () => void,
): void {
  let ws: WebSocket | null = null;
  let beat: ReturnType<typeof setTimeout> | undefined;

  const touch = () => {
    clearTimeout(beat);
    beat = setTimeout(() => {
      if (ws?.readyState !== WebSocket.OPEN) return;
      ws.send(HEARTBEAT.ping);
      touch();
    }, HEARTBEAT_MS);
  };
  const retry = () => {
    ws = null;
    clearTimeout(beat);
    setTimeout(() => void connect(), RECONNECT_MS);
  };

  async function connect() {
    try {
      const res = await fetch('/svc/imapi/websocket', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const envelope = await res.json();
      if (envelope.code !== 200) return retry();
      const { protocol, host, port } = envelope.data.lotteryAddress[0];
      const socket = new WebSocket(
        `${protocol}://${host}:${port}/ws?token=${encodeURIComponent(envelope.data.token)}`,
      );
      ws = socket;
      socket.onopen = () => {
        socket.send(JSON.stringify({ code: WS_CODE.auth, data: { accessToken: '' } }));
        socket.send(JSON.stringify({ code: WS_CODE.subscribe, data: { channel } }));
        touch();
      };
      socket.onmessage = (e) => {
        touch();
        if (typeof e.data !== 'string' || !e.data.startsWith('{')) return;
        let frame: Delivery;
        try {
          frame = JSON.parse(e.data);
        } catch {
          return; // a frame this page cannot read changes nothing
        }
        if (frame.code === WS_CODE.subscribed && frame.data?.channel === channel) onSubscribed();
        else onFrame(frame);
      };
      socket.onclose = () => {
        if (ws === socket) retry();
      };
    } catch {
      retry();
    }
  }
  void connect();
}
