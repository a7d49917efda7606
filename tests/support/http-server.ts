import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../../src/server/context.ts';
import { createHttpServer } from '../../src/server/http/server.ts';

/** The app's real HTTP server on a free loopback port: its base URL, and how to stop it (sockets told 1001). */
export async function listenForTest(
  app: AppContext,
  astro: Parameters<typeof createHttpServer>[1],
): Promise<{ base: string; stop: () => Promise<void> }> {
  const { server, hub } = createHttpServer(app, astro);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
