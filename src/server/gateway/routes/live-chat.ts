import { Hono } from 'hono';
import { z } from 'zod';
import { MATCH_PACKET_MSG, PACKET_OPENERS } from '../../../lib/live/match-packets.ts';
import { BARRAGE_STYLES, CHAT } from '../../../lib/live/rules.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, requestKey } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { roomChatInput } from '../../services/live/chat-input.ts';
import { caller, live } from './live-context.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — room chat, gifts catalogue, barrage styles, nobility, horns and red packets. */
export const liveChatRoutes = new Hono<GatewayEnv>();

const chatPageInput = z.object({
  pageSize: field.pageSize(CHAT.pageSize, 50),
  roomId: field.id(),
  lastId: field.optionalId(),
  afterId: field.optionalWhole(),
});

/** POST /api/chat/page {roomId, pageSize (20), lastId? (older than), afterId? (newer than; 0: from the first)} → {list (oldest first), hasMore}. */
liveChatRoutes.post('/chat/page', async (c) => {
  const { pageSize, roomId, lastId, afterId } = await read(c, chatPageInput);
  const page = await live(c).chat.page({ roomId }, { pageSize, beforeId: lastId, afterId });
  return ok(c, page);
});

const roomInput = z.object({ roomId: field.id() });

/**
 * POST /api/chat/welcome {roomId} → {welcome, notice, entry, me (the logged-in caller's part of the room, or
 * null), saveData}; a noble's or Lv5+ entry is announced to the room. `saveData`: the request came with
 * `Save-Data: on`, which the room's page (one cached copy for everyone) cannot see: the player then
 * takes its lowest line (src/lib/live/line-choice.ts).
 */
liveChatRoutes.post('/chat/welcome', async (c) => {
  const { roomId } = await read(c, roomInput);
  const welcome = await live(c).welcome.room(roomId, c.var.user?.id ?? null);
  return ok(c, { ...welcome, saveData: c.req.header('save-data')?.trim().toLowerCase() === 'on' });
});

/** POST /api/chat/msg {roomId, content, atUserId?, atNickName?, barrage? (style id), platform=1} → the ChatMessage. */
liveChatRoutes.post('/chat/msg', requireUser, LIMIT.chat, async (c) => {
  const { roomId, ...message } = await read(c, roomChatInput);
  return ok(c, await live(c).chat.send(caller(c).id, { roomId }, message));
});

/** GET /api/chat/gift/all → [{id, name, icon, price (球钻), tier (animation 1–3)}]. */
liveChatRoutes.get('/chat/gift/all', async (c) => ok(c, await c.var.app.services.wallet.gifts.catalogue()));

/** GET /api/chat/barrage/all → [{id, name, color, minLevel, nobilityLevel}]. */
liveChatRoutes.get('/chat/barrage/all', (c) => ok(c, BARRAGE_STYLES));

/** GET /api/chat/info?roomId → the chat rules for the caller: {slowMode, maxLength, burst, role, forbidden, canSend, levelGates, rules}. */
liveChatRoutes.get('/chat/info', async (c) => {
  const { roomId } = await read(c, roomInput);
  return ok(c, await live(c).welcome.roomInfo(roomId, c.var.user?.id ?? null));
});

const nobilityActivateInput = z.object({
  nobilityId: field.count(),
  months: field.count({ fallback: 1 }),
  requestId: field.str(),
  roomId: field.optionalId(),
});

/** GET /api/nobility/active?nobilityId&months (1|3|6|12)&roomId?&requestId → {nobility, cost, balance} (trade type 15). */
liveChatRoutes.get(
  '/nobility/active',
  requireUser,
  rateLimit({ name: 'nobility', max: 30, windowMs: 600_000 }),
  async (c) => {
    const { nobilityId, months, requestId, roomId } = await read(c, nobilityActivateInput);
    const result = await live(c).nobility.activate(caller(c).id, {
      tierId: nobilityId,
      months,
      key: requestKey(c, requestId),
      roomId,
    });
    return ok(c, result);
  },
);

