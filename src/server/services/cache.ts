/**
 * A small in-process cache for hot, rarely-changing reads (navigation, hot words, banners).
 * Entries live for `ttlMs`; writers call invalidate() so a change shows at once on this
 * instance, and within `ttlMs` on the others.
 */
export function cached<T>(ttlMs: number, load: () => Promise<T>) {
  let value: { at: number; promise: Promise<T> } | null = null;
  const get = (): Promise<T> => {
    if (value && Date.now() - value.at < ttlMs) return value.promise;
    // Promise.resolve runs a Drizzle query (a thenable that re-runs on every await) exactly once.
    const promise = Promise.resolve(load());
    value = { at: Date.now(), promise };
    // A failed load is not kept: the next caller tries again.
    promise.catch(() => {
      if (value?.promise === promise) value = null;
    });
    return promise;
  };
  return Object.assign(get, { invalidate: () => void (value = null) });
}
