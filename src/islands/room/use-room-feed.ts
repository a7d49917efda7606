import { useCallback, useEffect, useRef } from 'react';
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

/** How many chat ids the feed remembers to drop a message it has already shown. */
const SEEN_IDS = 1_000;
/** A catch-up whose history call fails is tried again this much later, this many times. */
const CATCH_UP_RETRY_MS = 2_000;
const CATCH_UP_TRIES = 5;

/**
 * The room's live traffic: the shared socket (src/stores/socket.ts), subscribed to `room:{id}` (and
 * the linked match), every frame read through onFrame so none is lost between renders; a visitor's
 * socket carries the public events (up, down …), and its chat is polled forwards from the last message seen.
 *
 * A logged-in page catches up on every `10021 subscribed` of the room (the first one and each after a
 * reconnection: a drop, a killed instance, a deploy): it reads the chat after the last message it saw
 * and holds what the socket brings meanwhile, so every message is shown once, in order.
 * Returns `deliver`, for a message the page learnt of another way (its own HTTP send).
 */
export function useRoomFeed(
  roomId: number,
  loggedIn: boolean,
  lastId: number,
  matchId: number | null,
  handlers: FeedHandlers,
): (message: ChatMessage) => void {
  const h = useRef(handlers);
  h.current = handlers;
  const last = useRef(lastId);
  last.current = Math.max(last.current, lastId);
  const seen = useRef(new Set<number>());
  const history = useRef(lastId); // the last message of the history the page was rendered with

  const deliver = useCallback((m: ChatMessage) => {
    const ids = seen.current;
    if (m.id <= history.current || ids.has(m.id)) return; // in the page's history, or shown already
    ids.add(m.id);
    if (ids.size > SEEN_IDS) ids.delete(ids.values().next().value!);
    last.current = Math.max(last.current, m.id);
    h.current.onChat(m);
  }, []);

  useEffect(() => {
    if (loggedIn) connectSocket();
    const room = CHANNEL.room(roomId);
    const match = matchId ? CHANNEL.match(matchId) : null;
    let stopped = false;
    /** Chat from the socket while a catch-up reads the history; shown after it. */
    let held: ChatMessage[] | null = null;
    let again = false;

    async function catchUp() {
      if (held) return void (again = true); // one is running: it reads once more when done
      held = [];
      for (let tries = 1; !stopped; tries++) {
        try {
          let page;
          do {
            again = false;
            page = await roomApi.chatPage(roomId, { afterId: last.current, pageSize: 50 });
            if (!stopped) page.list.forEach(deliver);
          } while (!stopped && (again || (page.hasMore && page.list.length > 0)));
          break;
        } catch {
          if (tries >= CATCH_UP_TRIES) break; // what the socket brought still shows
          await new Promise((resolve) => setTimeout(resolve, CATCH_UP_RETRY_MS));
        }
      }
      const socketLines = held;
      held = null;
      if (!stopped) socketLines.sort((a, b) => a.id - b.id).forEach(deliver);
    }

    subscribe(room);
    if (match) subscribe(match);
    const off = onFrame((frame) => {
      if (frame.code === WS_CODE.scoreUpdate && frame.data.channel === match)
        return h.current.onScore?.(frame.data.payload);
      if (frame.code === WS_CODE.subscribed && frame.data.channel === room) {
        // Subscribed (again, after a reconnection): whatever happened before is caught up at once.
        if (loggedIn) void catchUp();
        h.current.onSubscribed?.();
      } else if (frame.code === WS_CODE.roomEvent && frame.data.channel === room)
        h.current.onEvent(frame.data.payload);
      // A visitor's chat comes from the poll below.
      else if (frame.code === WS_CODE.chatMessage && frame.data.channel === room && loggedIn) {
        if (held) held.push(frame.data.payload);
        else deliver(frame.data.payload);
      }
    });
    return () => {
      stopped = true;
      off();
      unsubscribe(room);
      if (match) unsubscribe(match);
    };
  }, [roomId, loggedIn, matchId, deliver]);

  useEffect(() => {
    if (loggedIn) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped || document.hidden) return;
      try {
        const page = await roomApi.chatPage(roomId, { afterId: last.current });
        if (!stopped) page.list.forEach(deliver);
      } catch {
        // the next poll tries again
      }
    }, VISITOR_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [roomId, loggedIn, deliver]);

  return deliver;
}

/** Sends chat over the socket when it is open; false means the caller should use POST /api/chat/msg. */
export function sendChatFrame(
  roomId: number,
  body: { content: string; barrage?: number; atUserId?: number },
  clientId: string,
): boolean {
  return sendSocket({ code: WS_CODE.chatSend, data: { roomId, ...body, clientId } });
}
