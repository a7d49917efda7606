import type { PubSub } from './pubsub.ts';
import { isChannel, type Channel, type DeliveryCode } from '../../lib/realtime/codes.ts';
import type { DeliveryFrame, DeliveryPayloads } from '../../lib/realtime/events.ts';

/** Realtime channels live under their own prefix in the pub/sub, apart from other uses of it. */
export const pubsubChannel = (channel: Channel) => `ws:${channel}`;

/**
 * Sends `{ code, data: { channel, payload } }` to every socket subscribed to `channel`, on every
 * instance. The payload's type is the one its code names (src/lib/realtime/events.ts). The frame is
 * serialised here once; hubs forward the string as it is.
 */
export async function publish<C extends DeliveryCode>(
  pubsub: PubSub,
  channel: Channel,
  code: C,
  payload: DeliveryPayloads[C],
): Promise<void> {
  if (!isChannel(channel)) throw new Error(`invalid realtime channel: ${channel}`);
  const frame = { code, data: { channel, payload } } as DeliveryFrame;
  await pubsub.publish(pubsubChannel(channel), JSON.stringify(frame));
}
