import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createContext, type AppContext } from '../../src/server/context.ts';

/** Without Redis, the counters that guard SMS and money survive a restart (they live in the database). */
describe('counters on one machine without Redis', () => {
  it('keeps SMS and money limits across a restart, and lets other counters start afresh', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qyq-counters-'));
    const open = () =>
      createContext(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: '0',
          SEED_SPORTS: '0',
        }),
        {
          log: pino({ level: 'silent' }),
        },
      );
    try {
      let app = await open();
      for (let k = 1; k <= 3; k++) {
        expect(await app.kv.incr('sms:ip:10.0.0.1:493000', 3_600_000)).toBe(k);
        expect(await app.kv.incr('rl:gift:u7', 60_000)).toBe(k);
        expect(await app.kv.incr('chat:burst:7', 60_000)).toBe(k);
      }
      await app.close();

      app = await open();
      expect(await app.kv.incr('sms:ip:10.0.0.1:493000', 3_600_000)).toBe(4);
      expect(await app.kv.incr('rl:gift:u7', 60_000)).toBe(4);
      expect(await app.kv.ttl('rl:gift:u7')).toBeGreaterThan(50_000);
      expect(await app.kv.incr('chat:burst:7', 60_000)).toBe(1);
      await app.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("keeps a phone's 60 s SMS resend window across a restart", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qyq-resend-'));
    const open = () =>
      createContext(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: '0',
          SEED_SPORTS: '0',
        }),
        { log: pino({ level: 'silent' }) },
      );
    const send = (app: AppContext) =>
      app.services.accounts.codes.send({ mobile: '13912345678', type: 3, ip: '10.0.0.2' });
    try {
      let app = await open();
      await send(app);
      await app.close();

      app = await open();
      await expect(send(app)).rejects.toMatchObject({
        code: 429,
        message: expect.stringMatching(/^操作太频繁，请\d+秒后再获取验证码$/),
      });
      await app.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('starts a new window once the old one is over', async () => {
    const app = await createContext(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        SEED_DEMO: '0',
        SEED_SPORTS: '0',
      }),
      {
        log: pino({ level: 'silent' }),
      },
    );
    try {
      expect(await app.kv.incr('rl:recharge:u1', 300)).toBe(1);
      expect(await app.kv.incr('rl:recharge:u1', 300)).toBe(2);
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await app.kv.incr('rl:recharge:u1', 300)).toBe(1);
    } finally {
      await app.close();
    }
  }, 120_000);
});
