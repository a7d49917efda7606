import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createMemoryKv, createRedisKv, type Kv } from '../../src/server/kv/kv.ts';

const stores: [string, () => Promise<Kv>][] = [['memory', async () => createMemoryKv()]];
if (process.env.TEST_REDIS_URL) {
  const url = process.env.TEST_REDIS_URL;
  stores.push(['redis', () => createRedisKv(url, `t${randomBytes(4).toString('hex')}:`)]);
}

describe.each(stores)('kv on %s', (_name, make) => {
  const opened: Kv[] = [];
  const open = async () => {
    const kv = await make();
    opened.push(kv);
    return kv;
  };
  afterAll(async () => {
    for (const kv of opened) await kv.close();
  });

  it('sets, gets and expires', async () => {
    const kv = await open();
    await kv.set('a', '1', 60);
    expect(await kv.get('a')).toBe('1');
    await new Promise((r) => setTimeout(r, 120));
    expect(await kv.get('a')).toBeNull();
  });

  it('takes a one-time value once', async () => {
    const kv = await open();
    await kv.set('once', 'v', 10_000);
    expect(await kv.take('once')).toBe('v');
    expect(await kv.take('once')).toBeNull();
  });

  it('sets if absent only once', async () => {
    const kv = await open();
    expect(await kv.setIfAbsent('nx', '1', 10_000)).toBe(true);
    expect(await kv.setIfAbsent('nx', '2', 10_000)).toBe(false);
    expect(await kv.get('nx')).toBe('1');
  });

  it('counts in a window that starts at the first hit', async () => {
    const kv = await open();
    expect(await kv.incr('c', 150)).toBe(1);
    expect(await kv.incr('c', 150)).toBe(2);
    expect(await kv.ttl('c')).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 220));
    expect(await kv.incr('c', 150)).toBe(1);
  });
});
