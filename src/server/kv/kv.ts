import type { Redis } from 'ioredis';

/**
 * Short-lived shared state (rate-limit counters, one-time keys, captcha tokens, SMS codes).
 * In memory on one instance; in Redis when REDIS_URL is set, so every instance sees the same.
 */
export interface Kv {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and deletes in one step: a one-time value can be taken once only. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds `by` (default 1) to a counter whose window starts at the first increment; returns the new count. */
  incr(key: string, windowMs: number, by?: number): Promise<number>;
  /** Milliseconds left before the key expires (0 when absent). */
  ttl(key: string): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryKv(now: () => number = Date.now): Kv {
  const map = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.expires <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  // Drop expired entries now and then so a long-running process does not grow.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of map) if (e.expires <= t) map.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      map.set(key, { value, expires: now() + ttlMs });
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      map.set(key, { value, expires: now() + ttlMs });
      return true;
    },
    async take(key) {
      const e = live(key);
      map.delete(key);
      return e?.value ?? null;
    },
    async del(key) {
      map.delete(key);
    },
    async incr(key, windowMs, by = 1) {
      const e = live(key);
      const count = (e ? Number(e.value) : 0) + by;
      map.set(key, { value: String(count), expires: e ? e.expires : now() + windowMs });
      return count;
    },
    async ttl(key) {
      const e = live(key);
      return e ? e.expires - now() : 0;
    },
    async close() {
      clearInterval(sweep);
      map.clear();
    },
  };
}

export async function createRedisKv(url: string, prefix = 'qyq:'): Promise<Kv> {
  const { Redis } = await import('ioredis');
  const r: Redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, keyPrefix: prefix });
  await r.connect();
  return {
    kind: 'redis',
    get: (key) => r.get(key),
    async set(key, value, ttlMs) {
      await r.set(key, value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await r.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    take: (key) => r.getdel(key),
    async del(key) {
      await r.del(key);
    },
    async incr(key, windowMs, by = 1) {
      const [[, count]] = (await r.multi().incrby(key, by).pexpire(key, windowMs, 'NX').exec()) as [
        [null, number],
      ];
      return count;
    },
    async ttl(key) {
      return Math.max(0, await r.pttl(key));
    },
    async close() {
      await r.quit().catch(() => undefined);
    },
  };
}
