import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { invalidParam, unauthorized } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { q, validate } from '../../validate.ts';
import { caller, live } from './live-input.ts';

/** /svc/api — anchors as users: recommendations, hot lists, the directory, profiles, follows. */
export const liveUserRoutes = new Hono<GatewayEnv>();

/** Anchor rows: {id, nickName, portrait, level, signature, followers, roomId, title, cover, navId, liveState, heat}. */

/** GET /api/user/recommend?size (8) → anchors, live first. */
liveUserRoutes.get('/user/recommend', async (c) => {
  const { size } = validate(z.object({ size: q.pageSize(8, 30) }), c.req.query());
  return ok(c, await live(c).anchors.recommend(size));
});

/** GET /api/user/info?userId (default: the caller) → anchor row + {isAnchor, nobility, isFollowed}. */
liveUserRoutes.get('/user/info', async (c) => {
  const { userId } = validate(z.object({ userId: q.id().optional() }), c.req.query());
  const id = userId ?? c.var.user?.id;
  if (!id) throw unauthorized();
  return ok(c, await live(c).anchors.info(id, c.var.user?.id ?? null));
});

/** GET /api/user/coin → {balance (球钻), ticket (球票)} of the caller. */
liveUserRoutes.get('/user/coin', requireUser, async (c) => {
  const { balance, ticket } = await c.var.app.services.wallet.ledger.balances(caller(c).id);
  return ok(c, { balance, ticket });
});

/** GET /api/user/hot?size (20)&type (a category id, optional) → the hottest anchors. */
liveUserRoutes.get('/user/hot', async (c) => {
  const { size, type } = validate(
    z.object({ size: q.pageSize(20, 50), type: z.coerce.number().int().min(0).max(4).default(0) }),
    c.req.query(),
  );
  return ok(c, await live(c).anchors.hot(size, type || undefined));
});

/** GET /api/user/pageList?page&pageSize (30)&word → {list, total, page, pageSize}: the anchor directory. */
liveUserRoutes.get('/user/pageList', async (c) => {
  const query = validate(
    z.object({ page: q.page(), pageSize: q.pageSize(30, 60), word: z.string().trim().max(30).optional() }),
    c.req.query(),
  );
  return ok(c, await live(c).anchors.pageList(query));
});

/**
 * Attention for anchors. `type` / `attentionType` 1 (or 'anchor') is an anchor; other types belong
 * to the sports engine (followed matches), so these handlers pass them on to its routes.
 */
const isAnchorType = (v: string | undefined) => v === '1' || v === 'anchor';

/** GET /api/attention/operAttention?targetId&operateType (1 follow, 0 unfollow)&type=1 → {anchorId, isFollowed, followers}. */
liveUserRoutes.get('/attention/operAttention', async (c, next) => {
  if (!isAnchorType(c.req.query('type'))) return next();
  if (!c.var.user) throw unauthorized();
  const { targetId, operateType } = validate(
    z.object({ targetId: q.id(), operateType: z.coerce.number().int().min(0).max(2) }),
    c.req.query(),
  );
  if (operateType === 2) throw invalidParam('operateType', MSG.followOperateRule);
  return ok(c, await live(c).anchors.follow(c.var.user.id, targetId, operateType === 1));
});

/** GET /api/attention/pageAttention?attentionType=1&page&pageSize (30) → followed anchors, live first. */
liveUserRoutes.get('/attention/pageAttention', async (c, next) => {
  if (!isAnchorType(c.req.query('attentionType'))) return next();
  if (!c.var.user) throw unauthorized();
  const { page, pageSize } = validate(
    z.object({ page: q.page(), pageSize: q.pageSize(30, 100) }),
    c.req.query(),
  );
  return ok(c, await live(c).anchors.followed(c.var.user.id, page, pageSize));
});
