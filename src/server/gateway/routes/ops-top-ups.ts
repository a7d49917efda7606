import { Hono } from 'hono';
import { z } from 'zod';
import { TOP_UP_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, withPageParam } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { LIMIT } from '../limits.ts';

/**
 * /svc/pay/operator/top-ups — the second pair of eyes on manual top-ups above TOP_UP_REVIEW_ABOVE (财务
 * role): a finance staff member other than the one who asked, and not the account's owner, approves or rejects.
 */
export const operatorTopUpRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const topUps = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ops.topUps;

const queueInput = withPageParam({
  status: field.optionalOneOf(TOP_UP_STATUSES),
  pageNum: field.page(),
  pageSize: field.pageSize(30, 100),
});

/**
 * GET /pay/operator/top-ups?status (pending|approved|rejected)&pageNum&pageSize → {list[{id, user{id, nickName},
 * currency, amount, reason, requester{id, nickName}, status, statusName, reviewer, reviewNote, recordId,
 * createdAt, reviewedAt}], total, pageNum, pageSize}.
 */
operatorTopUpRoutes.get('/top-ups', async (c) => {
  const { status, pageNum, pageSize } = await read(c, queueInput);
  return ok(c, await topUps(c).queue(status, pageNum, pageSize));
});

const approveInput = z.object({ secondFactorCode: field.str(), id: field.id() });

/**
 * POST /pay/operator/top-ups/{id}/approve {secondFactorCode} → {requestId, recordId, amount, balanceAfter,
 * currency}: the type 14 credit, once, whoever else approves at the same moment.
 */
operatorTopUpRoutes.post('/top-ups/:id/approve', LIMIT.staffMoney, async (c) => {
  const { secondFactorCode, id } = await read(c, approveInput);
  return ok(c, await topUps(c).approve(c.var.user.id, id, secondFactorCode));
});

const rejectInput = z.object({ reason: field.str(), id: field.id() });

/** POST /pay/operator/top-ups/{id}/reject {reason (1–100)} → {requestId, status}: nothing is credited. */
operatorTopUpRoutes.post('/top-ups/:id/reject', LIMIT.staffMoney, async (c) => {
  const { reason, id } = await read(c, rejectInput);
  return ok(c, await topUps(c).reject(c.var.user.id, id, reason));
});
