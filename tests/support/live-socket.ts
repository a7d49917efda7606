import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { AppContext } from '../../src/server/context.ts';
import { createHttpServer } from '../../src/server/http/server.ts';
import { WS_CODE, type Channel, type Frame } from '../../src/lib/realtime/codes.ts';
import { socketTokens } from '../../src/server/realtime/tokens.ts';

export type LiveFrame = Frame<Record<string, any>>;

export interface LiveSocket {
  /** The next frame that matches, searching what already arrived first; fails after 5 s. */
  next(match: (f: LiveFrame) => boolean): Promise<LiveFrame>;
  send(frame: unknown): void;
  close(): void;
}

/** The HTTP server with its /ws hub on a free port (no pages: API tests run without a build). */
export async function startHub(app: AppContext) {
  const { server, hub } = createHttpServer(app, null);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;

  /** A socket authenticated as `user` (10014 answered) and subscribed to `channel`. */
  async function connect(user: { id: number; token: string } | null, channel: Channel): Promise<LiveSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${socketTokens(app).issue(user?.id ?? 0)}`);
    const inbox: LiveFrame[] = [];
    const waiters: { match: (f: LiveFrame) => boolean; resolve: (f: LiveFrame) => void }[] = [];
    ws.on('message', (raw) => {
      const s = raw.toString();
      if (!s.startsWith('{')) return;
      const frame = JSON.parse(s) as LiveFrame;
      const i = waiters.findIndex((w) => w.match(frame));
      if (i >= 0) waiters.splice(i, 1)[0].resolve(frame);
      else inbox.push(frame);
    });
    await once(ws, 'open');
    const socket: LiveSocket = {
      send: (frame) => ws.send(JSON.stringify(frame)),
      close: () => ws.close(),
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
    socket.send({ code: WS_CODE.auth, data: { accessToken: user?.token ?? '' } });
    await socket.next((f) => f.code === WS_CODE.authOk);
    socket.send({ code: WS_CODE.subscribe, data: { channel } });
    await socket.next((f) => f.code === WS_CODE.subscribed);
    return socket;
  }

  async function stop() {
    await hub.close(1001, 'test over');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  return { connect, stop };
}

/** Matches a delivery of `code` whose payload passes `test`. */
export const delivery =
  (code: number, test: (payload: Record<string, any>) => boolean = () => true) =>
  (f: LiveFrame) =>
    f.code === code && test(f.data.payload ?? {});
