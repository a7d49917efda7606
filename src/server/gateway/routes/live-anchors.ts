import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { unauthorized } from '../../errors.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { caller, live } from './live-context.ts';

/** /svc/api — anchors as users: recommendations, hot lists, the directory, profiles, follows. */
export const liveUserRoutes = new Hono<GatewayEnv>();

/** Anchor rows: {id, nickName, portrait, level, signature, followers, roomId, title, cover, navId, liveState, heat}. */

const recommendInput = z.object({ size: field.pageSize(8, 30) });

/** GET /api/user/recommend?size (8) → anchors, live first. */
liveUserRoutes.get('/user/recommend', async (c) => {
  const { size } = await read(c, recommendInput);
  return ok(c, await live(c).anchors.recommend(size));
});

const anchorInfoInput = z.object({ userId: field.optionalId() });

/** GET /api/user/info?userId (default: the caller) → anchor row + {isAnchor, nobility, isFollowed}. */
liveUserRoutes.get('/user/info', async (c) => {
  const { userId } = await read(c, anchorInfoInput);
  const id = userId ?? c.var.user?.id;
  if (!id) throw unauthorized();
  return ok(c, await live(c).anchors.info(id, c.var.user?.id ?? null));
});

/** GET /api/user/coin → {balance (球钻), ticket (球票)} of the caller. */
liveUserRoutes.get('/user/coin', requireUser, async (c) => {
  const { balance, ticket } = await c.var.app.services.wallet.ledger.balances(caller(c).id);
  return ok(c, { balance, ticket });
});

const hotAnchorsInput = z.object({ size: field.pageSize(20, 50), type: field.int(0, 4, 0) });

/** GET /api/user/hot?size (20)&type (a category id, optional) → the hottest anchors. */
liveUserRoutes.get('/user/hot', async (c) => {
  const { size, type } = await read(c, hotAnchorsInput);
  return ok(c, await live(c).anchors.hot(size, type || undefined));
});

const anchorDirectoryInput = z.object({
  page: field.page(),
  pageSize: field.pageSize(30, 60),
  word: field.optionalStr({ max: 30 }),
});

/** GET /api/user/pageList?page&pageSize (30)&word → {list, total, page, pageSize}: the anchor directory. */
liveUserRoutes.get('/user/pageList', async (c) =>
  ok(c, await live(c).anchors.pageList(await read(c, anchorDirectoryInput))),
);

/**
 * Attention for anchors. `type` / `attentionType` 1 (or 'anchor') is an anchor; other types belong
 * to the sports engine (followed matches), so these handlers pass them on to its routes.
 */
const isAnchorType = (v: string) => v === '1' || v === 'anchor';
const followKindInput = z.object({ type: field.str() });
const followedKindInput = z.object({ attentionType: field.str() });
const followInput = z.object({
  targetId: field.id(),
  operateType: field.int(0, 2).refine((op) => op !== 2, MSG.followOperateRule),
});
const followedInput = z.object({ page: field.page(), pageSize: field.pageSize(30, 100) });

/** GET /api/attention/operAttention?targetId&operateType (1 follow, 0 unfollow)&type=1 → {anchorId, isFollowed, followers}. */
liveUserRoutes.get('/attention/operAttention', async (c, next) => {
  if (!isAnchorType((await read(c, followKindInput)).type)) return next();
  if (!c.var.user) throw unauthorized();
  const { targetId, operateType } = await read(c, followInput);
  return ok(c, await live(c).anchors.follow(c.var.user.id, targetId, operateType === 1));
});

/** GET /api/attention/pageAttention?attentionType=1&page&pageSize (30) → followed anchors, live first. */
liveUserRoutes.get('/attention/pageAttention', async (c, next) => {
  if (!isAnchorType((await read(c, followedKindInput)).attentionType)) return next();
  if (!c.var.user) throw unauthorized();
  const { page, pageSize } = await read(c, followedInput);
  return ok(c, await live(c).anchors.followed(c.var.user.id, page, pageSize));
});
