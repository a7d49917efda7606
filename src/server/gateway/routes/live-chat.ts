import { Hono } from 'hono';
import { z } from 'zod';
import { MATCH_PACKET_MSG, PACKET_OPENERS, type PacketOpener } from '../../../lib/live/match-packets.ts';
import { invalidParam } from '../../errors.ts';
import { BARRAGE_STYLES, CHAT } from '../../../lib/live/rules.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { requestKey, wholeNumber } from './wallet-input.ts';
import { readChatSend } from '../../services/live/chat-input.ts';
import { afterId, caller, live, optionalId, requiredId } from './live-input.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — room chat, gifts catalogue, barrage styles, nobility, horns and red packets. */
export const liveChatRoutes = new Hono<GatewayEnv>();

/** POST /api/chat/page {roomId, pageSize (20), lastId? (older than), afterId? (newer than; 0: from the first)} → {list (oldest first), hasMore}. */
liveChatRoutes.post('/chat/page', async (c) => {
  const input = await readInput(c);
  const { pageSize } = validate(z.object({ pageSize: q.pageSize(CHAT.pageSize, 50) }), {
    pageSize: text(input.pageSize) || undefined,
  });
  const page = await live(c).chat.page(
    { roomId: requiredId(input, 'roomId') },
    { pageSize, beforeId: optionalId(input, 'lastId'), afterId: afterId(input) },
  );
  return ok(c, page);
});

/**
 * POST /api/chat/welcome {roomId} → {welcome, notice, entry, me (the logged-in caller's part of the room, or
 * null), saveData}; a noble's or Lv5+ entry is announced to the room. `saveData`: the request came with
 * `Save-Data: on`, which the room's page (one cached copy for everyone) cannot see: the player then
 * takes its lowest line (src/lib/live/line-choice.ts).
 */
liveChatRoutes.post('/chat/welcome', async (c) => {
  const input = await readInput(c);
  const welcome = await live(c).welcome.room(requiredId(input, 'roomId'), c.var.user?.id ?? null);
  return ok(c, { ...welcome, saveData: c.req.header('save-data')?.trim().toLowerCase() === 'on' });
});

/** POST /api/chat/msg {roomId, content, atUserId?, atNickName?, barrage? (style id), platform=1} → the ChatMessage. */
liveChatRoutes.post('/chat/msg', requireUser, LIMIT.chat, async (c) => {
  const { target, message } = readChatSend(await readInput(c), 'roomId');
  return ok(c, await live(c).chat.send(caller(c).id, target, message));
});

/** GET /api/chat/gift/all → [{id, name, icon, price (球钻), tier (animation 1–3)}]. */
liveChatRoutes.get('/chat/gift/all', async (c) => ok(c, await c.var.app.services.wallet.gifts.catalogue()));

/** GET /api/chat/barrage/all → [{id, name, color, minLevel, nobilityLevel}]. */
liveChatRoutes.get('/chat/barrage/all', (c) => ok(c, BARRAGE_STYLES));

/** GET /api/chat/info?roomId → the chat rules for the caller: {slowMode, maxLength, burst, role, forbidden, canSend, levelGates, rules}. */
liveChatRoutes.get('/chat/info', async (c) => {
  const { roomId } = validate(z.object({ roomId: q.id() }), c.req.query());
  return ok(c, await live(c).welcome.roomInfo(roomId, c.var.user?.id ?? null));
});

/** GET /api/nobility/active?nobilityId&months (1|3|6|12)&roomId?&requestId → {nobility, cost, balance} (trade type 15). */
liveChatRoutes.get(
  '/nobility/active',
  requireUser,
  rateLimit({ name: 'nobility', max: 30, windowMs: 600_000 }),
  async (c) => {
    const input = c.req.query();
    const result = await live(c).nobility.activate(caller(c).id, {
      tierId: wholeNumber(input, 'nobilityId'),
      months: text(input.months) ? wholeNumber(input, 'months') : 1,
      key: requestKey(c, input),
      roomId: optionalId(input, 'roomId'),
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

/** GET /api/horn/list?page&pageSize → {list [{id, nickName, content, roomId, createdAt}], total}. */
liveChatRoutes.get('/horn/list', async (c) => {
  const { page, pageSize } = validate(
    z.object({ page: q.page(), pageSize: q.pageSize(20, 50) }),
    c.req.query(),
  );
  return ok(c, await live(c).horns.list(page, pageSize));
});

/** GET /api/horn/info → {price (for the caller), basePrice, maxLength, showSeconds}. */
liveChatRoutes.get('/horn/info', async (c) => ok(c, await live(c).horns.info(c.var.user?.level ?? null)));

/** POST /api/horn/send {content, roomId?, requestId} → {horn, balance}: paid (trade type 8), shown in every live room. */
liveChatRoutes.post(
  '/horn/send',
  requireUser,
  rateLimit({ name: 'horn', max: 10, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const user = c.var.user;
    return ok(
      c,
      await live(c).horns.send(user, {
        content: text(input.content),
        roomId: optionalId(input, 'roomId'),
        key: requestKey(c, input),
      }),
    );
  },
);

/**
 * POST /api/redPacket/send {roomId, total, count, mode (1 random, 2 equal), password?, requestId, opensOn?}
 * → the packet (trade type 10). `opensOn` 'goal' | 'half' arms a match packet (比赛红包, the room's anchor).
 */
liveChatRoutes.post(
  '/redPacket/send',
  requireUser,
  rateLimit({ name: 'red-packet', max: 20, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const packet = await live(c).redPackets.send(caller(c).id, {
      roomId: requiredId(input, 'roomId'),
      total: wholeNumber(input, 'total'),
      count: wholeNumber(input, 'count'),
      mode: wholeNumber(input, 'mode'),
      password: text(input.password) || undefined,
      key: requestKey(c, input),
      opensOn: openerOf(input.opensOn),
    });
    return ok(c, packet);
  },
);

function openerOf(v: unknown): PacketOpener | undefined {
  const on = text(v);
  if (!on) return undefined;
  if (!(PACKET_OPENERS as readonly string[]).includes(on))
    throw invalidParam('opensOn', MATCH_PACKET_MSG.opener);
  return on as PacketOpener;
}

/** POST /api/redPacket/grab {packetId, password?} → {amount, balance, packet} (trade type 11). */
liveChatRoutes.post(
  '/redPacket/grab',
  requireUser,
  rateLimit({ name: 'red-packet-grab', max: 60, windowMs: 60_000 }),
  async (c) => {
    const input = await readInput(c);
    return ok(
      c,
      await live(c).redPackets.grab(
        caller(c).id,
        requiredId(input, 'packetId'),
        text(input.password) || undefined,
      ),
    );
  },
);

/** GET /api/redPacket/detail?packetId → the packet with its grabs (who took how much, the luckiest). */
liveChatRoutes.get('/redPacket/detail', async (c) => {
  const { packetId } = validate(z.object({ packetId: q.id() }), c.req.query());
  return ok(c, await live(c).redPackets.detail(packetId, c.var.user?.id ?? null));
});

/** GET /api/redPacket/list?roomId → the room's packets of the last day. */
liveChatRoutes.get('/redPacket/list', async (c) => {
  const { roomId } = validate(z.object({ roomId: q.id() }), c.req.query());
  return ok(c, await live(c).redPackets.list(roomId, c.var.user?.id ?? null));
});
