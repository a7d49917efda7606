import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RTMP_MODULE, renderMediaConfig, type MediaServerOptions } from './config.ts';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const INSTALL_HINT =
  'apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-rtmp ffmpeg';

export interface RunningMediaServer {
  url: string;
  push: string;
  /** Resolves with nginx's exit code. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** What is missing to run the media server, or null. */
export function missingPackages(): string | null {
  const missing = [NGINX_BIN, RTMP_MODULE, '/usr/bin/ffmpeg'].filter((p) => !existsSync(p));
  return missing.length ? `not found: ${missing.join(', ')}. Install: ${INSTALL_HINT}` : null;
}

/**
 * Debian's nginx with the RTMP module, run from `o.dir` with a generated config (DATA_DIR/media);
 * resolves once its HTTP side answers /healthz.
 */
export async function startMediaServer(o: MediaServerOptions): Promise<RunningMediaServer> {
  for (const sub of ['hls', 'hls-low', 'hls-audio', 'recordings', 'replays', 'logs', 'tmp'])
    mkdirSync(join(o.dir, sub), { recursive: true });
  const conf = join(o.dir, 'nginx.conf');
  writeFileSync(conf, renderMediaConfig(o));
  const base = ['-p', o.dir, '-c', conf, '-e', join(o.dir, 'logs', 'error.log')];
  const test = spawnSync(NGINX_BIN, ['-t', '-q', ...base], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx refused the generated config ${conf}:\n${test.stderr}`);
  const child = spawn(NGINX_BIN, base, { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const url = `http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${o.httpPort}`;
  const stop = async () => {
    if (!running) return;
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 10_000;
  while (running && Date.now() < deadline) {
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, push: `rtmp://${new URL(url).hostname}:${o.rtmpPort}/live`, exited, stop };
    await new Promise((r) => setTimeout(r, 150));
  }
  await stop();
  throw new Error(`the media server did not start (see ${join(o.dir, 'logs', 'error.log')})`);
}
