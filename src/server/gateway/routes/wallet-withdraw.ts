import { Hono } from 'hono';
import { z } from 'zod';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { forbidden } from '../../errors.ts';
import { field, read, requestKey, sealedPayPassword, withPageParam } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';

/** /svc/pay — withdrawals, bank cards and the pay password. Every route needs a login. */
export const withdrawRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;
const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;
const sensitive = (name: string) => rateLimit({ name, max: 20, windowMs: 600_000 });

const withdrawInput = z.object({
  amount: field.count({ refusal: WALLET_MSG.withdrawAmountInvalid }),
  cardId: field.count({ refusal: WALLET_MSG.bankCardNotFound }),
  requestId: field.str(),
  ...sealedPayPassword,
});

/**
 * POST /pay/withdraw {amount (球票), cardId, payPassword, key, iv, requestId?} → the request
 * {id, amount, payoutFen, bankName, cardNo (masked), status 'pending', statusName 审核中 …}.
 * Needs real-name verification, an own card and the pay password (sealed with getDynamicKey).
 */
withdrawRoutes.post('/withdraw', requireUser, sensitive('withdraw'), async (c) => {
  const { requestId, ...request } = await read(c, withdrawInput);
  const result = await wallet(c).withdrawals.request(me(c), {
    ...request,
    requestKey: requestKey(c, requestId),
  });
  return ok(c, result);
});

const bindCardInput = z.object({ cardNo: field.str(), bankName: field.str() });

/** POST /pay/bind-card {cardNo, bankName} → the card {id, bankName, cardNo (masked), tail, holder, createdAt}. */
withdrawRoutes.post('/bind-card', requireUser, sensitive('bind-card'), async (c) =>
  ok(c, await wallet(c).cards.bind(me(c), await read(c, bindCardInput))),
);

const cardInput = z.object({ id: field.id() });

/** POST /pay/unbind-card/{id}: removes one of the caller's cards (404 for anyone else's). */
withdrawRoutes.post('/unbind-card/:id', requireUser, async (c) => {
  const { id } = await read(c, cardInput);
  await wallet(c).cards.unbind(me(c), id);
  return ok(c, null);
});

const cardListInput = z.object({ id: field.id() });

/** GET /pay/card-list/{id} → the cards of user {id}: only the user themself may look. */
withdrawRoutes.get('/card-list/:id', requireUser, async (c) => {
  const { id } = await read(c, cardListInput);
  if (id !== me(c)) throw forbidden();
  return ok(c, await wallet(c).cards.list(me(c)));
});

const payPassInput = z.object({
  verifyCode: field.str(),
  mobile: field.optionalMobile(),
  ...sealedPayPassword,
});

/**
 * POST /pay/change/pay-pass {verifyCode, mobile?, payPassword, key, iv}: sets, changes or resets
 * the pay password with an SMS code (type 4) sent to the account's own phone; clears a lock.
 */
withdrawRoutes.post('/change/pay-pass', requireUser, sensitive('pay-pass'), async (c) => {
  await wallet(c).payPassword.change(me(c), await read(c, payPassInput));
  return ok(c, null);
});

const withdrawListInput = withPageParam({ pageNum: field.page(), pageSize: field.pageSize(30, 100) });

/** POST /pay/record/withdraw {pageNum, pageSize} → {list of requests, total, pageNum, pageSize}. */
withdrawRoutes.post('/record/withdraw', requireUser, async (c) => {
  const { pageNum, pageSize } = await read(c, withdrawListInput);
  return ok(c, await wallet(c).withdrawals.list(me(c), pageNum, pageSize));
});
