import type { Redis } from 'ioredis';

/** Fan-out between instances: a message published anywhere reaches every subscriber everywhere. */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that removes this handler. */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Handlers = Map<string, Set<(message: string) => void>>;

function deliver(handlers: Handlers, channel: string, message: string) {
  for (const h of handlers.get(channel) ?? []) h(message);
}

function addHandler(handlers: Handlers, channel: string, handler: (m: string) => void): boolean {
  let set = handlers.get(channel);
  const first = !set;
  if (!set) handlers.set(channel, (set = new Set()));
  set.add(handler);
  return first;
}

/** Removes the handler; true when the channel has no handler left. */
function removeHandler(handlers: Handlers, channel: string, handler: (m: string) => void): boolean {
  const set = handlers.get(channel);
  if (!set) return false;
  set.delete(handler);
  if (set.size > 0) return false;
  handlers.delete(channel);
  return true;
}

export function createMemoryPubSub(): PubSub {
  const handlers: Handlers = new Map();
  return {
    kind: 'memory',
    async publish(channel, message) {
      // Asynchronous like Redis, so callers never rely on same-tick delivery.
      queueMicrotask(() => deliver(handlers, channel, message));
    },
    async subscribe(channel, handler) {
      addHandler(handlers, channel, handler);
      return async () => void removeHandler(handlers, channel, handler);
    },
    async close() {
      handlers.clear();
    },
  };
}

/**
 * Redis pub/sub. One connection publishes, one listens; `prefix` keeps several deployments
 * (or test runs) on one Redis apart.
 */
export async function createRedisPubSub(url: string, prefix = 'qyq:'): Promise<PubSub> {
  const { Redis } = await import('ioredis');
  const pub: Redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub: Redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: Handlers = new Map();
  sub.on('message', (fullChannel: string, message: string) => {
    deliver(handlers, fullChannel.slice(prefix.length), message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      if (addHandler(handlers, channel, handler)) await sub.subscribe(prefix + channel);
      return async () => {
        if (removeHandler(handlers, channel, handler)) await sub.unsubscribe(prefix + channel);
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
