import { describe, expect, it, vi } from 'vitest';
import { cached } from '../../src/server/services/cache.ts';

describe('in-process cache', () => {
  it('loads once within the TTL, again after invalidate', async () => {
    const load = vi.fn(async () => Math.random());
    const get = cached(60_000, load);
    const a = await get();
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
    get.invalidate();
    await get();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('runs a thenable that re-executes on every await (a Drizzle query) only once', async () => {
    let runs = 0;
    const query = { then: (ok: (v: number) => void) => ok(++runs) };
    const get = cached(60_000, () => query as unknown as Promise<number>);
    await get();
    await get();
    expect(runs).toBe(1);
  });

  it('does not keep a failure', async () => {
    let fail = true;
    const get = cached(60_000, async () => {
      if (fail) throw new Error('db down');
      return 1;
    });
    await expect(get()).rejects.toThrow('db down');
    fail = false;
    expect(await get()).toBe(1);
  });
});
