import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

/** The real process: SIGTERM closes sockets with 1001, lets the process finish, exits 0. */
describe('graceful shutdown', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('closes sockets with 1001 and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'qyq-shutdown-'));
    dirs.push(dataDir);
    // Embedded database and in-process pub/sub, whatever the shell says.
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: {
        ...env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /"port":(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const { data } = await (
      await fetch(`${base}/svc/imapi/websocket`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(data.token)}`);
    await once(ws, 'open');
    const closed = once(ws, 'close') as Promise<[number, Buffer]>;
    const exited = once(child, 'exit') as Promise<[number | null]>;

    child.kill('SIGTERM');
    const [closeCode] = await closed;
    const [exitCode] = await exited;
    expect(closeCode).toBe(1001);
    expect(exitCode).toBe(0);
  }, 180_000);
});
