import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../../deploy/nginx/cluster.conf.template', import.meta.url));
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const DEFAULT_CLIENT_TIMEOUT = '10s';

export interface Upstream {
  port: number;
  /** Out of rotation (its /readyz fails or it is gone). */
  down: boolean;
}

/**
 * Fills the template: where nginx keeps its files, where it listens, the instances behind it, and
 * how long a slow client may take (an nginx time; tests shorten it).
 */
export function renderConfig(
  dir: string,
  listen: string,
  upstreams: Upstream[],
  clientTimeout = DEFAULT_CLIENT_TIMEOUT,
): string {
  const servers = upstreams
    .map((u) => `    server 127.0.0.1:${u.port} max_fails=1 fail_timeout=3s${u.down ? ' down' : ''};`)
    .join('\n');
  return readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{DIR}}', dir)
    .replaceAll('{{LISTEN}}', listen)
    .replace('{{SERVERS}}', servers)
    .replaceAll('{{CLIENT_TIMEOUT}}', clientTimeout);
}

/** Debian's nginx run from DATA_DIR/cluster with a generated config; no system config is touched. */
export class Nginx {
  private child: ChildProcess | null = null;
  readonly dir: string;
  readonly listen: string;
  readonly conf: string;
  readonly clientTimeout: string;

  constructor(dir: string, listen: string, clientTimeout = DEFAULT_CLIENT_TIMEOUT) {
    this.dir = dir;
    this.listen = listen;
    this.conf = join(dir, 'nginx.conf');
    this.clientTimeout = clientTimeout;
  }

  static available(): boolean {
    return existsSync(NGINX_BIN);
  }

  write(upstreams: Upstream[]): void {
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    writeFileSync(this.conf, renderConfig(this.dir, this.listen, upstreams, this.clientTimeout));
    const test = spawnSync(NGINX_BIN, ['-t', '-q', '-p', this.dir, '-c', this.conf], { encoding: 'utf8' });
    if (test.status !== 0)
      throw new Error(`nginx refused the generated config ${this.conf}:\n${test.stderr}`);
  }

  start(): Promise<number | null> {
    this.child = spawn(NGINX_BIN, ['-p', this.dir, '-c', this.conf], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    return new Promise((resolve) => this.child!.once('exit', (code) => resolve(code)));
  }

  /** Re-reads the config (HUP): new workers take the new upstream list, open connections finish. */
  reload(): void {
    this.child?.kill('SIGHUP');
  }

  /** Graceful quit: finish what is in flight, then exit. */
  stop(): void {
    this.child?.kill('SIGQUIT');
  }
}
