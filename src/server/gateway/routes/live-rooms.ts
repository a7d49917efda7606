import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, q, text, validate } from '../../validate.ts';
import { caller, live, optionalId, optionalInt, optionalText, requiredId, viewer } from './live-input.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — rooms: lists, one room, the anchor's room controls (spec §7 "Live room service"). */
export const roomRoutes = new Hono<GatewayEnv>();

const roomIdQuery = z.object({ roomId: q.id() });

/** GET /api/nav/list → [{id, name, live}]: the categories (1 足球, 2 篮球, 3 电竞, 4 其他) and how many are live. */
roomRoutes.get('/nav/list', async (c) => ok(c, await live(c).rooms.navs()));

/**
 * GET /api/room/page?roomType (0 all, live first | 1 live only)&navId&roomId (left out)&word&page&pageSize (30)&version
 * → {list: RoomCard[], total, page, pageSize, version}; when `version` is the current one: {unchanged: true, version}.
 */
roomRoutes.get('/room/page', async (c) => {
  const query = validate(
    z.object({
      roomType: z.coerce.number().int().min(0).max(1).default(0),
      navId: z.coerce.number().int().min(1).max(4).optional(),
      roomId: q.id().optional(),
      word: z.string().trim().max(30).optional(),
      page: q.page(),
      pageSize: q.pageSize(30, 60),
      version: z.string().max(20).optional(),
    }),
    c.req.query(),
  );
  const result = await live(c).rooms.page({
    ...query,
    roomType: query.roomType as 0 | 1,
    excludeRoomId: query.roomId,
  });
  if (query.version && query.version === result.version)
    return ok(c, { unchanged: true, version: result.version });
  return ok(c, result);
});

/** GET /api/room/detail?roomId → RoomCard + {notice, slowMode, followers, isFollowed, role, forbidden, pullUrls[{name, url}], schedule, replays, demo}. */
roomRoutes.get('/room/detail', async (c) => {
  const { roomId } = validate(roomIdQuery, c.req.query());
  return ok(c, await live(c).rooms.detail(roomId, viewer(c)));
});

/** GET /api/room/info?roomId → {roomId, title, notice, liveState, heat, liveSince, slowMode, matchId, match}. */
roomRoutes.get('/room/info', async (c) => {
  const { roomId } = validate(roomIdQuery, c.req.query());
  return ok(c, await live(c).rooms.info(roomId));
});

/** GET /api/room/hotAppRoom?size (10, at most 50) → RoomCard[]: live rooms by heat. */
roomRoutes.get('/room/hotAppRoom', async (c) => {
  const { size } = validate(z.object({ size: q.pageSize(10, 50) }), c.req.query());
  return ok(c, await live(c).rooms.hot(size));
});

/** The room settings an anchor may send with /room/up and /room/update. */
function settingsOf(input: Record<string, unknown>) {
  return {
    title: optionalText(input, 'title'),
    cover: optionalText(input, 'cover') || undefined,
    navId: optionalId(input, 'navId'),
    matchId: optionalInt(input, 'matchId'),
    notice: optionalText(input, 'notice'),
    slowMode: optionalInt(input, 'slowMode'),
  };
}

/** POST /api/room/up {title?, navId?, matchId?, cover?} (anchor) → {roomId, liveState 1, push{server, streamKey, url, expiresAt}, pullUrls}. */
roomRoutes.post('/room/up', requireUser, LIMIT.room, async (c) => {
  const input = await readInput(c);
  return ok(c, await live(c).roomAdmin.up(caller(c), settingsOf(input)));
});

/** GET /api/room/down?roomId (its anchor, or an operator) → {roomId, liveState 0}. */
roomRoutes.get('/room/down', requireUser, async (c) => {
  const { roomId } = validate(roomIdQuery, c.req.query());
  return ok(c, await live(c).roomAdmin.down(roomId, caller(c)));
});

/**
 * POST /api/room/audit {roomId, approved (1 | 0), reason (required when suspending)} (operators)
 * → {roomId, auditState}: suspend a room (a live one goes offline at once) or lift it; ops log.
 */
