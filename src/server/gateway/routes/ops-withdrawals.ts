import { Hono } from 'hono';
import { requireAccess } from '../auth.ts';
import { z } from 'zod';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { WITHDRAW_STATUSES } from '../../../lib/vocab/pay-status.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../../errors.ts';
import type { GatewayEnv } from '../types.ts';
import { text, validate } from '../../validate.ts';
import { paging, pathId } from './wallet-input.ts';

/** /svc/pay/operator — withdrawal review for site staff (财务 role); the staff console builds on it. */
export const operatorRoutes = new Hono<GatewayEnv>().use(requireAccess('money.manage'));

const withdrawals = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet.withdrawals;
const NOTE_MAX = 100;

/**
 * GET /pay/operator/withdrawals?status (pending|paid|rejected)&pageNum&pageSize → {list[{…request,
 * user{id, nickName}, payToCardNo (full number, pending only)}], total, pageNum, pageSize}.
 */
operatorRoutes.get('/withdrawals', async (c) => {
  const query = c.req.query();
  const { status } = validate(z.object({ status: z.enum(WITHDRAW_STATUSES).optional() }), {
    status: query.status || undefined,
  });
  const { pageNum, pageSize } = paging(query);
  return ok(c, await withdrawals(c).queue(status, pageNum, pageSize));
});

/**
 * POST /pay/operator/withdrawals/{id}/approve {note}: the transfer was made and `note` is its payout
 * reference (打款流水号, 1–100 characters); the held 球票 are paid out.
 */
operatorRoutes.post('/withdrawals/:id/approve', async (c) => {
  const note = text((await readInput(c)).note);
  if (!note || [...note].length > NOTE_MAX) throw badRequest(WALLET_MSG.payoutRefRequired);
  const w = await withdrawals(c).approve(c.var.user.id, pathId(c), note);
  await c.var.app.services.opsNotices.withdrawal(w.id);
  return ok(c, w);
});

/** POST /pay/operator/withdrawals/{id}/reject {reason}: the held 球票 go back to the user (type 6). */
operatorRoutes.post('/withdrawals/:id/reject', async (c) => {
  const reason = text((await readInput(c)).reason);
  if (!reason || [...reason].length > NOTE_MAX) throw badRequest(WALLET_MSG.rejectReasonRequired);
  const w = await withdrawals(c).reject(c.var.user.id, pathId(c), reason);
  // The user reads the reason in 消息通知 (kind 提现).
  await c.var.app.services.opsNotices.withdrawal(w.id);
  return ok(c, w);
});