/** GET /api/nobility/bubble → {list: BUBBLES, mine}. */
liveChatRoutes.get('/nobility/bubble', async (c) =>
  ok(c, await live(c).nobility.bubbles(c.var.user?.id ?? null)),
);

/** GET /api/nobility/bag → {current (tier + expiresAt) | null, bubble, tiers}. */
liveChatRoutes.get('/nobility/bag', requireUser, async (c) =>
  ok(c, await live(c).nobility.bag(caller(c).id)),
);

const hornListInput = z.object({ page: field.page(), pageSize: field.pageSize(20, 50) });

/** GET /api/horn/list?page&pageSize → {list [{id, nickName, content, roomId, createdAt}], total}. */
liveChatRoutes.get('/horn/list', async (c) => {
  const { page, pageSize } = await read(c, hornListInput);
  return ok(c, await live(c).horns.list(page, pageSize));
});

/** GET /api/horn/info → {price (for the caller), basePrice, maxLength, showSeconds}. */
liveChatRoutes.get('/horn/info', async (c) => ok(c, await live(c).horns.info(c.var.user?.level ?? null)));

const hornSendInput = z.object({ content: field.str(), roomId: field.optionalId(), requestId: field.str() });

/** POST /api/horn/send {content, roomId?, requestId} → {horn, balance}: paid (trade type 8), shown in every live room. */
liveChatRoutes.post(
  '/horn/send',
  requireUser,
  rateLimit({ name: 'horn', max: 10, windowMs: 600_000 }),
  async (c) => {
    const { requestId, ...horn } = await read(c, hornSendInput);
    return ok(c, await live(c).horns.send(c.var.user, { ...horn, key: requestKey(c, requestId) }));
  },
);

const redPacketSendInput = z.object({
  roomId: field.id(),
  total: field.count(),
  count: field.count(),
  mode: field.count(),
  password: field.optionalStr(),
  requestId: field.str(),
  opensOn: field.optionalOneOf(PACKET_OPENERS, MATCH_PACKET_MSG.opener),
});

/**
 * POST /api/redPacket/send {roomId, total, count, mode (1 random, 2 equal), password?, requestId, opensOn?}
 * → the packet (trade type 10). `opensOn` 'goal' | 'half' arms a match packet (比赛红包, the room's anchor).
 */
liveChatRoutes.post(
  '/redPacket/send',
  requireUser,
  rateLimit({ name: 'red-packet', max: 20, windowMs: 600_000 }),
  async (c) => {
    const { requestId, ...packet } = await read(c, redPacketSendInput);
    const sent = await live(c).redPackets.send(caller(c).id, { ...packet, key: requestKey(c, requestId) });
    return ok(c, sent);
  },
);

const redPacketGrabInput = z.object({ packetId: field.id(), password: field.optionalStr() });

/** POST /api/redPacket/grab {packetId, password?} → {amount, balance, packet} (trade type 11). */
liveChatRoutes.post(
  '/redPacket/grab',
  requireUser,
  rateLimit({ name: 'red-packet-grab', max: 60, windowMs: 60_000 }),
  async (c) => {
    const { packetId, password } = await read(c, redPacketGrabInput);
    return ok(c, await live(c).redPackets.grab(caller(c).id, packetId, password));
  },
);

const redPacketDetailInput = z.object({ packetId: field.id() });

/** GET /api/redPacket/detail?packetId → the packet with its grabs (who took how much, the luckiest). */
liveChatRoutes.get('/redPacket/detail', async (c) => {
  const { packetId } = await read(c, redPacketDetailInput);
  return ok(c, await live(c).redPackets.detail(packetId, c.var.user?.id ?? null));
});

/** GET /api/redPacket/list?roomId → the room's packets of the last day. */
liveChatRoutes.get('/redPacket/list', async (c) => {
  const { roomId } = await read(c, roomInput);
  return ok(c, await live(c).redPackets.list(roomId, c.var.user?.id ?? null));
});
