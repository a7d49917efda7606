// The start-up part of `npm run bench` (issue: speed): the built server on a fresh DATA_DIR (first
// start: migrations, the seed, the sports import) and again on the same DATA_DIR (restart), each
// timed from spawn to the first 200 of `/`; then the idle RSS of the restarted process after it settles.
// `npm run bench -- --startup` runs only this. DATABASE_URL is not passed: the goals are for PGlite.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/cluster/ports.ts';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../scripts/server-process.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const FIRST_START_GOAL_MS = 10_000;
export const RESTART_GOAL_MS = 2_000;
export const IDLE_RSS_GOAL_MB = 450;
/** What `npm start` runs (scripts/start.ts): the server bundle that `npm run build` writes. */
const ENTRY = 'dist/node/main.mjs';

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

interface Started {
  child: ChildProcess;
  ms: number;
}

/** Spawns the server on dataDir and waits for the first 200 of `/`. */
async function startTimed(entry: string, dataDir: string, env: Record<string, string>): Promise<Started> {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, entry], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...SERVER_ENV,
      ...inherited,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: url,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
  });
  let exited: number | null | false = false;
  child.once('exit', (code) => (exited = code));
  while (exited === false && performance.now() - started < 300_000) {
    const ok = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${dataDir} did not answer / with 200 (exit code ${exited})`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

export interface StartupFigures {
  firstMs: number;
  restartMs: number;
  idleRssMb: number;
  notes: string[];
}

/** First start, restart, idle RSS (after settleMs of no requests) — all on PGlite. */
export async function startupBench(
  env: Record<string, string> = {},
  settleMs = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 15_000),
): Promise<StartupFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'qyq-bench-start-'));
  try {
    console.log(`start-up: first start on ${dataDir}`);
    const first = await startTimed(ENTRY, dataDir, env);
    await stop(first.child);
    console.log('start-up: restart on the same data dir');
    const again = await startTimed(ENTRY, dataDir, env);
    await new Promise((r) => setTimeout(r, settleMs));
    const idleRssMb = rssMb(again.child.pid!);
    await stop(again.child);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    return {
      firstMs: first.ms,
      restartMs: again.ms,
      idleRssMb,
      notes: [
        `first start with the seed to the first page: ${(first.ms / 1000).toFixed(2)} s (goal < ${FIRST_START_GOAL_MS / 1000} s) ${verdict(first.ms < FIRST_START_GOAL_MS)}`,
        `restart on an existing data dir to the first page: ${(again.ms / 1000).toFixed(2)} s (goal < ${RESTART_GOAL_MS / 1000} s) ${verdict(again.ms < RESTART_GOAL_MS)}`,
        `idle RSS on PGlite (${settleMs / 1000} s after start): ${idleRssMb.toFixed(0)} MB (goal < ${IDLE_RSS_GOAL_MB} MB) ${verdict(idleRssMb < IDLE_RSS_GOAL_MB)}`,
      ],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await startupBench();
  for (const note of figures.notes) console.log(note);
}
