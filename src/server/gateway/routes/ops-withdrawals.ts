import { Hono } from 'hono';
import { requireAccess } from '../auth.ts';
import { z } from 'zod';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { WITHDRAW_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { ok } from '../envelope.ts';
import { field, read, whole, withPageParam } from '../input.ts';
import type { GatewayEnv } from '../types.ts';

/** /svc/pay/operator — withdrawal review for site staff (财务 role); the staff console builds on it. */
export const operatorRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const withdrawals = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet.withdrawals;
const NOTE_MAX = 100;

const queueInput = withPageParam({
  status: field.optionalOneOf(WITHDRAW_STATUSES),
  pageNum: field.page(),
  pageSize: field.pageSize(30, 100),
});

/**
 * GET /pay/operator/withdrawals?status (pending|paid|rejected)&pageNum&pageSize → {list[{…request,
 * user{id, nickName}, payToCardNo (full number, pending only)}], total, pageNum, pageSize}.
 */
operatorRoutes.get('/withdrawals', async (c) => {
  const { status, pageNum, pageSize } = await read(c, queueInput);
  return ok(c, await withdrawals(c).queue(status, pageNum, pageSize));
});

const approveInput = z.object({
  note: field.chars(1, NOTE_MAX, whole(WALLET_MSG.payoutRefRequired)),
  id: field.id(),
});

/**
 * POST /pay/operator/withdrawals/{id}/approve {note}: the transfer was made and `note` is its payout
 * reference (打款流水号, 1–100 characters); the held 球票 are paid out.
 */
operatorRoutes.post('/withdrawals/:id/approve', async (c) => {
  const { note, id } = await read(c, approveInput);
  const w = await withdrawals(c).approve(c.var.user.id, id, note);
  await c.var.app.services.opsNotices.withdrawal(w.id);
  return ok(c, w);
});

const rejectInput = z.object({
  reason: field.chars(1, NOTE_MAX, whole(WALLET_MSG.rejectReasonRequired)),
  id: field.id(),
});

/** POST /pay/operator/withdrawals/{id}/reject {reason}: the held 球票 go back to the user (type 6). */
operatorRoutes.post('/withdrawals/:id/reject', async (c) => {
  const { reason, id } = await read(c, rejectInput);
  const w = await withdrawals(c).reject(c.var.user.id, id, reason);
  // The user reads the reason in 消息通知 (kind 提现).
  await c.var.app.services.opsNotices.withdrawal(w.id);
  return ok(c, w);
});
