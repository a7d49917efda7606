import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { createLease } from './lease.ts';

/** A dead holder's lease runs out within this, so a survivor takes a job over within 15 s. */
export const SINGLETON_LEASE_MS = 10_000;

export interface SingletonJob {
  /** The lease's name: one holder per name across every instance. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** How long a held lease lasts without renewal (SINGLETON_LEASE_MS unless a test shortens it). */
  leaseMs?: number;
}

/**
 * Runs `job.run` every `everyMs` on exactly one instance: the one holding the job's lease. Every
 * instance ticks; the others find the lease held and skip. The holder renews on each tick (at least
 * every third of the lease), also while a run is in progress, so a run longer than the lease is not
 * started again by another instance; if the holder dies, another picks the job up.
 */
export function startSingleton(
  app: { db: Db; log: Logger; config: Pick<Config, 'instanceId'> },
  job: SingletonJob,
): () => Promise<void> {
  const { db, log } = app;
  const holder = app.config.instanceId;
  const leaseMs = job.leaseMs ?? SINGLETON_LEASE_MS;
  const lease = createLease(db, job.name, holder, leaseMs);
  const beat = Math.min(job.everyMs, leaseMs / 3);
  let lastRun = 0;
  let renewing: Promise<void> | null = null;
  let running: Promise<void> | null = null;
  const failed = (err: unknown) => log.warn({ err, job: job.name }, 'singleton job failed');
  const tick = () => {
    if (renewing) return;
    renewing = (async () => {
      try {
        if (!(await lease.hold())) return;
        if (running || Date.now() - lastRun < job.everyMs) return;
        lastRun = Date.now();
        running = job
          .run()
          .then(() => undefined, failed)
          .finally(() => (running = null));
      } catch (err) {
        failed(err);
      }
    })().finally(() => (renewing = null));
  };
  const timer = setInterval(tick, beat);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await renewing;
    await running;
    await lease.release().catch(() => undefined);
  };
}
