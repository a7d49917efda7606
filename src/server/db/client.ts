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
