// The media server as `npm run media` runs it (node scripts/media/run.ts: Debian's nginx with the RTMP
// module, in DATA_DIR/media), for the streaming spec; stopping it leaves no nginx behind.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const READY_TIMEOUT_MS = 30_000;

export interface RunningMedia {
  stop(): Promise<void>;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `env` is the site's own environment (DATA_DIR, PORT, MEDIA_*): the script reads the same. */
export async function startMedia(env: Record<string, string>): Promise<RunningMedia> {
  const child = spawn(process.execPath, ['scripts/media/run.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const pidFile = join(env.DATA_DIR, 'media', 'nginx.pid');

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM'); // run.ts stops nginx (SIGQUIT) and exits with it
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    // Had the script been killed, its nginx would be left: end that one by its own pid.
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
    if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (running && Date.now() < deadline) {
    const up = await fetch(`${env.MEDIA_SERVER}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`npm run media did not start:\n${stderr}`);
}
