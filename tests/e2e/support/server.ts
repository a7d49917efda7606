// Starts the built server (dist/node/main.mjs, the bundle `npm start` runs; no rebuild) on a free port with a throwaway
// DATA_DIR. Used by Playwright (default export = global setup), Lighthouse and the bench.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/cluster/ports.ts';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/server-process.ts';
import { footballSaturday } from './football-evening.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** What `npm start` runs (scripts/build-server.ts), so e2e, Lighthouse and the bench test the shipped server. */
const SERVER_BUNDLE = 'dist/node/main.mjs';
// First start migrates and seeds the demo; a busy shared machine may need longer (E2E_READY_TIMEOUT_MS).
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS) || 120_000;

export interface RunningServer {
  url: string;
  port: number;
  /** The server process (the bench reads its memory). */
  pid: number;
  /** Its throwaway DATA_DIR (the streaming spec runs the media server in DATA_DIR/media). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Runs on a fresh PGlite and in-process pub/sub unless `env` names DATABASE_URL / REDIS_URL:
 * the caller's shell settings are not inherited for those two.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(`${root}dist/server/entry.mjs`) || !existsSync(`${root}${SERVER_BUNDLE}`))
    throw new Error('the site is not built: run `npm run build` first');
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'qyq-test-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, SERVER_BUNDLE], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...SERVER_ENV,
      ...inherited,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CAPTCHA_TEST_SEED: 'e2e-seed',
      SMS_TEST_SEED: 'e2e-seed',
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: url,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  // A worker that ends while this server still starts (its fixture timed out) takes the server with it:
  // left running, it would load the machine for the rest of the run.
  const killWithUs = () => child.kill('SIGKILL');
  process.once('exit', killWithUs);

  const stop = async () => {
    process.off('exit', killWithUs);
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (running) {
    if (await readyAndCaughtUp(url)) return { url, port, pid: child.pid!, dataDir, stop };
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const why = running
    ? `not ready after ${READY_TIMEOUT_MS / 1000} s`
    : `exited (code ${await exited}) before it was ready`;
  await stop();
  throw new Error(`server at ${url} ${why}`);
}

/**
 * Ready (/readyz), and the sports feed has caught up with its clock: the server answers while a first
 * start's simulator still plays the day so far, and the specs expect the day's matches in place.
 * The first /readyz answer is what starts the background jobs.
 */
async function readyAndCaughtUp(url: string): Promise<boolean> {
  const get = (path: string) => fetch(url + path, { signal: AbortSignal.timeout(5_000) });
  try {
    if (!(await get('/readyz')).ok) return false;
    const clock = (await (await get('/svc/live/clock')).json()) as { data?: { caughtUp?: boolean } };
    return clock.data?.caughtUp === true;
  } catch {
    return false;
  }
}

/**
 * Where the feed's clock of the shared e2e server and Lighthouse's starts (SIM_START), so that what
 * their pages show never depends on the day the suite runs: a league Saturday evening in Beijing,
 * with football and CBA in play, the evening's later kick-offs ahead and last night finished. Before
 * the suites' own days, not after: the news desk dates its articles by the feed's clock and readers
 * see what is published by the database's, so a clock ahead of the machine hid the written articles.
 * E2E_CLOCK_START tries another moment.
 */
export const E2E_CLOCK_START = process.env.E2E_CLOCK_START ?? '2026-11-21T21:00:00+08:00';

/**
 * Where the fast simulator's servers start (support/fast-sim.ts, streaming.spec.ts): that league
 * Saturday (or the next one) at 20:00 Beijing, before its first kick-offs. They started at the next
 * league Saturday after the machine's date, so each week the specs met another calendar.
 */
export const FAST_SIM_START = footballSaturday('20:00', Date.parse(E2E_CLOCK_START) - 86_400_000);

/** Playwright global setup: one server for every project; the returned function is the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ SIM_START: E2E_CLOCK_START });
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
