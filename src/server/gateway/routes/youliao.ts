import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../../lib/messages.ts';
import { YOULIAO_MSG, YOULIAO_RULES } from '../../../lib/youliao/rules.ts';
import { forbidden, notFound } from '../../errors.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';

/** 有料, the spec's "movie highlights list, detail and pay" (docs/youliao.md); URL prefix /svc/inform/movie. */
export const youliaoRoutes = new Hono<GatewayEnv>();
const yl = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.youliao;
const byIdInput = z.object({ id: field.id() });
const movieInput = z.object({ movieId: field.id() });
const takedownInput = z.object({ movieId: field.id(), reason: field.str() });
const paging = { pageNum: field.page(), pageSize: field.pageSize(YOULIAO_RULES.pageSize, 60) };

const listInput = z.object({ sport: field.sport(), sort: field.pick(['new', 'hot'], 'new'), ...paging });
const purchasedInput = z.object(paging);

/** ?sport (1|2), sort (new|hot), pageNum, pageSize: unknown sport or sort values mean the default. */
/** Seconds as a number ("75", "75.5") or a clock ("1:15", "1:02:05"); NaN otherwise. */
function clockSeconds(raw: string): number {
  if (/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return Number(raw);
  const m = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2}(?:\.\d{1,3})?)$/.exec(raw);
  if (!m || Number(m[2]) > 59 || Number(m[3]) >= 60) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const seconds = () =>
  field
    .str()
    .transform(clockSeconds)
    .refine((v) => Number.isFinite(v), MSG.clipSecondsRule);

const cutInput = z.object({
  sessionId: field.id(),
  start: seconds(),
  end: seconds(),
  title: field.chars(YOULIAO_RULES.titleMin, YOULIAO_RULES.titleMax, YOULIAO_MSG.title),
  price: field
    .str()
    .transform((price) => price || '0')
    .refine((price) => /^\d{1,6}$/.test(price) && Number(price) <= YOULIAO_RULES.maxPrice, YOULIAO_MSG.price)
    .transform(Number),
  sport: field.optionalOneOf(['1', '2'], YOULIAO_MSG.sport).transform((sport) => sport && Number(sport)),
});

/** GET /inform/movie/list?sport(1|2)&sort(new|hot)&pageNum&pageSize → ready clips. */
youliaoRoutes.get('/movie/list', async (c) =>
  ok(c, await yl(c).views.list(await read(c, listInput), c.var.user)),
);

/** GET /inform/movie/detail/{id} → the clip, with `playUrl` when the caller may watch it. */
youliaoRoutes.get('/movie/detail/:id', async (c) => {
  const clip = await yl(c).views.detail((await read(c, byIdInput)).id, c.var.user);
  if (!clip) throw notFound(YOULIAO_MSG.clipUnknown);
  return ok(c, clip);
});

/** POST /inform/movie/pay {movieId} → {movieId, price, balance, tradeId, already}; once per user. */
youliaoRoutes.post('/movie/pay', requireUser, async (c) => {
  const { movieId } = await read(c, movieInput);
  return ok(c, await yl(c).purchases.buy(c.var.user.id, movieId));
});

/** POST /inform/movie/cut {sessionId, start, end, title, price, sport?} → the clip, 处理中. */
youliaoRoutes.post(
  '/movie/cut',
  requireUser,
  rateLimit({ name: 'movie-cut', max: 30, windowMs: 60_000 }),
  async (c) => {
    const clip = await yl(c).cutter.cut(c.var.user, await read(c, cutInput));
    return ok(c, await yl(c).views.detail(clip.id, c.var.user));
  },
);

/** GET /inform/movie/mine → the clips the caller owns or cut, every state. */
youliaoRoutes.get('/movie/mine', requireUser, async (c) => ok(c, await yl(c).views.mine(c.var.user)));

/** GET /inform/movie/replays → the finished replays the caller may cut, with their lengths. */
youliaoRoutes.get('/movie/replays', requireUser, async (c) => ok(c, await yl(c).replays(c.var.user)));

/** GET /inform/movie/purchased?pageNum&pageSize → the caller's bought clips. */
youliaoRoutes.get('/movie/purchased', requireUser, async (c) => {
  const { pageNum, pageSize } = await read(c, purchasedInput);
  return ok(c, await yl(c).views.purchased(c.var.user.id, pageNum, pageSize));
});

/** POST /inform/movie/takedown {movieId, reason} (编辑, 管理员) → {id, takenDown: true}; in the ops log. */
youliaoRoutes.post('/movie/takedown', requireAccess('clips.takedown'), async (c) => {
  const { movieId, reason } = await read(c, takedownInput);
  return ok(c, await yl(c).takedowns.takeDown(c.var.user, movieId, reason));
});

/** POST /inform/movie/restore {movieId, reason?} (编辑, 管理员) → {id, takenDown: false}; in the ops log. */
youliaoRoutes.post('/movie/restore', requireAccess('clips.takedown'), async (c) => {
  const { movieId, reason } = await read(c, takedownInput);
  return ok(c, await yl(c).takedowns.restore(c.var.user, movieId, reason));
});

const mediaInput = z.object({ id: field.id(), file: field.str(), t: field.optionalStr() });

/**
 * GET /inform/movie/media/{id}/{file}?t: the playlist, segments and poster of a ready clip. A paid
 * clip's playlist and segments need the signed `t` of its play URL (or a caller who may watch it).
 * A clip taken down is served only to those who may still watch it (its buyers, anchor, staff):
 * checked on every file, for the user a signature was issued to as well, so a take-down stops
 * every other holder of an issued URL at once.
 */
youliaoRoutes.get('/movie/media/:id/:file', async (c) => {
  const { id, file, t: token } = await read(c, mediaInput);
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
