import { Hono } from 'hono';
import { z } from 'zod';
import { YOULIAO_MSG } from '../../../lib/youliao/rules.ts';
import { forbidden, notFound } from '../../errors.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { cutInputOf, listQueryOf } from './youliao-input.ts';

/** 有料, the spec's "movie highlights list, detail and pay" (docs/youliao.md); URL prefix /svc/inform/movie. */
export const youliaoRoutes = new Hono<GatewayEnv>();
const yl = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.youliao;
const idOf = (name: string, raw: unknown) =>
  validate(z.object({ [name]: q.id() }), { [name]: text(raw) || undefined })[name] as number;

/** GET /inform/movie/list?sport(1|2)&sort(new|hot)&pageNum&pageSize → ready clips. */
youliaoRoutes.get('/movie/list', async (c) =>
  ok(c, await yl(c).views.list(listQueryOf(c.req.query()), c.var.user)),
);

/** GET /inform/movie/detail/{id} → the clip, with `playUrl` when the caller may watch it. */
youliaoRoutes.get('/movie/detail/:id', async (c) => {
  const clip = await yl(c).views.detail(idOf('id', c.req.param('id')), c.var.user);
  if (!clip) throw notFound(YOULIAO_MSG.clipUnknown);
  return ok(c, clip);
});

/** POST /inform/movie/pay {movieId} → {movieId, price, balance, tradeId, already}; once per user. */
youliaoRoutes.post('/movie/pay', requireUser, async (c) => {
  const movieId = idOf('movieId', (await readInput(c)).movieId);
  return ok(c, await yl(c).purchases.buy(c.var.user.id, movieId));
});

/** POST /inform/movie/cut {sessionId, start, end, title, price, sport?} → the clip, 处理中. */
youliaoRoutes.post(
  '/movie/cut',
  requireUser,
  rateLimit({ name: 'movie-cut', max: 30, windowMs: 60_000 }),
  async (c) => {
    const clip = await yl(c).cutter.cut(c.var.user, cutInputOf(await readInput(c)));
    return ok(c, await yl(c).views.detail(clip.id, c.var.user));
  },
);

/** GET /inform/movie/mine → the clips the caller owns or cut, every state. */
youliaoRoutes.get('/movie/mine', requireUser, async (c) => ok(c, await yl(c).views.mine(c.var.user)));

/** GET /inform/movie/replays → the finished replays the caller may cut, with their lengths. */
youliaoRoutes.get('/movie/replays', requireUser, async (c) => ok(c, await yl(c).replays(c.var.user)));

/** GET /inform/movie/purchased?pageNum&pageSize → the caller's bought clips. */
youliaoRoutes.get('/movie/purchased', requireUser, async (c) => {
  const { pageNum, pageSize } = listQueryOf(c.req.query());
  return ok(c, await yl(c).views.purchased(c.var.user.id, pageNum, pageSize));
});

/** POST /inform/movie/takedown {movieId, reason} (编辑, 管理员) → {id, takenDown: true}; in the ops log. */
youliaoRoutes.post('/movie/takedown', requireAccess('clips.takedown'), async (c) => {
  const input = await readInput(c);
  const id = idOf('movieId', input.movieId);
  return ok(c, await yl(c).takedowns.takeDown(c.var.user, id, text(input.reason)));
});

/** POST /inform/movie/restore {movieId, reason?} (编辑, 管理员) → {id, takenDown: false}; in the ops log. */
youliaoRoutes.post('/movie/restore', requireAccess('clips.takedown'), async (c) => {
  const input = await readInput(c);
  const id = idOf('movieId', input.movieId);
  return ok(c, await yl(c).takedowns.restore(c.var.user, id, text(input.reason)));
});

/**
 * GET /inform/movie/media/{id}/{file}?t: the playlist, segments and poster of a ready clip. A paid
 * clip's playlist and segments need the signed `t` of its play URL (or a caller who may watch it).
 * A clip taken down is served only to those who may still watch it (its buyers, anchor, staff):
 * checked on every file, for the user a signature was issued to as well, so a take-down stops
 * every other holder of an issued URL at once.
 */
youliaoRoutes.get('/movie/media/:id/:file', async (c) => {
  const id = idOf('id', c.req.param('id'));
  const file = c.req.param('file');
  const token = c.req.query('t');
  const { views, access } = yl(c);
  const clip = await views.row(id);
  if (!clip || clip.state !== 'ready') throw notFound(YOULIAO_MSG.clipUnknown);
  const signer = clip.price > 0 ? access.signer(id, token) : null;
  const signed = signer !== null && (clip.takenDownAt === null || (await views.mayWatchAs(clip, signer)));
  const open = clip.takenDownAt === null && file === 'poster.jpg';
  if (!signed && !open && !(await views.mayWatch(clip, c.var.user)))
    throw clip.takenDownAt ? notFound(YOULIAO_MSG.takenDown) : forbidden(YOULIAO_MSG.locked);
  const found = await access.file(id, file, signed ? token : undefined);
  if (!found) throw notFound(YOULIAO_MSG.clipUnknown);
  const free = (clip.price === 0 || file === 'poster.jpg') && clip.takenDownAt === null;
  c.header('cache-control', free ? 'public, max-age=3600' : 'private, no-store');
  c.header('content-type', found.type);
  return c.body(new Uint8Array(found.data));
});
