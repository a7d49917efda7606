import { WebSocket } from 'ws';
import type { Logger } from '../logger.ts';
import { WS_CLOSE, type Channel } from '../../lib/realtime/codes.ts';
import { textFrames, writeFrames } from './frames.ts';
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
          ready: pubsub.subscribe(pubsubChannel(channel), batched(sockets)),
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

/**
 * What a channel's pub/sub hands over in one turn of the event loop goes out together: one write
 * per socket for all of it. At a calm pace that is each message on its own, as soon as it comes;
 * when the instance falls behind (a busy room), the messages that queued up meanwhile share a
 * write, so it catches up instead of falling further behind.
 */
function batched(sockets: Set<WebSocket>) {
  let pending: string[] = [];
  return (message: string) => {
    if (pending.push(message) > 1) return;
    setImmediate(() => {
      const messages = pending;
      pending = [];
      fanOut(sockets, messages);
    });
  };
}

/** Each published string is already a frame's text: framed once, the same bytes go to every socket. */
export function fanOut(sockets: Set<WebSocket>, messages: readonly string[]) {
  const frames = textFrames(messages);
  for (const ws of sockets) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    if (ws.bufferedAmount > MAX_BUFFERED) dropSlow(ws);
    else writeFrames(ws, frames);
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
