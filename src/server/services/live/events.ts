import type { ChatMessage, RoomEvent } from '../../../lib/live/types.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import { publish } from '../../realtime/publish.ts';
import type { PubSub } from '../../realtime/pubsub.ts';

/** Sends live-room traffic to the sockets: chat on `room:{id}` / `match:{id}`, events on `room:{id}`. */
export function createRoomPublisher(pubsub: PubSub) {
  return {
    event: (event: RoomEvent) => publish(pubsub, CHANNEL.room(event.roomId), WS_CODE.roomEvent, event),
    chat: (message: ChatMessage) =>
      publish(
        pubsub,
        message.roomId ? CHANNEL.room(message.roomId) : CHANNEL.match(message.matchId!),
        WS_CODE.chatMessage,
        message,
      ),
  };
}

export type RoomPublisher = ReturnType<typeof createRoomPublisher>;
