/** 私信 shapes shared by the server and the chat island (docs/messages.md). */

export const DM_RULES = {
  /** Longest text message, in characters. */
  maxText: 500,
  /** Messages per thread page (paging back in time). */
  pageSize: 30,
  /** Messages one user may send per minute, across all conversations. */
  perMinute: 20,
  /** New conversations one user may open per hour. */
  opensPerHour: 30,
} as const;

export type DmKind = 'text' | 'image';
export type ConversationKind = 'direct' | 'service';

/** The other side of a conversation; for 客服 conversations `id` is 0 and the name is 客服. */
export interface DmPeer {
  id: number;
  nickName: string;
  portrait: string | null;
}

export interface DmMessage {
  id: number;
  conversationId: number;
  senderId: number;
  /** Written by 客服 staff (service conversations). */
  fromService: boolean;
  kind: DmKind;
  content: string;
  createdAt: string;
}

export interface DmConversation {
  id: number;
  kind: ConversationKind;
  peer: DmPeer;
  lastMessage: DmMessage | null;
  /** Messages from the other side I have not read. */
  unread: number;
  /** How far the other side has read (my messages up to this id are 已读). */
  peerReadId: number;
  /** I have blocked the peer. */
  blocked: boolean;
}

export interface DmThreadPage {
  conversation: DmConversation;
  /** Oldest first; `hasMore` says whether older ones exist before the first. */
  list: DmMessage[];
  hasMore: boolean;
}

/** Payloads of WS_CODE.privateMessage on `user:{id}`. */
export type DmDelivery =
  | { type: 'message'; conversationId: number; message: DmMessage }
  | { type: 'read'; conversationId: number; readerId: number; lastReadId: number };

export interface UnreadTotals {
  messages: number;
  notices: number;
  all: number;
}

export const SERVICE_PEER: DmPeer = { id: 0, nickName: '客服', portrait: null };
