import { Hono } from 'hono';
import { z } from 'zod';
import { AUDIT_STATUSES } from '../../services/live/audits.ts';
import { ROOM_AUDIT_STATUSES } from '../../services/live/room-audits.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { flag, q, text, validate } from '../../validate.ts';
import { caller, live, optionalId, requiredId } from './live-input.ts';

/** /svc/api — room managers, bans and anchor applications. Every route checks who asks. */
export const moderationRoutes = new Hono<GatewayEnv>()
  .use('/forbid/*', requireUser)
  .use('/manager/*', requireUser)
  .use('/audit/*', requireUser);

const nickQuery = z.object({ nickName: z.string().trim().min(1).max(20), roomId: q.id() });
const idQuery = z.object({ id: q.id() });

/** GET /api/forbid/add?nickName&roomId&minutes? (anchor, managers) → {id, roomId, userId, nickName, until}. */
moderationRoutes.get('/forbid/add', async (c) => {
  const { nickName, roomId } = validate(nickQuery, c.req.query());
  const minutes = optionalId(c.req.query(), 'minutes');
  return ok(c, await live(c).moderation.forbid(caller(c), roomId, nickName, minutes));
});

/** GET /api/forbid/remove?id (anchor, managers) → {id}. */
moderationRoutes.get('/forbid/remove', async (c) => {
  const { id } = validate(idQuery, c.req.query());
  return ok(c, await live(c).moderation.unforbid(caller(c), id));
});

/** GET /api/forbid/list?roomId&page&pageSize&nickName (anchor, managers) → {list [{id, userId, nickName, expiresAt, active}], total}. */
moderationRoutes.get('/forbid/list', async (c) => {
  const query = validate(
    z.object({
      roomId: q.id(),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
      nickName: z.string().trim().max(20).optional(),
    }),
    c.req.query(),
  );
  return ok(c, await live(c).moderation.forbids(caller(c), query));
});

/** GET /api/manager/add?nickName&roomId (the anchor only) → {id, roomId, userId, nickName}. */
moderationRoutes.get('/manager/add', async (c) => {
  const { nickName, roomId } = validate(nickQuery, c.req.query());
  return ok(c, await live(c).moderation.addManager(caller(c), roomId, nickName));
});

/** GET /api/manager/remove?id (the anchor only) → {id}. */
moderationRoutes.get('/manager/remove', async (c) => {
  const { id } = validate(idQuery, c.req.query());
  return ok(c, await live(c).moderation.removeManager(caller(c), id));
});

/** GET /api/manager/list?roomId (default: the caller's room; anchor and managers) → {roomId, list, max}. */
moderationRoutes.get('/manager/list', async (c) => {
  const roomId = optionalId(c.req.query(), 'roomId') ?? (await live(c).access.ownRoom(caller(c))).id;
  return ok(c, await live(c).moderation.managers(caller(c), roomId));
});

/** GET /api/audit/info → {status: none|auditing|success|error, isAnchor, realNameVerified, application}. */
moderationRoutes.get('/audit/info', async (c) => ok(c, await live(c).audits.info(caller(c).id)));

/** POST /api/audit/submit {navId, intro (10–200), contact?} (real name required) → the same as /audit/info. */
moderationRoutes.post(
  '/audit/submit',
  rateLimit({ name: 'anchor-audit', max: 10, windowMs: 3600_000 }),
  async (c) => {
    const input = await readInput(c);
    return ok(
      c,
      await live(c).audits.submit(caller(c).id, {
        navId: requiredId(input, 'navId'),
        intro: text(input.intro),
        contact: text(input.contact),
      }),
    );
  },
);

/** GET /api/audit/list?status (auditing|success|error)&page&pageSize (operators) → applications. */
moderationRoutes.get('/audit/list', requireAccess('live.manage'), async (c) => {
  const query = validate(
    z.object({
      status: z.enum(AUDIT_STATUSES).default('auditing'),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
    }),
    c.req.query(),
  );
  return ok(c, await live(c).audits.list(caller(c), query));
});

/** POST /api/audit/review {id, pass (1|0), note (required when refusing)} (operators) → {id, userId, status}. */
moderationRoutes.post('/audit/review', requireAccess('live.manage'), async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await live(c).audits.review(caller(c), {
      id: requiredId(input, 'id'),
      pass: flag(input.pass),
      note: text(input.note),
    }),
  );
});

/** GET /api/audit/room/list?status (pending|approved|rejected)&page&pageSize (operators) → room title/cover/notice changes. */
moderationRoutes.get('/audit/room/list', requireAccess('live.manage'), async (c) => {
  const query = validate(
    z.object({
      status: z.enum(ROOM_AUDIT_STATUSES).default('pending'),
      page: q.page(),
      pageSize: q.pageSize(30, 100),
    }),
    c.req.query(),
  );
  return ok(c, await live(c).roomAudits.list(caller(c), query));
});

/** POST /api/audit/room/review {id, pass (1|0), reason (required when refusing)} (operators) → {id, roomId, field, status, reverted}. */
moderationRoutes.post('/audit/room/review', requireAccess('live.manage'), async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await live(c).roomAudits.review(caller(c), {
      id: requiredId(input, 'id'),
      pass: flag(input.pass),
      reason: text(input.reason),
    }),
  );
});
