import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../../src/server/config.ts';
import { createContext, type AppContext } from '../../src/server/context.ts';

export interface Target {
  name: 'pglite' | 'postgres';
  /** PostgreSQL server URL (a fresh database is made on it for each context). */
  databaseUrl?: string;
  redisUrl?: string;
}

/**
 * Where API suites run: always PGlite with in-process pub/sub, and PostgreSQL + Redis as well
 * when TEST_DATABASE_URL / TEST_REDIS_URL are set (CI sets both).
 */
export function targets(): Target[] {
  const list: Target[] = [{ name: 'pglite' }];
  if (process.env.TEST_DATABASE_URL) {
    list.push({
      name: 'postgres',
      databaseUrl: process.env.TEST_DATABASE_URL,
      redisUrl: process.env.TEST_REDIS_URL,
    });
  }
  return list;
}

export interface TestContext {
  app: AppContext;
  /** Redis key and channel prefix of this context (and of its siblings). */
  redisPrefix: string;
  close(): Promise<void>;
}

/** A migrated, seeded context on a brand-new database that nobody else uses. */
export async function createTestContext(
  target: Target,
  env: Record<string, string> = {},
): Promise<TestContext> {
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (target.databaseUrl) {
    const name = `qyq_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(target.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: target.databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    APP_SECRET: randomBytes(32).toString('hex'),
    // The sports import takes seconds: only suites that need it ask for it (SEED_SPORTS: '1').
    SEED_SPORTS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}),
    ...env,
  });
  const redisPrefix = `t${randomBytes(4).toString('hex')}:`;
  const app = await createContext(config, { log: pino({ level: 'silent' }), redisPrefix });
  return {
    app,
    redisPrefix,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * A second instance of `of`, as behind a load balancer: same database, APP_SECRET and Redis prefix.
 * Only on the postgres target (PGlite and in-process pub/sub cannot be shared). Close it before `of`.
 */
export async function createSiblingContext(of: TestContext): Promise<TestContext> {
  const { databaseUrl, redisUrl } = of.app.config;
  if (!databaseUrl || !redisUrl) throw new Error('a sibling context needs PostgreSQL and Redis');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    APP_SECRET: of.app.appSecret,
    SEED_SPORTS: '0',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
  });
  const app = await createContext(config, { log: pino({ level: 'silent' }), redisPrefix: of.redisPrefix });
  return { app, redisPrefix: of.redisPrefix, close: () => app.close() };
}
