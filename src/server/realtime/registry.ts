import { WebSocket } from 'ws';
import type { Logger } from '../logger.ts';
import { WS_CLOSE, type Channel } from '../../lib/realtime/codes.ts';
import { pubsubChannel } from './publish.ts';
import type { PubSub } from './pubsub.ts';

export interface ChannelRegistry {
  /** Resolves once this instance's pub/sub subscription to `channel` is live. */
  join(ws: WebSocket, channel: Channel): Promise<unknown>;
  leave(ws: WebSocket, channel: Channel): void;
  /** Channels with at least one local socket. */
  readonly size: number;
  /** Drops every channel; resolves once the pub/sub has been unsubscribed. */
  close(): Promise<void>;
}

interface Entry {
  sockets: Set<WebSocket>;
  /** The pub/sub unsubscribe, once the subscription is live. */
  ready: Promise<() => Promise<void>>;
}

/** A socket this far behind on reading is too slow to keep. */
export const MAX_BUFFERED = 1024 * 1024;
/** A dropped slow socket is cut off this long after its close frame if it never answers it. */
export const SLOW_CLOSE_GRACE_MS = 5_000;

/**
 * The local sockets of each channel. The first socket to join subscribes this instance to the
 * pub/sub channel, the last to leave unsubscribes it, so an instance only hears what its clients follow.
 */
export function createChannelRegistry(pubsub: PubSub, log: Logger): ChannelRegistry {
  const channels = new Map<Channel, Entry>();
  const unsubscribing = new Set<Promise<void>>();

  function release(channel: Channel, entry: Entry) {
    channels.delete(channel);
    const done: Promise<void> = entry.ready
      .then((unsubscribe) => unsubscribe())
      .catch((err) => log.warn({ err, channel }, 'ws unsubscribe failed'))
      .finally(() => unsubscribing.delete(done));
    unsubscribing.add(done);
  }

  return {
    join(ws, channel) {
      let entry = channels.get(channel);
      if (!entry) {
        const sockets = new Set<WebSocket>();
        const created: Entry = {
          sockets,
          ready: pubsub.subscribe(pubsubChannel(channel), (m) => fanOut(sockets, m)),
        };
        // A failed subscription is forgotten, so the next join tries again.
        created.ready.catch(() => channels.get(channel) === created && channels.delete(channel));
        channels.set(channel, (entry = created));
      }
      entry.sockets.add(ws);
      return entry.ready;
    },
    leave(ws, channel) {
      const entry = channels.get(channel);
      if (entry?.sockets.delete(ws) && entry.sockets.size === 0) release(channel, entry);
    },
    get size() {
      return channels.size;
    },
    async close() {
      for (const [channel, entry] of channels) release(channel, entry);
      await Promise.all(unsubscribing);
    },
  };
}

/** The published string is already the frame: encode it once and hand the same bytes to every socket. */
export function fanOut(sockets: Set<WebSocket>, message: string) {
  const bytes = Buffer.from(message);
  for (const ws of sockets) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    if (ws.bufferedAmount > MAX_BUFFERED) dropSlow(ws);
    else ws.send(bytes, { binary: false });
  }
}

/**
 * A socket that stopped reading: nothing more is queued for it (a closing socket takes no sends),
 * it gets a 4009 close behind what it has not read, and is cut off if it never answers.
 */
function dropSlow(ws: WebSocket) {
  ws.close(WS_CLOSE.slowConsumer, 'too slow');
  setTimeout(() => ws.readyState !== WebSocket.CLOSED && ws.terminate(), SLOW_CLOSE_GRACE_MS).unref();
}
