import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { caller, live, viewer } from './live-context.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — rooms: lists, one room, the anchor's room controls (spec §7 "Live room service"). */
export const roomRoutes = new Hono<GatewayEnv>();

const roomInput = z.object({ roomId: field.id() });

/** GET /api/nav/list → [{id, name, live}]: the categories (1 足球, 2 篮球, 3 电竞, 4 其他) and how many are live. */
roomRoutes.get('/nav/list', async (c) => ok(c, await live(c).rooms.navs()));

const roomPageInput = z.object({
  roomType: field.int(0, 1, 0),
  navId: field.optionalInt(1, 4),
  roomId: field.optionalId(),
  word: field.optionalStr({ max: 30 }),
  page: field.page(),
  pageSize: field.pageSize(30, 60),
  version: field.optionalStr({ max: 20 }),
});

/**
 * GET /api/room/page?roomType (0 all, live first | 1 live only)&navId&roomId (left out)&word&page&pageSize (30)&version
 * → {list: RoomCard[], total, page, pageSize, version}; when `version` is the current one: {unchanged: true, version}.
 */
roomRoutes.get('/room/page', async (c) => {
  const query = await read(c, roomPageInput);
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
  const { roomId } = await read(c, roomInput);
  return ok(c, await live(c).rooms.detail(roomId, viewer(c)));
});

/** GET /api/room/info?roomId → {roomId, title, notice, liveState, heat, liveSince, slowMode, matchId, match}. */
roomRoutes.get('/room/info', async (c) => {
  const { roomId } = await read(c, roomInput);
  return ok(c, await live(c).rooms.info(roomId));
});

const hotRoomsInput = z.object({ size: field.pageSize(10, 50) });

/** GET /api/room/hotAppRoom?size (10, at most 50) → RoomCard[]: live rooms by heat. */
roomRoutes.get('/room/hotAppRoom', async (c) => {
  const { size } = await read(c, hotRoomsInput);
  return ok(c, await live(c).rooms.hot(size));
});

/** The room settings an anchor may send with /room/up and /room/update; what is not sent stays as it is. */
const roomSettingsInput = z.object({
  title: field.strIfSent(),
  cover: field.optionalStr(),
  navId: field.optionalId(),
  matchId: field.optionalWhole(),
  notice: field.strIfSent(),
  slowMode: field.optionalWhole(),
});

/** POST /api/room/up {title?, navId?, matchId?, cover?} (anchor) → {roomId, liveState 1, push{server, streamKey, url, expiresAt}, pullUrls}. */
roomRoutes.post('/room/up', requireUser, LIMIT.room, async (c) =>
  ok(c, await live(c).roomAdmin.up(caller(c), await read(c, roomSettingsInput))),
);

/** GET /api/room/down?roomId (its anchor, or an operator) → {roomId, liveState 0}. */
roomRoutes.get('/room/down', requireUser, async (c) => {
  const { roomId } = await read(c, roomInput);
  return ok(c, await live(c).roomAdmin.down(roomId, caller(c)));
});

const roomAuditInput = z.object({ roomId: field.id(), approved: field.flag(), reason: field.str() });

/**
 * POST /api/room/audit {roomId, approved (1 | 0), reason (required when suspending)} (operators)
 * → {roomId, auditState}: suspend a room (a live one goes offline at once) or lift it; ops log.
 */
roomRoutes.post('/room/audit', requireAccess('live.manage'), LIMIT.room, async (c) => {
  const { roomId, approved, reason } = await read(c, roomAuditInput);
  return ok(c, await live(c).roomAdmin.setAuditState(caller(c), roomId, approved, reason));
});

/** GET /api/room/settings (anchor) → {room, push, demo}: /v/anchor-set. */
roomRoutes.get('/room/settings', requireUser, async (c) =>
  ok(c, await live(c).roomAdmin.settings(caller(c))),
);

/** POST /api/room/update {title?, cover?, navId?, matchId? (0 unlinks), notice?, slowMode?} (anchor) → the room. */
roomRoutes.post('/room/update', requireUser, LIMIT.room, async (c) => {
  const room = await live(c).roomAdmin.update(caller(c), await read(c, roomSettingsInput));
  const { streamSecret: _s, ...view } = room;
  return ok(c, view);
});

/** POST /api/room/resetKey (anchor) → a new push {server, streamKey, url, expiresAt}; old stream keys stop working. */
roomRoutes.post('/room/resetKey', requireUser, async (c) =>
  ok(c, await live(c).roomAdmin.resetKey(caller(c))),
);

const roomSearchInput = z.object({
  word: field.requiredStr({ max: 30 }),
  type: field.int(1, 2, 1),
  page: field.page(),
  pageSize: field.pageSize(30, 60),
});

/** GET /api/search/roomByWord?word&type (1 rooms, 2 anchors)&page&pageSize → {list, total, page, pageSize}. */
roomRoutes.get('/search/roomByWord', async (c) => {
  const query = await read(c, roomSearchInput);
  if (query.type === 2) return ok(c, await live(c).anchors.pageList(query));
  const { version: _v, ...rooms } = await live(c).rooms.page({
    roomType: 0,
    word: query.word,
    page: query.page,
    pageSize: query.pageSize,
  });
  return ok(c, rooms);
});

const historyInput = z.object({
  roomId: field.id(),
  startDate: field.optionalStr(),
  endDate: field.optionalStr(),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
});

/** GET /api/history/list?roomId&startDate&endDate (YYYY-MM-DD)&page&pageSize → sessions; `income` (球票) only for the room's anchor. */
roomRoutes.get('/history/list', async (c) =>
  ok(c, await live(c).history.list(viewer(c), await read(c, historyInput))),
);

const replaysInput = z.object({
  page: field.page(),
  pageSize: field.pageSize(30, 60),
  roomId: field.optionalId(),
});

/** POST /api/back/pageByRoom {roomId?, page, pageSize} → replays {list, total, page, pageSize}. */
roomRoutes.post('/back/pageByRoom', async (c) =>
  ok(c, await live(c).history.replays(await read(c, replaysInput))),
);

const replayInput = z.object({ recordId: field.id() });

/** GET /api/back/detail?recordId → one replay with replayUrl and its match. */
roomRoutes.get('/back/detail', async (c) => {
  const { recordId } = await read(c, replayInput);
  return ok(c, await live(c).history.replay(recordId));
});

const anchorSchedulesInput = z.object({ anchorId: field.id() });

/** GET /api/match/list?anchorId → the anchor's announced broadcasts [{id, title, startAt, matchId, match}]. */
roomRoutes.get('/match/list', async (c) => {
  const { anchorId } = await read(c, anchorSchedulesInput);
  return ok(c, await live(c).schedules.ofAnchor(anchorId));
});

const matchRoomsInput = z.object({ matchId: field.id(), matchType: field.optionalInt(1, 2) });

/** GET /api/match/pcAnchorByMatch?matchId&matchType → {rooms: RoomCard[] linked to the match, anchors: who announced it}. */
roomRoutes.get('/match/pcAnchorByMatch', async (c) => {
  const { matchId } = await read(c, matchRoomsInput);
  const [rooms, announced] = await Promise.all([
    live(c).rooms.forMatch(matchId),
    live(c).schedules.anchorsFor([matchId]),
  ]);
  return ok(c, { rooms, anchors: announced.get(matchId) ?? [] });
});
