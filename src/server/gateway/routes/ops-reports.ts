import { MSG } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { isReportAction, isReportSource } from '../../../lib/ops/reports.ts';
import { invalidParam } from '../../errors.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { text } from '../../validate.ts';
import { actorOf } from './community-input.ts';
import { optionalId, requiredId } from './live-input.ts';

type Ctx = { var: GatewayEnv['Variables'] };
const reports = (c: Ctx) => c.var.app.services.opsReports;

/**
 * /svc/ops/reports — the console's one report queue (运营): rooms, chat messages, posts, comments, news
 * comments and users (docs/ops.md).
 */
export const opsReportRoutes = new Hono<GatewayEnv>().use(requireAccess('reports.review'));

const sourceOf = (raw: unknown) => {
  if (!isReportSource(raw)) throw invalidParam('source', MSG.valueNotAllowed);
  return raw;
};

/** GET /ops/reports → the open cases, newest report first. */
opsReportRoutes.get('/', async (c) => ok(c, await reports(c).queue.queue()));

/** GET /ops/reports/{source}/{id} → the open reports of one case. */
opsReportRoutes.get('/:source/:id', async (c) => {
  const id = requiredId({ id: c.req.param('id') }, 'id');
  return ok(c, await reports(c).queue.reportsOf(sourceOf(c.req.param('source')), id));
});

/**
 * POST /ops/reports/decide {source, targetId, action (dismiss|hide|mute|ban|roomBan), reason, minutes?
 * (mute; roomBan: none = for good), secondFactorCode (ban)} → {decision, reporters}.
 */
opsReportRoutes.post('/decide', async (c) => {
  const input = await readInput(c);
  if (!isReportAction(input.action)) throw invalidParam('action', MSG.valueNotAllowed);
  return ok(
    c,
    await reports(c).decisions.decide(actorOf(c.var.user), {
      source: sourceOf(input.source),
      targetId: requiredId(input, 'targetId'),
      action: input.action,
      reason: text(input.reason),
      minutes: optionalId(input, 'minutes'),
      secondFactorCode: input.secondFactorCode,
    }),
  );
});

/** /svc/api/report/{message|user}: reporting a chat message or a user (any signed-in user). */
export const reportIntakeRoutes = new Hono<GatewayEnv>();
const intakeLimit = rateLimit({ name: 'person-report', max: 20, windowMs: 3600_000 });

/** POST /api/report/message {messageId, reason, detail?} → {id}. */
reportIntakeRoutes.post('/report/message', requireUser, intakeLimit, async (c) => {
  const input = await readInput(c);
  const targetId = requiredId(input, 'messageId');
  const r = { kind: 'chat' as const, targetId, reason: text(input.reason), detail: text(input.detail) };
  return ok(c, await reports(c).queue.add(c.var.user.id, r));
});

/** POST /api/report/user {userId, reason, detail?} → {id}. */
reportIntakeRoutes.post('/report/user', requireUser, intakeLimit, async (c) => {
  const input = await readInput(c);
  const targetId = requiredId(input, 'userId');
  const r = { kind: 'user' as const, targetId, reason: text(input.reason), detail: text(input.detail) };
  return ok(c, await reports(c).queue.add(c.var.user.id, r));
});
