import type { Server } from 'node:http';
import type { AppContext } from '../context.ts';
import type { RealtimeHub } from '../realtime/hub.ts';

const DRAIN_CAP_MS = 10_000;

interface Running {
  server: Server;
  hub: RealtimeHub;
  app: AppContext;
  /** Stops the background jobs and releases their leases, so another instance takes them at once. */
  stopJobs?: () => Promise<void>;
}

/**
 * SIGTERM/SIGINT: stop accepting, close sockets with 1001 (going away: clients reconnect, through a
 * balancer to another instance), let in-flight requests finish for up to 10 s, hand the background
 * jobs over, close the database, exit 0.
 */
export function gracefulShutdown({ server, hub, app, stopJobs }: Running) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Behind a balancer: say not-ready and keep serving until it has noticed, so no request that is
    // already on its way here finds the door shut.
    app.services.health.startDraining();
    await hub.close(1001, 'server shutting down');
    await new Promise((resolve) => setTimeout(resolve, app.config.drainDelayMs));
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cap = new Promise<void>((resolve) => setTimeout(resolve, DRAIN_CAP_MS).unref());
    await Promise.race([drained, cap]);
    server.closeAllConnections();
    await stopJobs?.().catch((err) => app.log.warn({ err }, 'stopping jobs failed'));
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
