import { Hono } from 'hono';
import { z } from 'zod';
import { RANK_PERIODS } from '../../services/wallet/gifts.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, requestKey } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/pay — what the live rooms pay for: gifts, the contribution ranking and nobility. */
export const roomPayRoutes = new Hono<GatewayEnv>();

const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;

/**
 * GET /pay/room/nobility/list → {tiers[{id, name, level, monthlyPrice, renewPrice, perks{bubble,
 * entryEffect, badge, renewDiscount}, color}], current{id, name, expiresAt}|null (null for visitors)}.
 */
roomPayRoutes.get('/room/nobility/list', async (c) => {
  const { user } = c.var;
  const [tiers, current] = await Promise.all([
    wallet(c).nobility.list(),
    user ? wallet(c).nobility.active(user.id) : null,
  ]);
  return ok(c, { tiers, current });
});

const nobilityPurchaseInput = z.object({
  nobilityId: field.count(),
  months: field.count({ fallback: 1 }),
  requestId: field.str(),
});

/**
 * POST /pay/room/nobility/purchase {nobilityId, months (1|3|6|12, default 1), requestId?} →
 * {nobility{id, name, expiresAt}, cost, balance}. Trade type 15.
 */
roomPayRoutes.post(
  '/room/nobility/purchase',
  requireUser,
  rateLimit({ name: 'nobility', max: 30, windowMs: 600_000 }),
  async (c) => {
    const { nobilityId, months, requestId } = await read(c, nobilityPurchaseInput);
    const result = await wallet(c).nobility.purchase(c.var.user.id, {
      tierId: nobilityId,
      months,
      key: requestKey(c, requestId),
    });
    return ok(c, result);
  },
);

const giftInput = z.object({
  roomId: field.optionalCount(),
  giftId: field.count(),
  anchorId: field.optionalCount(),
  count: field.count({ fallback: 1 }),
  requestId: field.str(),
});

/**
 * POST /pay/gift {giftId, anchorId | roomId, count (default 1), requestId?} → {gift{id, name, icon, price,
 * tier}, count, cost, tickets, balance, anchor{id, nickName}, recordId, combo, heat}. 球钻 from the caller
 * (type 2), 球票 to the anchor (type 9), in one ledger transfer.
 */
roomPayRoutes.post(
  '/gift',
  requireUser,
  rateLimit({ name: 'gift', max: 120, windowMs: 60_000 }),
  async (c) => {
    const { requestId, ...gift } = await read(c, giftInput);
    // With a roomId the live rooms pay through the wallet and show the gift to the room (live/room-gifts.ts).
    const result = await c.var.app.services.live.gifts.send(c.var.user.id, {
      ...gift,
      key: requestKey(c, requestId),
    });
    return ok(c, result);
  },
);

const giverRankInput = z.object({
  anchorId: field.id(),
  rankType: field.oneOf(RANK_PERIODS, { fallback: 'total' }),
});

/**
 * GET /pay/room/user/rank?anchorId&rankType (day|week|month|total, default total) → the top 20
 * [{rank, userId, nickName, portrait, level, amount (球钻 given), nobility|null}].
 */
roomPayRoutes.get('/room/user/rank', async (c) => {
  const { anchorId, rankType } = await read(c, giverRankInput);
  return ok(c, await wallet(c).gifts.rank(anchorId, rankType));
});
