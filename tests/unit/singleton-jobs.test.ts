import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pino from 'pino';
import { afterAll, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { startSingleton } from '../../src/server/jobs/singleton.ts';

const client = new PGlite();
const db = drizzle({ client }) as unknown as Db;
const log = pino({ level: 'silent' });
afterAll(() => client.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a run longer than the lease keeps the lease: a second instance never starts the job meanwhile', async () => {
  await client.exec(`create table sports_feed_state (
    name text primary key, holder text, until timestamptz, updated_at timestamptz not null default now())`);
  const runs: string[] = [];
  let inFlight = 0;
  let overlapped = false;
  const jobFor = (instance: string) => ({
    name: 'slow-job',
    everyMs: 50,
    leaseMs: 300,
    run: async () => {
      runs.push(instance);
      inFlight++;
      if (inFlight > 1) overlapped = true;
      await sleep(1_000); // more than three leases
      inFlight--;
    },
  });
  const stopA = startSingleton({ db, log, config: { instanceId: 'instance-a' } }, jobFor('a'));
  await sleep(100);
  const stopB = startSingleton({ db, log, config: { instanceId: 'instance-b' } }, jobFor('b'));
  await sleep(1_500);
  expect(runs[0]).toBe('a');
  expect(runs).not.toContain('b');
  expect(overlapped).toBe(false);
  // Once A stops (and releases), B takes the job over.
  await stopA();
  await sleep(600);
  expect(runs).toContain('b');
  await stopB();
});
