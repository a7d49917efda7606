import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawnInstance, stopInstance, type Instance } from './instance.ts';
import { Nginx, type Upstream } from './nginx.ts';
import { freePort, waitReady } from './ports.ts';

export interface ClusterOptions {
  instances: number;
  /** nginx's port; 0 picks a free one. */
  port: number;
  /** Shared by every instance (uploads, the secret); nginx's files go to `${dataDir}/cluster`. */
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment for every instance (tests: seeds, LOG_LEVEL …). */
  env?: Record<string, string>;
  logs?: 'inherit' | 'ignore';
  /** How often each instance's /readyz is checked. */
  healthEveryMs?: number;
}

export interface Cluster {
  url: string;
  instances: Instance[];
  /** Sends `signal` to one instance (SIGKILL: a crash; SIGTERM: a drain). */
  signal(name: string, signal: NodeJS.Signals): void;
  /** Instances nginx currently sends traffic to. */
  inRotation(): string[];
  stop(): Promise<void>;
}

const READY_MS = 180_000;

/** The secret every instance must share (socket tokens, signatures); kept beside nginx's files. */
function sharedSecret(dir: string): string {
  const file = join(dir, 'app-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * N instances on PostgreSQL and Redis behind Debian's nginx. Instances start at once (migrations and
 * the seed take advisory locks, so they run once); nginx starts when all answer /readyz. A health loop
 * takes an instance out of rotation while its /readyz fails and puts it back when it answers.
 */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const dataDir = resolve(o.dataDir);
  const dir = join(dataDir, 'cluster');
  mkdirSync(dir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    APP_SECRET: process.env.APP_SECRET ?? sharedSecret(dir),
    TRUST_PROXY: '1',
    // Twice the health loop's interval: nginx has taken a draining instance out before it closes.
    DRAIN_DELAY_MS: String(2 * (o.healthEveryMs ?? 1_000) + 500),
    ...o.env,
  };
  const port = o.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  env.PUBLIC_SITE_URL ??= url;

  const names = Array.from({ length: o.instances }, (_, i) => String.fromCharCode(65 + i));
  const instances = await Promise.all(names.map((n) => spawnInstance(n, env, o.logs ?? 'inherit')));
  const stopAll = () => Promise.all(instances.map((i) => stopInstance(i)));
  const ready = await Promise.all(
    instances.map((i) => waitReady(`${i.url}/readyz`, READY_MS, () => i.running)),
  );
  if (ready.includes(false)) {
    await stopAll();
    throw new Error(`instance(s) ${names.filter((_, k) => !ready[k]).join(', ')} did not become ready`);
  }

  const nginx = new Nginx(dir, `127.0.0.1:${port}`);
  const upstreams: Upstream[] = instances.map((i) => ({ port: i.port, down: false }));
  nginx.write(upstreams);
  const nginxExit = nginx.start();
  if (!(await waitReady(`${url}/healthz`, 10_000))) {
    nginx.stop();
    await stopAll();
    throw new Error(`nginx did not answer on ${url} (see ${join(dir, 'error.log')})`);
  }

  let checking = false;
  const health = setInterval(async () => {
    if (checking) return;
    checking = true;
    const states = await Promise.all(
      instances.map(
        async (i) =>
          !i.running ||
          !(await fetch(`${i.url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
            (r) => r.ok,
            () => false,
          )),
      ),
    );
    const changed = states.some((down, k) => down !== upstreams[k].down);
    // nginx refuses an upstream block whose servers are all down; leave the last one in.
    if (changed && !states.every(Boolean)) {
      states.forEach((down, k) => (upstreams[k].down = down));
      nginx.write(upstreams);
      nginx.reload();
    }
    checking = false;
  }, o.healthEveryMs ?? 1_000);

  return {
    url,
    instances,
    signal(name, signal) {
      const i = instances.find((x) => x.name === name);
      if (!i) throw new Error(`no instance ${name}`);
      i.child.kill(signal);
    },
    inRotation: () => instances.filter((_, k) => !upstreams[k].down).map((i) => i.name),
    async stop() {
      clearInterval(health);
      nginx.stop();
      await Promise.all([stopAll(), nginxExit]);
    },
  };
}
