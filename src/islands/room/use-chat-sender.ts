import { useEffect, useRef } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { WS_CODE } from '../../lib/realtime/codes.ts';
import { onFrame } from '../../stores/socket.ts';
import type { ChatDraft } from './ChatInput.tsx';
import { roomApi } from './room-api.ts';
import type { ChatMessage } from '../../lib/live/types.ts';
import { sendChatFrame } from './use-room-feed.ts';
import { MSG } from '../../lib/messages.ts';

/** How long a socket send waits for its ack (10025) or refusal (10090) before giving up. */
const SOCKET_ACK_MS = 5_000;

/**
 * Sends chat over the socket when it is open (answered by an ack or a refusal with the reason),
 * else through POST /api/chat/msg. Resolves to the error to show, or null when sent.
 */
export function useChatSender(roomId: number, onSent: (m: ChatMessage) => void) {
  const pending = useRef(new Map<string, (error: string | null) => void>());
  const seq = useRef(0);

  useEffect(
    () =>
      onFrame((f) => {
        if (f.code === WS_CODE.chatAck) pending.current.get(f.data.clientId)?.(null);
        if (f.code === WS_CODE.error && f.data.req === WS_CODE.chatSend)
          pending.current.get(f.data.clientId ?? '')?.(f.data.msg || MSG.chatSendFailed);
      }),
    [],
  );

  return async function send(draft: ChatDraft): Promise<string | null> {
    const clientId = `c${Date.now()}-${++seq.current}`;
    if (sendChatFrame(roomId, draft, clientId)) {
      return new Promise((resolve) => {
        const done = (error: string | null) => {
          pending.current.delete(clientId);
          clearTimeout(timer);
          resolve(error);
        };
        const timer = setTimeout(() => done(MSG.chatSendTimeout), SOCKET_ACK_MS);
        pending.current.set(clientId, done);
      });
    }
    try {
      onSent(await roomApi.send(roomId, draft));
      return null;
    } catch (err) {
      return failureText(err);
    }
  };
}
