import { Hono } from 'hono';
import { z } from 'zod';
import { fill } from '../../../lib/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { ORDER_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { isCurrency, type Currency } from '../../../lib/vocab/trade-types.ts';
import type { AdjustInput } from '../../services/ops/money.ts';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, whole, withPageParam } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { LIMIT } from '../limits.ts';

/**
 * /svc/pay/operator — the console's finance desk beside the withdrawal review (财务 role): manual
 * top-up and system deduction (reason + second factor), recharge orders, a user's money, the audit.
 */
export const operatorMoneyRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const money = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.ops.money;

/** The body of /top-up and /deduct: the amount's sign and bounds are the service's. */
const adjustInput = z
  .object({
    currency: field.str().refine(isCurrency, whole(OPS_MSG.opsCurrencyInvalid)),
    amount: field
      .str()
      .refine((a) => a !== '' && Number.isSafeInteger(Number(a)), whole(OPS_MSG.opsAmountInvalid))
      .transform(Number),
    userId: field.count({ refusal: OPS_MSG.opsUserNotFound }),
    reason: field.str(),
    secondFactorCode: field.str(),
  })
  .transform(({ currency, secondFactorCode, ...adjust }): AdjustInput => ({
    ...adjust,
    currency: currency as Currency,
    code: secondFactorCode,
  }));

/**
 * POST /pay/operator/top-up {userId (not the caller's own), currency (diamond|ticket), amount (1–1 000 000),
 * reason (1–100), secondFactorCode} → {pending: false, recordId, amount, balanceAfter, currency}: a type 14
 * credit through the ledger; above TOP_UP_REVIEW_ABOVE → {pending: true, requestId, amount, currency}, a request
 * that a second finance staff member approves (ops-top-ups.ts).
 */
operatorMoneyRoutes.post('/top-up', LIMIT.staffMoney, async (c) => {
  const done = await money(c).topUp(c.var.user.id, await read(c, adjustInput));
  if (!done.pending) return ok(c, done);
  return ok(c, done, fill(OPS_MSG.topUpPending, { limit: c.var.app.config.topUpReviewAbove }));
});

/**
 * POST /pay/operator/deduct {… the same} → {pending: false, …}: a type 8 debit; beyond the balance it is 10020
 * and nothing moves.
 */
operatorMoneyRoutes.post('/deduct', LIMIT.staffMoney, async (c) =>
  ok(c, await money(c).deduct(c.var.user.id, await read(c, adjustInput))),
);

const userMoneyInput = withPageParam({
  pageNum: field.page(),
  pageSize: field.pageSize(30, 100),
  id: field.id(),
});

/** GET /pay/operator/users/{id}/money?pageNum&pageSize → {user{id, nickName, mobile (masked)}, balances, records{…}}. */
operatorMoneyRoutes.get('/users/:id/money', async (c) => {
  const { id, pageNum, pageSize } = await read(c, userMoneyInput);
  return ok(c, await money(c).userMoney(id, pageNum, pageSize));
});

const rechargeOrdersInput = withPageParam({
  status: field.optionalOneOf(ORDER_STATUSES),
  orderNo: field.optionalStr({ max: 40 }),
  userId: field.optionalId(),
  pageNum: field.page(),
  pageSize: field.pageSize(30, 100),
});

/** GET /pay/operator/recharge-orders?status&orderNo&userId&pageNum&pageSize → every user's orders, newest first. */
operatorMoneyRoutes.get('/recharge-orders', async (c) => {
  const { pageNum, pageSize, ...filter } = await read(c, rechargeOrdersInput);
  return ok(c, await money(c).rechargeOrders(filter, pageNum, pageSize));
});

/** POST /pay/operator/ledger-audit → {clean, mismatches[{userId, kind, currency, expected, actual, recordId?}], checkedAt}. */
operatorMoneyRoutes.post('/ledger-audit', async (c) => ok(c, await money(c).audit(c.var.user.id)));
