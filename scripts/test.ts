// npm test: every stage a change must pass, in order, stopping at the first failure.
// Stages that neither depend on each other nor keep both cores busy run side by side (a step).
// Ends with a plain "N passed, N failed" line: Vitest and Playwright count their tests
// (read from their JSON reports), every other stage counts as one check.
// `npm test -- --only vitest,e2e` runs just those stages (docs/testing.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reports = mkdtempSync(join(tmpdir(), 'qyq-reports-'));
const vitestJson = join(reports, 'vitest.json');
const builtJson = join(reports, 'built.json');
const playwrightJson = join(reports, 'playwright.json');
const clusterJson = join(reports, 'cluster.json');

interface Counts {
  passed: number;
  failed: number;
}
interface Stage {
  name: string;
  /** Stages with the same step run side by side; a step starts when the one before it passed. */
  step: number;
  cmd: string[];
  env?: Record<string, string>;
  before?: () => void;
  counts?: () => Counts | null;
}

const stages: Stage[] = [
  { name: 'typecheck', step: 1, cmd: ['npm', 'run', 'typecheck'] },
  // Formatting and lint are checked, never fixed here: `npm run format` and `npx eslint --fix` do that.
  { name: 'format', step: 1, cmd: ['npm', 'run', 'format:check'] },
  { name: 'lint', step: 1, cmd: ['npm', 'run', 'lint'] },
  // An exported value nothing imports (knip.json names the entry points: pages, scripts, tests).
  { name: 'dead-exports', step: 1, cmd: ['npm', 'run', 'dead-exports'] },
  {
    name: 'vitest',
    step: 2,
    // The replay tests remux with ffmpeg, and 有料 cuts clips with it.
    before: ensureMedia,
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    counts: () => {
      const r = readJson(vitestJson);
      return r && { passed: r.numPassedTests, failed: r.numFailedTests };
    },
  },
  { name: 'build', step: 3, cmd: ['npm', 'run', 'build'] },
  {
    // The app's HTTP server in the test's process with the built pages (tests/built). Beside the
    // cluster stage, which waits on its instances and leaves a core mostly idle.
    name: 'built',
    step: 4,
    cmd: [
      'npx',
      'vitest',
      'run',
      '--config',
      'vitest.built.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${builtJson}`,
    ],
    counts: () => {
      const r = readJson(builtJson);
      return r && { passed: r.numPassedTests, failed: r.numFailedTests };
    },
  },
  {
    // Real instances behind Debian's nginx on PostgreSQL and Redis (docs/deployment.md).
    name: 'cluster',
    step: 4,
    cmd: [
      'npx',
      'vitest',
      'run',
      '--config',
      'vitest.cluster.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${clusterJson}`,
    ],
    before: ensureNginx,
    counts: () => {
      const r = readJson(clusterJson);
      return r && { passed: r.numPassedTests, failed: r.numFailedTests };
    },
  },
  {
    name: 'e2e',
    step: 5,
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
    before: () => {
      ensureChromium();
      ensureMedia();
    },
    counts: () => {
      const r = readJson(playwrightJson);
      return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
    },
  },
  { name: 'lighthouse', step: 6, cmd: ['node', 'tests/lighthouse/run.ts'] },
];

/** The stages named by `--only a,b` (null: all of them); an unknown name stops the run. */
function onlyStages(args: string[]): Set<string> | null {
  const at = args.indexOf('--only');
  if (at === -1) return null;
  const names = (args[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !stages.some((s) => s.name === n));
  if (!names.length || unknown.length) {
    console.error(`--only takes stage names: ${stages.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  return new Set(names);
}

function readJson(file: string) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Installs Debian's package `pkg` when `path` is missing and we are root; otherwise says how. */
function ensurePackage(path: string, pkg: string) {
  if (existsSync(path)) return;
  const install = `apt-get update && apt-get install -y --no-install-recommends ${pkg}`;
  if (process.getuid?.() !== 0)
    throw new Error(`${path} not found. Install it with: sudo sh -c '${install}'`);
  console.log(`${path} not found; installing: ${install}`);
  const r = spawnSync('sh', ['-c', install], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0 || !existsSync(path)) throw new Error(`installing ${pkg} failed; expected ${path}`);
}

function ensureNginx() {
  ensurePackage(process.env.NGINX_BIN ?? '/usr/sbin/nginx', 'nginx');
}

/** The media server's parts: nginx with its RTMP module, and ffmpeg (docs/streaming.md). */
function ensureMedia() {
  ensureNginx();
  ensurePackage('/usr/lib/nginx/modules/ngx_rtmp_module.so', 'libnginx-mod-rtmp');
  ensurePackage('/usr/bin/ffmpeg', 'ffmpeg');
}

function ensureChromium() {
  ensurePackage(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium fonts-noto-cjk');
}

const chosen = onlyStages(process.argv.slice(2));
const total: Counts = { passed: 0, failed: 0 };
const runStarted = Date.now();
const rows = new Map<string, string>();
let failedStage: string | null = null;

/**
 * Runs one stage. Alone, its output streams as it comes; beside others, it is held and printed
 * whole when the stage ends, so logs never interleave.
 */
async function run(stage: Stage, alone: boolean): Promise<void> {
  const banner = `\n━━━━ ${stage.name}: ${stage.cmd.join(' ')} ━━━━\n`;
  if (alone) console.log(banner);
  const started = Date.now();
  let ok: boolean;
  let held = '';
  try {
    stage.before?.();
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      stdio: ['ignore', alone ? 'inherit' : 'pipe', alone ? 'inherit' : 'pipe'],
      env: { ...process.env, ...stage.env },
    });
    child.stdout?.on('data', (d: Buffer) => (held += d));
    child.stderr?.on('data', (d: Buffer) => (held += d));
    ok = (await new Promise<number | null>((resolve) => child.once('close', resolve))) === 0;
  } catch (err) {
    held += `${err instanceof Error ? err.message : err}\n`;
    ok = false;
  }
  if (!alone) console.log(`${banner}\n${held}`);
  else if (held) console.error(held);
  const c = stage.counts?.() ?? (ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  // A crashed runner can leave a report with no failures; the exit status decides.
  if (!ok && c.failed === 0) c.failed = 1;
  total.passed += c.passed;
  total.failed += c.failed;
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  rows.set(
    stage.name,
    `  ${stage.name.padEnd(11)} ${ok ? 'ok    ' : 'FAILED'} ${secs.padStart(4)} s  (${c.passed} passed, ${c.failed} failed)`,
  );
  if (!ok) failedStage ??= stage.name;
}

const picked = stages.filter((s) => !chosen || chosen.has(s.name));
for (const step of [...new Set(picked.map((s) => s.step))]) {
  const together = picked.filter((s) => s.step === step);
  if (failedStage) {
    for (const s of together) rows.set(s.name, `  ${s.name.padEnd(11)} not run`);
    continue;
  }
  if (together.length > 1) console.log(`\n━━━━ side by side: ${together.map((s) => s.name).join(', ')} ━━━━`);
  await Promise.all(together.map((s) => run(s, together.length === 1)));
}

rmSync(reports, { recursive: true, force: true });
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
const summary = picked.map((s) => rows.get(s.name)).join('\n');
console.log(`\n━━━━ summary ━━━━\n${summary}\n  ${'total'.padEnd(11)} ${minutes} min\n`);
if (failedStage) console.log(`stage "${failedStage}" failed`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(failedStage ? 1 : 0);
