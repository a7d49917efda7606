import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { INSTANCE_ID } from './instance-id.ts';
import { createLease } from './lease.ts';

/** A dead holder's lease runs out within this, so a survivor takes a job over within 15 s. */
export const SINGLETON_LEASE_MS = 10_000;

export interface SingletonJob {
  /** The lease's name: one holder per name across every instance. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs `job.run` every `everyMs` on exactly one instance: the one holding the job's lease. Every
 * instance ticks; the others find the lease held and skip. The holder renews on each tick (and at
 * least every third of the lease while idle), so if it dies another picks the job up.
 */
export function startSingleton(db: Db, log: Logger, job: SingletonJob): () => Promise<void> {
  const lease = createLease(db, job.name, INSTANCE_ID, SINGLETON_LEASE_MS);
  const beat = Math.min(job.everyMs, SINGLETON_LEASE_MS / 3);
  let lastRun = 0;
  let busy: Promise<void> | null = null;
  const tick = () => {
    if (busy) return;
    busy = (async () => {
      try {
        if (!(await lease.hold())) return;
        if (Date.now() - lastRun < job.everyMs) return;
        lastRun = Date.now();
        await job.run();
      } catch (err) {
        log.warn({ err, job: job.name }, 'singleton job failed');
      }
    })().finally(() => (busy = null));
  };
  const timer = setInterval(tick, beat);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await busy;
    await lease.release().catch(() => undefined);
  };
}
