import type { SportId } from '../../../lib/vocab/sports.ts';

/**
 * Hot sports reads (today's lists, live matches) kept in process for a few seconds. The feed
 * drops a sport's entries the moment it writes (on this instance directly, on the others through
 * the score channels), so the TTL only bounds how stale a missed drop can leave them.
 */
export function createHotCache(ttlMs = 10_000) {
  const entries = new Map<string, { at: number; promise: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.promise as Promise<T>;
      const promise = Promise.resolve(load());
      entries.set(key, { at: Date.now(), promise });
      promise.catch(() => {
        if (entries.get(key)?.promise === promise) entries.delete(key);
      });
      return promise;
    },
    /** Drops the lists of `sport` and the lists mixing both sports. */
    invalidate(sport: SportId) {
      for (const key of entries.keys())
        if (key.startsWith(`${sport}:`) || key.startsWith('*:')) entries.delete(key);
    },
  };
}

export type HotCache = ReturnType<typeof createHotCache>;
