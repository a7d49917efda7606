import type { PubSub } from './pubsub.ts';
import {
  isChannel,
  type Channel,
  type DeliveryCode,
  type Frame,
  type Delivery,
} from '../../lib/realtime/codes.ts';

/** Realtime channels live under their own prefix in the pub/sub, apart from other uses of it. */
export const pubsubChannel = (channel: Channel) => `ws:${channel}`;

/**
 * Sends `{ code, data: { channel, payload } }` to every socket subscribed to `channel`, on every
 * instance. The frame is serialised here once; hubs forward the string as it is.
 */
export async function publish<P>(
  pubsub: PubSub,
  channel: Channel,
  code: DeliveryCode,
  payload: P,
): Promise<void> {
  if (!isChannel(channel)) throw new Error(`invalid realtime channel: ${channel}`);
  const frame: Frame<Delivery<P>> = { code, data: { channel, payload } };
  await pubsub.publish(pubsubChannel(channel), JSON.stringify(frame));
}
