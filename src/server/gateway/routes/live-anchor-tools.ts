import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { unauthorized } from '../../errors.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { caller, live } from './live-context.ts';
import { LIMIT } from '../limits.ts';

/** /svc/api — anchor tools, rankings, reports, uploads and the media server's auth callback. */
export const anchorRoutes = new Hono<GatewayEnv>();

const PERIODS = { day: 'day', week: 'week', month: 'month', '1': 'day', '2': 'week', '3': 'month' } as const;
/** `rankType`: day | week | month (also 1 | 2 | 3), default day. */
const rankInput = z.object({
  rankType: field
    .oneOf(['day', 'week', 'month', '1', '2', '3'], { fallback: 'day' })
    .transform((p) => PERIODS[p]),
});

/** GET /api/rank/anchor?rankType (day|week|month) → [{rank, userId, nickName, portrait, level, amount (球票), roomId, liveState}]. */
anchorRoutes.get('/rank/anchor', async (c) =>
  ok(c, await live(c).ranks.anchors((await read(c, rankInput)).rankType)),
);

/** GET /api/rank/price?rankType (day|week|month) → [{rank, userId, nickName, portrait, level, amount (球钻 given)}]. */
anchorRoutes.get('/rank/price', async (c) =>
  ok(c, await live(c).ranks.givers((await read(c, rankInput)).rankType)),
);

const roomReportInput = z.object({
  images: field.files(),
  roomId: field.id(),
  reason: field.str(),
  detail: field.str(),
});

/** POST /api/report/add {roomId, reason (one of REPORT_REASONS), detail?, images? (uploaded URLs, ≤ 3)} → {id}. */
anchorRoutes.post(
  '/report/add',
  requireUser,
  rateLimit({ name: 'room-report', max: 10, windowMs: 3600_000 }),
  async (c) => ok(c, await live(c).reports.add(caller(c).id, await read(c, roomReportInput))),
);

const uploadInput = z.object({ files: field.files() });

/** POST /api/upload/multiUploadBase64 {files} → ['/uploads/{hash}.webp', …] (covers, report screenshots). */
anchorRoutes.post(
  '/upload/multiUploadBase64',
  requireUser,
  rateLimit({ name: 'upload', max: 30, windowMs: 600_000 }),
  async (c) => {
    const { files } = await read(c, uploadInput);
    return ok(c, await c.var.app.services.uploads.images(files));
  },
);

const scheduleAddInput = z.object({
  startAt: field
    .optionalStr()
    .transform((at) => (at === undefined ? undefined : new Date(/^\d+$/.test(at) ? Number(at) : at)))
    .refine((at) => at === undefined || !Number.isNaN(at.getTime()), MSG.valueMalformed),
  matchId: field.optionalId(),
  title: field.optionalStr(),
});

/** POST /api/anchor/schedule/add {matchId?, title?, startAt? (ISO or ms)} (anchor) → the announced broadcast. */
anchorRoutes.post('/anchor/schedule/add', requireUser, LIMIT.room, async (c) =>
  ok(c, await live(c).schedules.add(caller(c), await read(c, scheduleAddInput))),
);

const scheduleRemoveInput = z.object({ id: field.id() });

/** GET /api/anchor/schedule/remove?id (its anchor) → {id}. */
anchorRoutes.get('/anchor/schedule/remove', requireUser, async (c) => {
  const { id } = await read(c, scheduleRemoveInput);
  return ok(c, await live(c).schedules.remove(caller(c), id));
});

/** GET /api/anchor/schedule/matches → matches from 3 h ago to a week ahead (MatchBrief[]), for the picker. */
anchorRoutes.get('/anchor/schedule/matches', requireUser, async (c) =>
  ok(c, await live(c).schedules.pickable()),
);

const zoneInput = z.object({ days: field.oneOf(['7', '30'], { fallback: '30' }).transform(Number) });

/** GET /api/anchor/zone?days (7|30, default 30) (anchor) → {sessions, liveHours, income, gifts, followers, heat}. */
anchorRoutes.get('/anchor/zone', requireUser, async (c) => {
  const { days } = await read(c, zoneInput);
  return ok(c, await live(c).history.zone(caller(c), days));
});

const mediaAuthInput = z.object({ path: field.str(), action: field.str(), query: field.str() });

/**
 * POST /api/media/auth: the media server asks whether a publish or a read may go ahead
 * (MediaMTX authHTTPAddress; SRS http hooks send the same fields). 200 allows, 401 refuses.
 */
anchorRoutes.post('/media/auth', async (c) => {
  const input = await read(c, mediaAuthInput);
  const path = `/${input.path.replace(/^\/+/, '')}`;
  const action = input.action;
  const authKey = new URLSearchParams(input.query).get('auth_key') ?? '';
  const uri = action === 'publish' ? path : `${path.replace(/\.m3u8$/, '')}.m3u8`;
  if (!live(c).media.verify(uri, authKey)) throw unauthorized(MSG.mediaAuthFailed);
  return ok(c, null);
});
