import type { Server } from 'node:http';
import type { AppContext } from '../context.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

const DRAIN_CAP_MS = 10_000;

/**
 * SIGTERM/SIGINT: stop accepting, close sockets with 1001 (going away), let in-flight requests
 * finish for up to 10 s, close the database, exit 0.
 */
export function gracefulShutdown({ server, hub, app }: { server: Server; hub: RealtimeHub; app: AppContext }) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await hub.close(1001, 'server shutting down');
    const cap = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_CAP_MS).unref());
    await Promise.race([drained, cap]);
    server.closeAllConnections();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
