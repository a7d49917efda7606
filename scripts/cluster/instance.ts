import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.ts';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../server-process.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** One app process of the cluster, on its own port, sharing the database, Redis, secret and DATA_DIR. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  readonly child: ChildProcess;
  readonly running: boolean;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

export async function spawnInstance(
  name: string,
  env: Record<string, string>,
  logs: 'inherit' | 'ignore',
): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', logs, logs],
    env: {
      ...SERVER_ENV,
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      INSTANCE_NAME: name,
    },
  });
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    exited,
    get running() {
      return running;
    },
  };
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stopInstance(i: Instance, graceMs = 15_000): Promise<number | null> {
  if (!i.running) return i.exited;
  i.child.kill('SIGTERM');
  const timer = setTimeout(() => i.child.kill('SIGKILL'), graceMs);
  const code = await i.exited;
  clearTimeout(timer);
  return code;
}
