import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnInstance, stopInstance, type Instance } from '../../scripts/cluster/instance.ts';
import { waitReady } from '../../scripts/cluster/ports.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { tradeRecords } from '../../src/server/db/schema/index.ts';
import { login, svc, TEST_SEEDS } from './client.ts';
import { PG_URL } from './setup.ts';

/**
 * kill -9 of the only server while clients send gifts and red packets, on the embedded PGlite and on
 * PostgreSQL: after a restart the data opens, `npm run ledger:audit` is clean and every trade a client
 * saw confirmed is in the records.
 */
const SENDERS = ['13800000001', '13800000003'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function fresh(kind: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(join(tmpdir(), `qyq-kill-${kind}-`));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_SPORTS: '0',
    APP_SECRET: randomBytes(32).toString('hex'),
    ...TEST_SEEDS,
  };
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `qyq_kill_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  return {
    env,
    dataDir,
    async cleanup() {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function start(env: Record<string, string>): Promise<Instance> {
  const i = await spawnInstance('solo', env, 'ignore');
  if (!(await waitReady(`${i.url}/readyz`, 180_000, () => i.running)))
    throw new Error('server did not start');
  return i;
}

describe.each(['pglite', 'postgres'] as const)('kill -9 of the server on %s', (kind) => {
  let cleanup = async () => {};
  let server: Instance | undefined;
  afterAll(async () => {
    if (server) await stopInstance(server, 5_000);
    await cleanup();
  });

  it('loses no confirmed gift or red packet and keeps the ledger whole', async () => {
    const f = await fresh(kind);
    cleanup = f.cleanup;
    server = await start(f.env);
    const base = server.url;
    const room = (await svc(base, 'GET', '/api/room/page', { body: { roomType: 1, page: 1, pageSize: 30 } }))
      .data.list[0];
    const roomId = room.roomId ?? room.id;
    const gifts = (await svc(base, 'GET', '/api/chat/gift/all')).data as { id: number; price: number }[];
    const gift = gifts.filter((g) => g.price > 0).sort((x, y) => x.price - y.price)[0];
    const tokens = await Promise.all(SENDERS.map((m) => login(base, m)));

    const confirmed: string[] = [];
    let stop = false;
    let seq = 0;
    const client = async (token: string, redPackets: boolean) => {
      while (!stop) {
        const requestId = `kill-${kind}-${++seq}`;
        const res = redPackets
          ? await svc(base, 'POST', '/api/redPacket/send', {
              token,
              body: { roomId, total: 10, count: 2, mode: 1, requestId },
            }).catch(() => null)
          : await svc(base, 'POST', '/pay/gift', {
              token,
              body: { roomId, giftId: gift.id, count: 1, requestId },
            }).catch(() => null);
        if (!res) return; // the server is gone
        if (res.code === 200) confirmed.push(requestId);
        if (redPackets) await sleep(150);
      }
    };
    const clients = [
      ...tokens.flatMap((t) => [client(t, false), client(t, false), client(t, false)]),
      client(tokens[0], true),
    ];
    // Killed mid-stream: once some trades are confirmed, with more in flight.
    const began = Date.now();
    while (confirmed.length < 8 && Date.now() - began < 15_000) await sleep(50);
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(clients);
    expect(confirmed.length).toBeGreaterThanOrEqual(8);

    // The data directory (or database) opens again and serves.
    server = await start(f.env);
    expect((await svc(server.url, 'GET', '/api/chat/gift/all')).code).toBe(200);
    await stopInstance(server);

    const audit = spawnSync(process.execPath, ['src/server/services/wallet/audit-cli.ts'], {
      env: { ...process.env, ...f.env },
      encoding: 'utf8',
    });
    expect(audit.status, audit.stdout + audit.stderr).toBe(0);

    const dbh = await openDatabase({ url: f.env.DATABASE_URL, dataDir: f.dataDir });
    try {
      const stored = (
        await dbh.db
          .select({ key: tradeRecords.idempotencyKey })
          .from(tradeRecords)
          .where(like(tradeRecords.idempotencyKey, `%kill-${kind}-%`))
      ).map((r) => r.key);
      // The ledger's key holds the client's requestId (with a prefix of its kind of trade).
      const missing = confirmed.filter((key) => !stored.some((s) => new RegExp(`${key}(?!\\d)`).test(s)));
      expect(missing).toEqual([]);
    } finally {
      await dbh.close();
    }
  }, 420_000);
});
