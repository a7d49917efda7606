import { Hono } from 'hono';
import { z } from 'zod';
import { RANK_PERIODS } from '../../services/wallet/gifts.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { requestKey, wholeNumber } from './wallet-input.ts';

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

/**
 * POST /pay/room/nobility/purchase {nobilityId, months (1|3|6|12, default 1), requestId?} →
 * {nobility{id, name, expiresAt}, cost, balance}. Trade type 15.
 */
roomPayRoutes.post(
  '/room/nobility/purchase',
  requireUser,
  rateLimit({ name: 'nobility', max: 30, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const result = await wallet(c).nobility.purchase(c.var.user.id, {
      tierId: wholeNumber(input, 'nobilityId'),
      months: text(input.months) ? wholeNumber(input, 'months') : 1,
      key: requestKey(c, input),
    });
    return ok(c, result);
  },
);

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
    const input = await readInput(c);
    // With a roomId the live rooms pay through the wallet and show the gift to the room (live/room-gifts.ts).
    const result = await c.var.app.services.live.gifts.send(c.var.user.id, {
      roomId: text(input.roomId) ? wholeNumber(input, 'roomId') : undefined,
      giftId: wholeNumber(input, 'giftId'),
      anchorId: text(input.anchorId) ? wholeNumber(input, 'anchorId') : undefined,
      count: text(input.count) ? wholeNumber(input, 'count') : 1,
      key: requestKey(c, input),
    });
    return ok(c, result);
  },
);

/**
 * GET /pay/room/user/rank?anchorId&rankType (day|week|month|total, default total) → the top 20
 * [{rank, userId, nickName, portrait, level, amount (球钻 given), nobility|null}].
 */
roomPayRoutes.get('/room/user/rank', async (c) => {
  const { anchorId, rankType } = validate(
    z.object({ anchorId: q.id(), rankType: z.enum(RANK_PERIODS).default('total') }),
    c.req.query(),
  );
  return ok(c, await wallet(c).gifts.rank(anchorId, rankType));
});
