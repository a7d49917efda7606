// npm start: build the site when it is missing or older than its sources, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_ARGS } from './server-process.ts';

const entry = 'dist/server/entry.mjs';
/** The server bundled by `npm run build` (scripts/build-server.ts): one module to load instead of ~800. */
const serverBundle = 'dist/node/main.mjs';
const sources = ['src', 'astro.config.mjs', 'uno.config.ts', 'package-lock.json', 'scripts/build-server.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = (file: string) =>
  existsSync(file) && statSync(file).mtimeMs >= Math.max(...sources.map(newestMtime));
if (!built(entry) || !built(serverBundle)) {
  console.log('site build missing or stale: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Own process group, so a terminal's Ctrl+C reaches the server once (through us), not twice.
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverBundle], {
  stdio: 'inherit',
  detached: true,
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
