import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { MAX_ID, text, validate } from '../../validate.ts';
import type { ChatTarget, SendInput } from './chat.ts';

const blank = (v: unknown) => text(v) || undefined;
const optionalId = z.preprocess(blank, z.coerce.number().int().positive().max(MAX_ID).optional());

/** The one schema of a chat message: POST /api/chat/msg, POST /chat/msg and the socket's chat frame. */
export const chatSendSchema = z.object({
  roomId: optionalId,
  matchId: optionalId,
  // Length and emptiness are the service's rules (after cleaning), with their own messages.
  content: z.preprocess(text, z.string()),
  atUserId: optionalId,
  atNickName: z.preprocess(blank, z.string().optional()),
  /** Barrage style id; 0 or absent: chat only. */
  barrage: z.preprocess(blank, z.coerce.number().int().min(0).max(MAX_ID).optional()),
});

/**
 * A chat send read from loose input. `to` is the target the call takes: a room (/api/chat/msg),
 * a match (/chat/msg), or either (the socket frame names one of them).
 */
export function readChatSend(
  input: Record<string, unknown>,
  to: 'roomId' | 'matchId' | 'either',
): { target: ChatTarget; message: SendInput } {
  const schema =
    to === 'roomId'
      ? chatSendSchema.omit({ matchId: true })
      : to === 'matchId'
        ? chatSendSchema.omit({ roomId: true })
        : chatSendSchema;
  const { roomId, matchId, ...message } = validate(schema, input) as z.output<typeof chatSendSchema>;
  if (roomId) return { target: { roomId }, message };
  if (matchId) return { target: { matchId }, message };
  throw badRequest(`参数 ${to === 'matchId' ? 'matchId' : 'roomId'} 无效：不能为空`);
}
