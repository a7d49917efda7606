import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createContext, type AppContext } from '../../src/server/context.ts';
import { pgliteFromTemplate, postgresFromTemplate, templateKey, templateSecret } from './templates.ts';

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

/**
 * One target for a suite whose subject cannot differ between the two (input validation walks):
 * PostgreSQL + Redis when set, the deployment's own stack, else PGlite. PGlite runs PostgreSQL's
 * own engine, so SQL answers alike; what differs (Redis, connections in parallel) is covered there.
 */
export function oneTarget(): Target[] {
  return targets().slice(-1);
}

export interface TestContext {
  app: AppContext;
  /** Redis key and channel prefix of this context (and of its siblings). */
  redisPrefix: string;
  close(): Promise<void>;
}

/** Settings every test context starts from; a suite's own `env` goes over them. */
const BASE_ENV = {
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  // The sports import takes seconds: only suites that need it ask for it (SEED_SPORTS: '1').
  SEED_SPORTS: '0',
};

/**
 * A migrated, seeded context on a brand-new database that nobody else uses: a copy of this run's
 * template for its seed settings (tests/support/templates.ts), or, when the suite names its own
 * DATA_DIR, APP_SECRET or DATABASE_URL, one set up from scratch.
 */
export async function createTestContext(
  target: Target,
  env: Record<string, string> = {},
): Promise<TestContext> {
  const ownSetUp = ['DATA_DIR', 'APP_SECRET', 'DATABASE_URL'].some((name) => name in env);
  return ownSetUp ? freshContext(target, env) : contextFromTemplate(target, env);
}

async function contextFromTemplate(target: Target, env: Record<string, string>): Promise<TestContext> {
  const key = templateKey(loadConfig({ ...BASE_ENV, ...env }));
  const setUpEnv = { ...BASE_ENV, ...env, APP_SECRET: templateSecret(key) };
  let where: Record<string, string>;
  let drop: () => Promise<void>;
  if (target.databaseUrl) {
    const serverUrl = target.databaseUrl;
    const name = await postgresFromTemplate(serverUrl, setUpEnv, key);
    where = { DATABASE_URL: databaseUrlOf(serverUrl, name) };
    drop = () => dropDatabase(serverUrl, name);
  } else {
    const dir = await pgliteFromTemplate(setUpEnv, key);
    where = { DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config = loadConfig({
    ...setUpEnv,
    ...where,
    ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}),
  });
  return openContext(config, drop, true);
}

/** A context whose database is migrated and seeded for itself (a suite that sets up its own). */
async function freshContext(target: Target, env: Record<string, string>): Promise<TestContext> {
  let where: Record<string, string> = {};
  let drop = async () => {};
  if (target.databaseUrl) {
    const serverUrl = target.databaseUrl;
    const name = `qyq_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    where = { DATABASE_URL: databaseUrlOf(serverUrl, name) };
    drop = () => dropDatabase(serverUrl, name);
  }
  const config = loadConfig({
    ...BASE_ENV,
    APP_SECRET: randomBytes(32).toString('hex'),
    ...where,
    ...(target.redisUrl ? { REDIS_URL: target.redisUrl } : {}),
    ...env,
  });
  return openContext(config, drop, false);
}

/** Starts the app on `config` with a Redis prefix of its own; closing it also drops its database. */
async function openContext(
  config: Config,
  drop: () => Promise<void>,
  preparedDatabase: boolean,
): Promise<TestContext> {
  const redisPrefix = `t${randomBytes(4).toString('hex')}:`;
  const app = await createContext(config, { log: silent, redisPrefix, preparedDatabase });
  return {
    app,
    redisPrefix,
    async close() {
      await app.close();
      await drop();
    },
  };
}

const silent = pino({ level: 'silent' });

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
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
