/**
 * 实时协议代码表 — the /ws protocol, shared by the server and the browser (no Node imports here).
 * Frames are JSON `{ code, data }`; only the heartbeat is a bare string. Codes are part of the
 * protocol: never renumber one, only add. docs/realtime.md explains each of them.
 */
export const WS_CODE = {
  // 10000–10029: session control
  /** 客户端→服务器 认证 (spec): `{ accessToken }`. Must name the same user as the socket token. */
  auth: 10014,
  /** 服务器→客户端 认证成功: `{ userId }`, 0 for a visitor. */
  authOk: 10015,
  /** 客户端→服务器 订阅频道: `{ channel }`. */
  subscribe: 10020,
  /** 服务器→客户端 订阅成功: `{ channel }`; deliveries on it arrive from now on. */
  subscribed: 10021,
  /** 客户端→服务器 取消订阅: `{ channel }`. */
  unsubscribe: 10022,
  /** 服务器→客户端 已取消订阅: `{ channel }`. */
  unsubscribed: 10023,
  /**
   * 客户端→服务器 发送聊天 (after 10014): `{ roomId | matchId, content, atUserId?, atNickName?, barrage?, clientId? }`.
   * The same rules as POST /svc/api/chat/msg; refused with a 10090 `refused` error carrying the reason.
   */
  chatSend: 10024,
  /** 服务器→客户端 聊天已发送: `{ clientId, id }`; the message itself arrives on the channel like any other. */
  chatAck: 10025,

  // 10030–10089: channel deliveries, server→client, data is `{ channel, payload }`
  /** 频道消息 (generic): payload is whatever the publishing service sent. */
  message: 10030,
  /** 聊天消息 on `room:{id}`. */
  chatMessage: 10031,
  /** 直播间事件 on `room:{id}`: gifts, red packets, notices, the room going up or down. */
  roomEvent: 10032,
  /** 比分变化 on `scores:*` and `match:{id}`: score, state, clock. */
  scoreUpdate: 10033,
  /** 比赛事件 on `match:{id}`: text live, goals, cards, statistics. */
  matchEvent: 10034,
  /** 个人通知 on `user:{id}`: balance changes, system messages. */
  userNotice: 10035,
  /** 私信 on `user:{id}`: `{type: 'message', conversationId, message}` or `{type: 'read', conversationId, readerId, lastReadId}`. */
  privateMessage: 10036,

  // 10090–10099: errors and closing
  /** 服务器→客户端 错误: `ErrorData`; the socket stays open unless a `closing` frame follows. */
  error: 10090,
  /** 服务器→客户端 即将断开 (kicked / shutting down): `{ code, reason }`, then the socket closes. */
  closing: 10099,
} as const;

export type WsCode = (typeof WS_CODE)[keyof typeof WS_CODE];

/** The codes a service may publish on a channel. */
export type DeliveryCode =
  | typeof WS_CODE.message
  | typeof WS_CODE.chatMessage
  | typeof WS_CODE.roomEvent
  | typeof WS_CODE.scoreUpdate
  | typeof WS_CODE.matchEvent
  | typeof WS_CODE.userNotice
  | typeof WS_CODE.privateMessage;

/** 心跳: the client sends '0' 10 s after the last frame it sent (incoming ones do not count); the server answers '1'. */
export const HEARTBEAT = { ping: '0', pong: '1' } as const;

/** WebSocket close codes the server uses (4000–4999 is the application range). */
export const WS_CLOSE = {
  /** Server shutting down (the code hub.close is given on SIGTERM). */
  goingAway: 1001,
  /** A frame larger than WS_LIMITS.maxPayload (sent by the ws library). */
  tooLarge: 1009,
  /** Nothing received for WS_LIMITS.idleMs. */
  idle: 4000,
  /** The 10014 access token is missing, expired or names another user. */
  authFailed: 4001,
  /** More than WS_LIMITS.maxFrames frames in WS_LIMITS.frameWindowMs. */
  flooding: 4008,
  /** More than 1 MB of broadcasts queued for a socket that stopped reading (src/server/realtime/registry.ts). */
  slowConsumer: 4009,
} as const;

export const WS_LIMITS = {
  /** A client silent this long (no frame, no pong) is dropped; it beats every 10 s and is pinged after one silent beat. */
  idleMs: 30_000,
  maxChannelsPerSocket: 20,
  /** Open sockets on one socket token (a page opens one; reconnects fetch a new token). */
  maxSocketsPerToken: 5,
  /** Open sockets from one client address (NAT'd offices and campuses share one). */
  maxSocketsPerAddress: 200,
  /** Largest frame a client may send, in bytes. */
  maxPayload: 16 * 1024,
  maxFrames: 100,
  frameWindowMs: 10_000,
} as const;

/**
 * Channels. `room:{id}`, `match:{id}` and `scores:*` are public (visitors too);
 * `user:{id}` only for that user, after 10014.
 */
export type Channel =
  `room:${number}` | `match:${number}` | `user:${number}` | 'scores:football' | 'scores:basketball';

export const CHANNEL = {
  room: (id: number): Channel => `room:${id}`,
  match: (id: number): Channel => `match:${id}`,
  user: (id: number): Channel => `user:${id}`,
  football: 'scores:football',
  basketball: 'scores:basketball',
} as const;

const CHANNEL_RE = /^(?:(?:room|match|user):[1-9]\d{0,9}|scores:(?:football|basketball))$/;

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && CHANNEL_RE.test(name);
}

/** The user a `user:{id}` channel belongs to, or null for a public channel. */
export function channelOwner(channel: Channel): number | null {
  return channel.startsWith('user:') ? Number(channel.slice(5)) : null;
}

export interface Frame<D = unknown> {
  code: number;
  data: D;
}

/** `data` of every channel delivery (codes 10030–10089). */
export interface Delivery<P = unknown> {
  channel: Channel;
  payload: P;
}

export type ErrorReason =
  | 'bad_channel'
  | 'forbidden'
  | 'too_many_channels'
  | 'unknown_code'
  | 'auth_failed'
  | 'unavailable'
  | 'refused';

/** `data` of a 10090 error: `req` is the code of the frame that failed. */
export interface ErrorData {
  req: number;
  reason: ErrorReason;
  msg: string;
  channel?: string;
  /** A `refused` chat frame: the envelope code the HTTP call would have given (403 banned, 429 too fast …). */
  code?: number;
  clientId?: string;
}
