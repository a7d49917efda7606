import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { startFromTemplate } from './pglite-template.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services see, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a query runs on: the database or an open transaction. Code that may join its caller's transaction takes a Tx. */
export type Tx = Db | PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs fn while holding a database-wide lock, so that only one instance migrates or seeds at a time. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL URL; unset means embedded PGlite in `${dataDir}/pg` (or in memory when dataDir is 'memory://'). */
  url?: string;
  dataDir: string;
}

export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  return opts.url ? openPostgres(opts.url) : openPglite(opts.dataDir);
}

/**
 * PGlite's buffer pool. initdb picks PostgreSQL's 128 MB, and all of it ends up resident in the WASM
 * memory and is set up on every open; the database is ~100 MB and the host's page cache is behind it,
 * so 32 MB keeps query times and saves ~130 MB of RSS and ~0.8 s of each start (docs/deployment.md).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const options = {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  let client: InstanceType<typeof PGlite>;
  if (dataDir === 'memory://') {
    client = new PGlite(options);
  } else {
    const dir = join(dataDir, 'pg');
    if (!startFromTemplate(dir)) mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, options);
  }
  await client.waitReady;
  letIoInBetweenQueries(client);
  const db = drizzle({ client, schema }) as unknown as Db;
  // PGlite is one connection in one process: a promise chain is lock enough.
  let chain: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    exclusive(_name, fn) {
      const run = chain.then(fn, fn);
      chain = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

/** How long a chain of PGlite queries may keep the event loop before it lets waiting I/O in. */
export const PGLITE_TURN_MS = 15;

/**
 * PGlite answers on this thread and its promises resolve without a turn of the event loop, so a job
 * awaiting query after query (the simulator's catch-up after a first start, the search index pass)
 * kept every socket and static file waiting until it finished: 7.5 s once. Before a query, if the
 * loop has not had a turn for PGLITE_TURN_MS, it gets one. Queries inside a transaction go through
 * the transaction's own handle and are not held up.
 */
function letIoInBetweenQueries(client: { query: (...args: never[]) => Promise<unknown> }) {
  const query = client.query.bind(client);
  let turnAt = performance.now();
  client.query = async (...args) => {
    if (performance.now() - turnAt > PGLITE_TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turnAt = performance.now();
    }
    return query(...args);
  };
}

async function openPostgres(url: string): Promise<DbHandle> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // int8 (count(*), bigint sums) as JS numbers: every amount here is far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async exclusive(name, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock(hashtext($1))', [name]);
        return await fn();
      } finally {
        await lockClient.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
