import { z } from 'zod';
import { field } from '../../fields.ts';

/**
 * The one schema of a chat message, read by POST /api/chat/msg (a room), POST /chat/msg (a match)
 * and the socket's chat frame (either). Length and emptiness of `content` are the service's rules
 * (after cleaning), with their own messages.
 */
const message = {
  content: field.str(),
  atUserId: field.optionalId(),
  atNickName: field.optionalStr(),
  /** Barrage style id; 0 or absent: chat only. */
  barrage: field.optionalWhole(),
};

export const roomChatInput = z.object({ roomId: field.id(), ...message });
export const matchChatInput = z.object({ matchId: field.id(), ...message });
/** The socket's frame names a room or a match. */
export const socketChatInput = z.object({
  roomId: field.optionalId(),
  matchId: field.optionalId(),
  ...message,
});
