import { Hono } from 'hono';
import { z } from 'zod';
import { fill } from '../../../lib/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { ORDER_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { isCurrency } from '../../../lib/vocab/trade-types.ts';
import { badRequest } from '../../errors.ts';
import type { AdjustInput } from '../../services/ops/money.ts';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { paging, pathId, wholeNumber } from './wallet-input.ts';
import { LIMIT } from '../limits.ts';

/**
 * /svc/pay/operator — the console's finance desk beside the withdrawal review (财务 role): manual
 * top-up and system deduction (reason + second factor), recharge orders, a user's money, the audit.
 */
export const operatorMoneyRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const money = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ops.money;

function adjustInput(input: Record<string, unknown>): AdjustInput {
  const currency = text(input.currency);
  if (!isCurrency(currency)) throw badRequest(OPS_MSG.opsCurrencyInvalid);
  const amount = Number(text(input.amount));
  if (!text(input.amount) || !Number.isSafeInteger(amount)) throw badRequest(OPS_MSG.opsAmountInvalid);
  return {
    userId: wholeNumber(input, 'userId', OPS_MSG.opsUserNotFound),
    currency,
    amount,
    reason: text(input.reason),
    code: text(input.secondFactorCode),
  };
}

/**
 * POST /pay/operator/top-up {userId (not the caller's own), currency (diamond|ticket), amount (1–1 000 000),
 * reason (1–100), secondFactorCode} → {pending: false, recordId, amount, balanceAfter, currency}: a type 14
 * credit through the ledger; above TOP_UP_REVIEW_ABOVE → {pending: true, requestId, amount, currency}, a request
 * that a second finance staff member approves (ops-top-ups.ts).
 */
operatorMoneyRoutes.post('/top-up', LIMIT.staffMoney, async (c) => {
  const done = await money(c).topUp(c.var.user.id, adjustInput(await readInput(c)));
  if (!done.pending) return ok(c, done);
  return ok(c, done, fill(OPS_MSG.topUpPending, { limit: c.var.app.config.topUpReviewAbove }));
});

/**
 * POST /pay/operator/deduct {… the same} → {pending: false, …}: a type 8 debit; beyond the balance it is 10020
 * and nothing moves.
 */
operatorMoneyRoutes.post('/deduct', LIMIT.staffMoney, async (c) =>
  ok(c, await money(c).deduct(c.var.user.id, adjustInput(await readInput(c)))),
);

/** GET /pay/operator/users/{id}/money?pageNum&pageSize → {user{id, nickName, mobile (masked)}, balances, records{…}}. */
operatorMoneyRoutes.get('/users/:id/money', async (c) => {
  const { pageNum, pageSize } = paging(c.req.query());
  return ok(c, await money(c).userMoney(pathId(c), pageNum, pageSize));
});

/** GET /pay/operator/recharge-orders?status&orderNo&userId&pageNum&pageSize → every user's orders, newest first. */
operatorMoneyRoutes.get('/recharge-orders', async (c) => {
  const query = c.req.query();
  const f = validate(
    z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      orderNo: z.string().max(40).optional(),
      userId: q.id().optional(),
    }),
    {
      status: query.status || undefined,
      orderNo: query.orderNo || undefined,
      userId: query.userId || undefined,
    },
  );
  const { pageNum, pageSize } = paging(query);
  return ok(c, await money(c).rechargeOrders(f, pageNum, pageSize));
});

/** POST /pay/operator/ledger-audit → {clean, mismatches[{userId, kind, currency, expected, actual, recordId?}], checkedAt}. */
operatorMoneyRoutes.post('/ledger-audit', async (c) => ok(c, await money(c).audit(c.var.user.id)));