roomRoutes.post('/room/audit', requireAccess('live.manage'), LIMIT.room, async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await live(c).roomAdmin.setAuditState(
      caller(c),
      requiredId(input, 'roomId'),
      flag(input.approved),
      text(input.reason),
    ),
  );
});

/** GET /api/room/settings (anchor) → {room, push, demo}: /v/anchor-set. */
roomRoutes.get('/room/settings', requireUser, async (c) =>
  ok(c, await live(c).roomAdmin.settings(caller(c))),
);

/** POST /api/room/update {title?, cover?, navId?, matchId? (0 unlinks), notice?, slowMode?} (anchor) → the room. */
roomRoutes.post('/room/update', requireUser, LIMIT.room, async (c) => {
  const input = await readInput(c);
  const room = await live(c).roomAdmin.update(caller(c), settingsOf(input));
  const { streamSecret: _s, ...view } = room;
  return ok(c, view);
});

/** POST /api/room/resetKey (anchor) → a new push {server, streamKey, url, expiresAt}; old stream keys stop working. */
roomRoutes.post('/room/resetKey', requireUser, async (c) =>
  ok(c, await live(c).roomAdmin.resetKey(caller(c))),
);

/** GET /api/search/roomByWord?word&type (1 rooms, 2 anchors)&page&pageSize → {list, total, page, pageSize}. */
roomRoutes.get('/search/roomByWord', async (c) => {
  const query = validate(
    z.object({
      word: z.string().trim().min(1).max(30),
      type: z.coerce.number().int().min(1).max(2).default(1),
      page: q.page(),
      pageSize: q.pageSize(30, 60),
    }),
    c.req.query(),
  );
  if (query.type === 2) return ok(c, await live(c).anchors.pageList(query));
  const { version: _v, ...rooms } = await live(c).rooms.page({
    roomType: 0,
    word: query.word,
    page: query.page,
    pageSize: query.pageSize,
  });
  return ok(c, rooms);
});

/** GET /api/history/list?roomId&startDate&endDate (YYYY-MM-DD)&page&pageSize → sessions; `income` (球票) only for the room's anchor. */
roomRoutes.get('/history/list', async (c) => {
  const query = validate(
    z.object({
      roomId: q.id(),
      startDate: z.string().optional(),
      endDate: z.string().optional(),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
    }),
    c.req.query(),
  );
  return ok(c, await live(c).history.list(viewer(c), query));
});

/** POST /api/back/pageByRoom {roomId?, page, pageSize} → replays {list, total, page, pageSize}. */
roomRoutes.post('/back/pageByRoom', async (c) => {
  const input = await readInput(c);
  const { page, pageSize } = validate(z.object({ page: q.page(), pageSize: q.pageSize(30, 60) }), {
    page: text(input.page) || undefined,
    pageSize: text(input.pageSize) || undefined,
  });
  return ok(c, await live(c).history.replays({ roomId: optionalId(input, 'roomId'), page, pageSize }));
});

/** GET /api/back/detail?recordId → one replay with replayUrl and its match. */
roomRoutes.get('/back/detail', async (c) => {
  const { recordId } = validate(z.object({ recordId: q.id() }), c.req.query());
  return ok(c, await live(c).history.replay(recordId));
});

/** GET /api/match/list?anchorId → the anchor's announced broadcasts [{id, title, startAt, matchId, match}]. */
roomRoutes.get('/match/list', async (c) => {
  const { anchorId } = validate(z.object({ anchorId: q.id() }), c.req.query());
  return ok(c, await live(c).schedules.ofAnchor(anchorId));
});

/** GET /api/match/pcAnchorByMatch?matchId&matchType → {rooms: RoomCard[] linked to the match, anchors: who announced it}. */
roomRoutes.get('/match/pcAnchorByMatch', async (c) => {
  const { matchId } = validate(
    z.object({ matchId: q.id(), matchType: z.coerce.number().int().min(1).max(2).optional() }),
    c.req.query(),
  );
  const [rooms, announced] = await Promise.all([
    live(c).rooms.forMatch(matchId),
    live(c).schedules.anchorsFor([matchId]),
  ]);
  return ok(c, { rooms, anchors: announced.get(matchId) ?? [] });
});
