import { Hono } from 'hono';
import { z } from 'zod';
import { TOP_UP_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { text, validate } from '../../validate.ts';
import { LIMIT } from '../limits.ts';
import { paging, pathId } from './wallet-input.ts';

/**
 * /svc/pay/operator/top-ups — the second pair of eyes on manual top-ups above TOP_UP_REVIEW_ABOVE (财务
 * role): a finance staff member other than the one who asked, and not the account's owner, approves or rejects.
 */
export const operatorTopUpRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const topUps = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ops.topUps;

/**
 * GET /pay/operator/top-ups?status (pending|approved|rejected)&pageNum&pageSize → {list[{id, user{id, nickName},
 * currency, amount, reason, requester{id, nickName}, status, statusName, reviewer, reviewNote, recordId,
 * createdAt, reviewedAt}], total, pageNum, pageSize}.
 */
operatorTopUpRoutes.get('/top-ups', async (c) => {
  const query = c.req.query();
  const { status } = validate(z.object({ status: z.enum(TOP_UP_STATUSES).optional() }), {
    status: query.status || undefined,
  });
  const { pageNum, pageSize } = paging(query);
  return ok(c, await topUps(c).queue(status, pageNum, pageSize));
});

/**
 * POST /pay/operator/top-ups/{id}/approve {secondFactorCode} → {requestId, recordId, amount, balanceAfter,
 * currency}: the type 14 credit, once, whoever else approves at the same moment.
 */
operatorTopUpRoutes.post('/top-ups/:id/approve', LIMIT.staffMoney, async (c) => {
  const code = text((await readInput(c)).secondFactorCode);
  return ok(c, await topUps(c).approve(c.var.user.id, pathId(c), code));
});

/** POST /pay/operator/top-ups/{id}/reject {reason (1–100)} → {requestId, status}: nothing is credited. */
operatorTopUpRoutes.post('/top-ups/:id/reject', LIMIT.staffMoney, async (c) => {
  const reason = text((await readInput(c)).reason);
  return ok(c, await topUps(c).reject(c.var.user.id, pathId(c), reason));
});
