import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from '../../scripts/cluster/cluster.ts';
import { openDatabase, type DbHandle } from '../../src/server/db/client.ts';
import { TEST_SEEDS } from './client.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ClusterBench {
  cluster: Cluster;
  /** The cluster's PostgreSQL, for checks the test makes behind the app's back. */
  dbh: DbHandle;
  /** The Redis key and channel prefix the instances share. */
  redisPrefix: string;
  /** Base URL of one instance by name (A, B, …), bypassing nginx. */
  at(name: string): string;
  close(): Promise<void>;
}

/** A cluster on a brand-new database, its own Redis prefix and a temporary shared DATA_DIR. */
export async function startClusterBench(instances: number): Promise<ClusterBench> {
  const name = `qyq_cl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'qyq-cluster-'));
  const cluster = await startCluster({
    instances,
    port: 0,
    dataDir,
    databaseUrl: url.toString(),
    redisUrl: REDIS_URL,
    logs: 'ignore',
    env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', REDIS_PREFIX: `${name}:`, ...TEST_SEEDS },
  });
  const dbh = await openDatabase({ url: url.toString(), dataDir });
  return {
    cluster,
    dbh,
    redisPrefix: `${name}:`,
    at: (n) => cluster.instances.find((i) => i.name === n)!.url,
    async close() {
      await cluster.stop();
      await dbh.close();
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
