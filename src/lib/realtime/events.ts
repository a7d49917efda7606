/**
 * 实时事件类型表 — what each /ws frame carries, by its code. `publish` on the server takes a payload of
 * the type its code names here, and the browser's socket store (src/stores/socket.ts) hands islands
 * a `ServerFrame` that narrows on `code`, so no subscriber casts a payload.
 */
import type { NoticeView } from '../community/types.ts';
import type { DmDelivery } from '../dm/types.ts';
import type { ChatMessage, RoomEvent } from '../live/types.ts';
import type { LiveScore } from '../sports/types.ts';
import { WS_CODE, type Channel, type DeliveryCode, type ErrorData } from './codes.ts';

/** A commentary line of a 10034 `text` delivery (what the browser reads of it). */
export interface TextLineEvent {
  seq: number;
  kind: string;
  minute?: number | null;
  period?: number | null;
  clockSeconds?: number | null;
  text: string;
}

/** What changed in a match's detail (10034 on `match:{id}`); the page reloads the parts it shows. */
export type MatchDetail =
  | { kind: 'text'; lines: TextLineEvent[] }
  | { kind: 'stats'; teams: { side: 1 | 2; stats: Record<string, number> }[]; players: object[] }
  | { kind: 'events'; events: { seq: number; type: string; side: 1 | 2 }[] }
  | { kind: 'lineups' }
  | { kind: 'odds'; odds: object[] };

/** A plan's settlement: 10030 on `match:{id}` for its page, and (with the balances) 10035 to each buyer. */
export interface TipSettled {
  type: 'tip';
  planId: number;
  status: string;
  result: string | null;
  resultName: string | null;
  /** 球钻 returned to this buyer (不中退 or a void match); 0 on the match channel. */
  refund: number;
}

/** 10035 on `user:{id}`: a new notification, or a settled plan the user bought. */
export type UserNotice =
  { type: 'notice'; notice: NoticeView } | (TipSettled & { balances: { balance: number; ticket: number } });

/** The payload of each channel delivery, by code. */
export interface DeliveryPayloads {
  [WS_CODE.message]: TipSettled;
  [WS_CODE.chatMessage]: ChatMessage;
  [WS_CODE.roomEvent]: RoomEvent;
  [WS_CODE.scoreUpdate]: LiveScore;
  [WS_CODE.matchEvent]: MatchDetail & { matchId: number };
  [WS_CODE.userNotice]: UserNotice;
  [WS_CODE.privateMessage]: DmDelivery;
}

/** A channel delivery as it arrives, narrowed by `code`. */
export type DeliveryFrame = {
  [C in DeliveryCode]: { code: C; data: { channel: Channel; payload: DeliveryPayloads[C] } };
}[DeliveryCode];

/** Every frame the server sends (the bare '1' heartbeat answer aside). */
export type ServerFrame =
  | DeliveryFrame
  | { code: typeof WS_CODE.authOk; data: { userId: number } }
  | { code: typeof WS_CODE.subscribed | typeof WS_CODE.unsubscribed; data: { channel: Channel } }
  | { code: typeof WS_CODE.chatAck; data: { clientId: string; id: number } }
  | { code: typeof WS_CODE.error; data: ErrorData }
  | { code: typeof WS_CODE.closing; data: { code: number; reason: string } };

const KNOWN_CODES = new Set<number>(Object.values(WS_CODE));

/**
 * Reads one text frame from the server: `{code, data}` with a code of the protocol and an object
 * for data, else null. The server is trusted for the payload's shape; this keeps a stray or
 * garbled frame from reaching the islands.
 */
export function parseServerFrame(text: string): ServerFrame | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const { code, data } = frame as { code?: unknown; data?: unknown };
  if (typeof code !== 'number' || !KNOWN_CODES.has(code)) return null;
  if (typeof data !== 'object' || data === null) return null;
  return frame as ServerFrame;
}
