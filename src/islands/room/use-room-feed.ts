import { useEffect, useRef } from 'react';
import type { ChatMessage, RoomEvent } from '../../lib/live/types.ts';
import type { LiveScore } from '../../lib/sports/types.ts';
import { CHANNEL, WS_CODE } from '../../lib/realtime/codes.ts';
import { connectSocket, onFrame, sendSocket, subscribe, unsubscribe } from '../../stores/socket.ts';
import { roomApi } from './room-api.ts';

/** A visitor (whose socket carries the room's events, never its chat) catches up on the chat this often. */
export const VISITOR_POLL_MS = 4_000;

export interface FeedHandlers {
  onChat(message: ChatMessage): void;
  onEvent(event: RoomEvent): void;
  /** The room's channel is (re)subscribed: events sent before may have been missed. */
  onSubscribed?(): void;
  /** A live score of the linked match (`match:{id}`, WS_CODE.scoreUpdate). */
  onScore?(score: LiveScore): void;
}

/**
 * The room's live traffic: the shared socket (src/stores/socket.ts), subscribed to `room:{id}` (and
 * the linked match), every frame read through onFrame so none is lost between renders; a visitor's
 * socket carries the public events (up, down …), and its chat is polled forwards from the last message seen.
 */
export function useRoomFeed(
  roomId: number,
  loggedIn: boolean,
  lastId: number,
  matchId: number | null,
  handlers: FeedHandlers,
) {
  const h = useRef(handlers);
  h.current = handlers;
  const last = useRef(lastId);
  last.current = Math.max(last.current, lastId);

  useEffect(() => {
    if (loggedIn) connectSocket();
    const room = CHANNEL.room(roomId);
    const match = matchId ? CHANNEL.match(matchId) : null;
    subscribe(room);
    if (match) subscribe(match);
    const off = onFrame((frame) => {
      if (frame.code === WS_CODE.scoreUpdate && frame.data.channel === match)
        return h.current.onScore?.(frame.data.payload);
      // Subscribed (again, after a reconnection): whatever happened before is caught up at once.
      if (frame.code === WS_CODE.subscribed && frame.data.channel === room) h.current.onSubscribed?.();
      else if (frame.code === WS_CODE.roomEvent && frame.data.channel === room)
        h.current.onEvent(frame.data.payload);
      // A visitor's chat comes from the poll below.
      else if (frame.code === WS_CODE.chatMessage && frame.data.channel === room && loggedIn)
        h.current.onChat(frame.data.payload);
    });
    return () => {
      off();
      unsubscribe(room);
      if (match) unsubscribe(match);
    };
  }, [roomId, loggedIn, matchId]);

  useEffect(() => {
    if (loggedIn) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped || document.hidden) return;
      try {
        const page = await roomApi.chatPage(roomId, { afterId: last.current });
        for (const m of page.list) {
          last.current = Math.max(last.current, m.id);
          h.current.onChat(m);
        }
      } catch {
        // the next poll tries again
      }
    }, VISITOR_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [roomId, loggedIn]);
}

/** Sends chat over the socket when it is open; false means the caller should use POST /api/chat/msg. */
export function sendChatFrame(
  roomId: number,
  body: { content: string; barrage?: number; atUserId?: number },
  clientId: string,
): boolean {
  return sendSocket({ code: WS_CODE.chatSend, data: { roomId, ...body, clientId } });
}
