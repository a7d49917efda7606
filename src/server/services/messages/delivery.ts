import type { DmDelivery as Payload, DmMessage } from '../../../lib/dm/types.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import { publish } from '../../realtime/publish.ts';
import type { PubSub } from '../../realtime/pubsub.ts';

/**
 * Live delivery on `user:{id}` (WS_CODE.privateMessage). Messages are stored first, so a lost frame
 * only delays them until the next load: never fail the sender for it.
 */
export function createDelivery(pubsub: PubSub) {
  const send = (userIds: number[], payload: Payload) =>
    Promise.all(
      [...new Set(userIds)].map((id) =>
        publish(pubsub, CHANNEL.user(id), WS_CODE.privateMessage, payload).catch(() => {}),
      ),
    );
  return {
    message: (userIds: number[], message: DmMessage) =>
      send(userIds, { type: 'message', conversationId: message.conversationId, message }),
    read: (userIds: number[], conversationId: number, readerId: number, lastReadId: number) =>
      send(userIds, { type: 'read', conversationId, readerId, lastReadId }),
  };
}

export type DmDelivery = ReturnType<typeof createDelivery>;
