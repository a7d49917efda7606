import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { invalidParam, unauthorized } from '../../errors.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { fileList } from './accounts-public.ts';
import { caller, live, optionalId, rankPeriod, requiredId } from './live-input.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — anchor tools, rankings, reports, uploads and the media server's auth callback. */
export const anchorRoutes = new Hono<GatewayEnv>();

/** GET /api/rank/anchor?rankType (day|week|month) → [{rank, userId, nickName, portrait, level, amount (球票), roomId, liveState}]. */
anchorRoutes.get('/rank/anchor', async (c) =>
  ok(c, await live(c).ranks.anchors(rankPeriod(c.req.query('rankType')))),
);

/** GET /api/rank/price?rankType (day|week|month) → [{rank, userId, nickName, portrait, level, amount (球钻 given)}]. */
anchorRoutes.get('/rank/price', async (c) =>
  ok(c, await live(c).ranks.givers(rankPeriod(c.req.query('rankType')))),
);

/** POST /api/report/add {roomId, reason (one of REPORT_REASONS), detail?, images? (uploaded URLs, ≤ 3)} → {id}. */
anchorRoutes.post(
  '/report/add',
  requireUser,
  rateLimit({ name: 'room-report', max: 10, windowMs: 3600_000 }),
  async (c) => {
    const input = await readInput(c);
    const images = input.images === undefined ? [] : fileList(input.images);
    return ok(
      c,
      await live(c).reports.add(caller(c).id, {
        roomId: requiredId(input, 'roomId'),
        reason: text(input.reason),
        detail: text(input.detail),
        images,
      }),
    );
  },
);

/** POST /api/upload/multiUploadBase64 {files} → ['/uploads/{hash}.webp', …] (covers, report screenshots). */
anchorRoutes.post(
  '/upload/multiUploadBase64',
  requireUser,
  rateLimit({ name: 'upload', max: 30, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    return ok(c, await c.var.app.services.uploads.images(fileList(input.files ?? input['files[]'])));
  },
);

/** POST /api/anchor/schedule/add {matchId?, title?, startAt? (ISO or ms)} (anchor) → the announced broadcast. */
anchorRoutes.post('/anchor/schedule/add', requireUser, LIMIT.room, async (c) => {
  const input = await readInput(c);
  const raw = text(input.startAt);
  const startAt = raw ? new Date(/^\d+$/.test(raw) ? Number(raw) : raw) : undefined;
  if (startAt && Number.isNaN(startAt.getTime())) throw invalidParam('startAt', MSG.valueMalformed);
  return ok(
    c,
    await live(c).schedules.add(caller(c), {
      matchId: optionalId(input, 'matchId'),
      title: text(input.title) || undefined,
      startAt,
    }),
  );
});

/** GET /api/anchor/schedule/remove?id (its anchor) → {id}. */
anchorRoutes.get('/anchor/schedule/remove', requireUser, async (c) => {
  const { id } = validate(z.object({ id: q.id() }), c.req.query());
  return ok(c, await live(c).schedules.remove(caller(c), id));
});

/** GET /api/anchor/schedule/matches → matches from 3 h ago to a week ahead (MatchBrief[]), for the picker. */
anchorRoutes.get('/anchor/schedule/matches', requireUser, async (c) =>
  ok(c, await live(c).schedules.pickable()),
);

/** GET /api/anchor/zone?days (7|30, default 30) (anchor) → {sessions, liveHours, income, gifts, followers, heat}. */
anchorRoutes.get('/anchor/zone', requireUser, async (c) => {
  const { days } = validate(
    z.object({
      days: z.coerce
        .number()
        .int()
        .refine((d) => d === 7 || d === 30)
        .default(30),
    }),
    c.req.query(),
  );
  return ok(c, await live(c).history.zone(caller(c), days));
});

/**
 * POST /api/media/auth: the media server asks whether a publish or a read may go ahead
 * (MediaMTX authHTTPAddress; SRS http hooks send the same fields). 200 allows, 401 refuses.
 */
anchorRoutes.post('/media/auth', async (c) => {
  const input = await readInput(c);
  const path = `/${text(input.path).replace(/^\/+/, '')}`;
  const action = text(input.action);
  const authKey = new URLSearchParams(text(input.query)).get('auth_key') ?? '';
  const uri = action === 'publish' ? path : `${path.replace(/\.m3u8$/, '')}.m3u8`;
  if (!live(c).media.verify(uri, authKey)) throw unauthorized(MSG.mediaAuthFailed);
  return ok(c, null);
});
