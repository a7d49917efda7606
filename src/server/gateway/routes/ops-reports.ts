import { Hono } from 'hono';
import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_SOURCES } from '../../../lib/ops/reports.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { actorOf } from '../../services/community/posts.ts';

type Ctx = { var: GatewayEnv['Variables'] };
const reports = (c: Ctx) => c.var.app.services.opsReports;

/**
 * /svc/ops/reports — the console's one report queue (运营): rooms, chat messages, posts, comments, news
 * comments and users (docs/ops.md).
 */
export const opsReportRoutes = new Hono<GatewayEnv>().use(requireAccess('reports.review'));

/** GET /ops/reports → the open cases, newest report first. */
opsReportRoutes.get('/', async (c) => ok(c, await reports(c).queue.queue()));

const caseInput = z.object({ id: field.id(), source: field.oneOf(REPORT_SOURCES) });

/** GET /ops/reports/{source}/{id} → the open reports of one case. */
opsReportRoutes.get('/:source/:id', async (c) => {
  const { id, source } = await read(c, caseInput);
  return ok(c, await reports(c).queue.reportsOf(source, id));
});

const decideInput = z.object({
  action: field.oneOf(REPORT_ACTIONS),
  source: field.oneOf(REPORT_SOURCES),
  targetId: field.id(),
  reason: field.str(),
  minutes: field.optionalId(),
  secondFactorCode: field.str(),
});

/**
 * POST /ops/reports/decide {source, targetId, action (dismiss|hide|mute|ban|roomBan), reason, minutes?
 * (mute; roomBan: none = for good), secondFactorCode (ban)} → {decision, reporters}.
 */
opsReportRoutes.post('/decide', async (c) =>
  ok(c, await reports(c).decisions.decide(actorOf(c.var.user), await read(c, decideInput))),
);

/** /svc/api/report/{message|user}: reporting a chat message or a user (any signed-in user). */
export const reportIntakeRoutes = new Hono<GatewayEnv>();
const intakeLimit = rateLimit({ name: 'person-report', max: 20, windowMs: 3600_000 });

const messageReportInput = z.object({ messageId: field.id(), reason: field.str(), detail: field.str() });

/** POST /api/report/message {messageId, reason, detail?} → {id}. */
reportIntakeRoutes.post('/report/message', requireUser, intakeLimit, async (c) => {
  const { messageId, ...report } = await read(c, messageReportInput);
  return ok(c, await reports(c).queue.add(c.var.user.id, { kind: 'chat', targetId: messageId, ...report }));
});

const userReportInput = z.object({ userId: field.id(), reason: field.str(), detail: field.str() });

/** POST /api/report/user {userId, reason, detail?} → {id}. */
reportIntakeRoutes.post('/report/user', requireUser, intakeLimit, async (c) => {
  const { userId, ...report } = await read(c, userReportInput);
  return ok(c, await reports(c).queue.add(c.var.user.id, { kind: 'user', targetId: userId, ...report }));
});
