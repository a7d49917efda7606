import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createContext } from '../../src/server/context.ts';
import { setupSettings } from '../../src/server/db/setup-stamp.ts';

/**
 * Databases set up once per test run and copied for each API context (docs/testing.md): migrating
 * and seeding the demo took 4–7 s a context and the sports import 10–15 s more, for ~140 contexts a
 * run. A template is keyed by what the set-up depends on (the demo and sports seed settings) and
 * made by whichever worker needs it first; the others wait for it. PostgreSQL copies a template
 * database (CREATE DATABASE … TEMPLATE); PGlite copies a prepared data directory on tmpfs.
 */

/** Set by the Vitest global setup (tests/support/vitest-setup.ts); templates of other runs are never used. */
export const RUN_ENV = 'QYQ_TEST_RUN';
const runId = () => (process.env[RUN_ENV] ??= randomBytes(4).toString('hex'));

/** Where PGlite templates and copies live: memory-backed when the machine has it. */
export const scratchDir = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
export const pgliteTemplatePrefix = () => `qyq-tpl-${runId()}-`;
export const postgresTemplatePrefix = () => `qyq_tpl_${runId()}_`;

/** One secret for every context made from a template: the seeds encrypt with it (withdrawal accounts …). */
export const templateSecret = (key: string) =>
  createHash('sha256').update(`template:${runId()}:${key}`).digest('hex');

/** What a set-up depends on (the settings the start-up's own stamp uses), as a short name. */
export function templateKey(config: Config): string {
  return createHash('sha256')
    .update(JSON.stringify(setupSettings(config)))
    .digest('hex')
    .slice(0, 12);
}

const silent = pino({ level: 'silent' });

/** Migrates and seeds a database the way createContext does for a first start, then closes it. */
async function setUp(env: Record<string, string>): Promise<void> {
  const app = await createContext(loadConfig(env), { log: silent, redisPrefix: `tpl${runId()}:` });
  await app.close();
  // A start carries on without a failed seed step; a template must not.
  if (app.failedSeeds.length) throw new Error(`template set-up: seed steps failed: ${app.failedSeeds}`);
}

/**
 * A PGlite data directory prepared with `env`'s set-up, copied to a new directory of its own.
 * Returns the copy's path (DATA_DIR).
 */
export async function pgliteFromTemplate(env: Record<string, string>, key: string): Promise<string> {
  const template = join(scratchDir(), `${pgliteTemplatePrefix()}${key}`);
  const lock = `${template}.lock`;
  while (!existsSync(template)) {
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200)); // another worker is making it
      continue;
    }
    try {
      const building = `${template}.building`;
      rmSync(building, { recursive: true, force: true });
      await setUp({ ...env, DATA_DIR: building });
      renameSync(building, template);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  const copy = join(scratchDir(), `qyq-t-${randomBytes(5).toString('hex')}`);
  cpSync(template, copy, { recursive: true });
  return copy;
}

/**
 * A new PostgreSQL database on `serverUrl` copied from the template of `env`'s set-up (made first
 * if no worker has made it yet). Returns the new database's name.
 */
export async function postgresFromTemplate(
  serverUrl: string,
  env: Record<string, string>,
  key: string,
): Promise<string> {
  const template = `${postgresTemplatePrefix()}${key}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const made = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (!made.rowCount) {
        const building = `${template}_b`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        await setUp({ ...env, DATABASE_URL: url.toString() });
        await admin.query(`alter database ${building} rename to ${template}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
    const name = `qyq_t_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name} template ${template}`);
    return name;
  } finally {
    await admin.end();
  }
}

/** Drops this run's templates (the Vitest global teardown). */
export async function dropTemplates(serverUrl: string | undefined): Promise<void> {
  for (const entry of readdirSync(scratchDir()))
    if (entry.startsWith(pgliteTemplatePrefix()))
      rmSync(join(scratchDir(), entry), { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [postgresTemplatePrefix()],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
