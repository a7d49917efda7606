import { Hono } from 'hono';
import { z } from 'zod';
import { AUDIT_STATUSES } from '../../services/live/audits.ts';
import { ROOM_AUDIT_STATUSES } from '../../services/live/room-audits.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { caller, live } from './live-context.ts';

/** /svc/api — room managers, bans and anchor applications. Every route checks who asks. */
export const moderationRoutes = new Hono<GatewayEnv>()
  .use('/forbid/*', requireUser)
  .use('/manager/*', requireUser)
  .use('/audit/*', requireUser);

const byNickInput = z.object({ nickName: field.requiredStr({ max: 20 }), roomId: field.id() });
const byIdInput = z.object({ id: field.id() });
const forbidInput = byNickInput.extend({ minutes: field.optionalId() });

/** GET /api/forbid/add?nickName&roomId&minutes? (anchor, managers) → {id, roomId, userId, nickName, until}. */
moderationRoutes.get('/forbid/add', async (c) => {
  const { nickName, roomId, minutes } = await read(c, forbidInput);
  return ok(c, await live(c).moderation.forbid(caller(c), roomId, nickName, minutes));
});

/** GET /api/forbid/remove?id (anchor, managers) → {id}. */
moderationRoutes.get('/forbid/remove', async (c) => {
  const { id } = await read(c, byIdInput);
  return ok(c, await live(c).moderation.unforbid(caller(c), id));
});

const forbidListInput = z.object({
  roomId: field.id(),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
  nickName: field.optionalStr({ max: 20 }),
});

/** GET /api/forbid/list?roomId&page&pageSize&nickName (anchor, managers) → {list [{id, userId, nickName, expiresAt, active}], total}. */
moderationRoutes.get('/forbid/list', async (c) =>
  ok(c, await live(c).moderation.forbids(caller(c), await read(c, forbidListInput))),
);

/** GET /api/manager/add?nickName&roomId (the anchor only) → {id, roomId, userId, nickName}. */
moderationRoutes.get('/manager/add', async (c) => {
  const { nickName, roomId } = await read(c, byNickInput);
  return ok(c, await live(c).moderation.addManager(caller(c), roomId, nickName));
});

/** GET /api/manager/remove?id (the anchor only) → {id}. */
moderationRoutes.get('/manager/remove', async (c) => {
  const { id } = await read(c, byIdInput);
  return ok(c, await live(c).moderation.removeManager(caller(c), id));
});

const managersInput = z.object({ roomId: field.optionalId() });

/** GET /api/manager/list?roomId (default: the caller's room; anchor and managers) → {roomId, list, max}. */
moderationRoutes.get('/manager/list', async (c) => {
  const roomId = (await read(c, managersInput)).roomId ?? (await live(c).access.ownRoom(caller(c))).id;
  return ok(c, await live(c).moderation.managers(caller(c), roomId));
});

/** GET /api/audit/info → {status: none|auditing|success|error, isAnchor, realNameVerified, application}. */
moderationRoutes.get('/audit/info', async (c) => ok(c, await live(c).audits.info(caller(c).id)));

const anchorApplicationInput = z.object({ navId: field.id(), intro: field.str(), contact: field.str() });

/** POST /api/audit/submit {navId, intro (10–200), contact?} (real name required) → the same as /audit/info. */
moderationRoutes.post(
  '/audit/submit',
  rateLimit({ name: 'anchor-audit', max: 10, windowMs: 3600_000 }),
  async (c) => ok(c, await live(c).audits.submit(caller(c).id, await read(c, anchorApplicationInput))),
);

const applicationsInput = z.object({
  status: field.oneOf(AUDIT_STATUSES, { fallback: 'auditing' }),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
});

/** GET /api/audit/list?status (auditing|success|error)&page&pageSize (operators) → applications. */
moderationRoutes.get('/audit/list', requireAccess('live.manage'), async (c) =>
  ok(c, await live(c).audits.list(caller(c), await read(c, applicationsInput))),
);

const applicationReviewInput = z.object({ id: field.id(), pass: field.flag(), note: field.str() });

/** POST /api/audit/review {id, pass (1|0), note (required when refusing)} (operators) → {id, userId, status}. */
moderationRoutes.post('/audit/review', requireAccess('live.manage'), async (c) =>
  ok(c, await live(c).audits.review(caller(c), await read(c, applicationReviewInput))),
);

const roomChangesInput = z.object({
  status: field.oneOf(ROOM_AUDIT_STATUSES, { fallback: 'pending' }),
  page: field.page(),
  pageSize: field.pageSize(30, 100),
});

/** GET /api/audit/room/list?status (pending|approved|rejected)&page&pageSize (operators) → room title/cover/notice changes. */
moderationRoutes.get('/audit/room/list', requireAccess('live.manage'), async (c) =>
  ok(c, await live(c).roomAudits.list(caller(c), await read(c, roomChangesInput))),
);

const roomChangeReviewInput = z.object({ id: field.id(), pass: field.flag(), reason: field.str() });

/** POST /api/audit/room/review {id, pass (1|0), reason (required when refusing)} (operators) → {id, roomId, field, status, reverted}. */
moderationRoutes.post('/audit/room/review', requireAccess('live.manage'), async (c) =>
  ok(c, await live(c).roomAudits.review(caller(c), await read(c, roomChangeReviewInput))),
);
