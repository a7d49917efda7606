import { Hono } from 'hono';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { digitsOnly } from '../../../lib/validation.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { forbidden } from '../../errors.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { paging, pathId, requestKey, sealedPay, wholeNumber } from './wallet-input.ts';
import { text } from '../../validate.ts';

/** /svc/pay — withdrawals, bank cards and the pay password. Every route needs a login. */
export const withdrawRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;
const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;
const sensitive = (name: string) => rateLimit({ name, max: 20, windowMs: 600_000 });

/**
 * POST /pay/withdraw {amount (球票), cardId, payPassword, key, iv, requestId?} → the request
 * {id, amount, payoutFen, bankName, cardNo (masked), status 'pending', statusName 审核中 …}.
 * Needs real-name verification, an own card and the pay password (sealed with getDynamicKey).
 */
withdrawRoutes.post('/withdraw', requireUser, sensitive('withdraw'), async (c) => {
  const input = await readInput(c);
  const result = await wallet(c).withdrawals.request(me(c), {
    amount: wholeNumber(input, 'amount', WALLET_MSG.withdrawAmountInvalid),
    cardId: wholeNumber(input, 'cardId', WALLET_MSG.bankCardNotFound),
    requestKey: requestKey(c, input),
    ...sealedPay(input),
  });
  return ok(c, result);
});

/** POST /pay/bind-card {cardNo, bankName} → the card {id, bankName, cardNo (masked), tail, holder, createdAt}. */
withdrawRoutes.post('/bind-card', requireUser, sensitive('bind-card'), async (c) => {
  const input = await readInput(c);
  return ok(
    c,
    await wallet(c).cards.bind(me(c), { cardNo: text(input.cardNo), bankName: text(input.bankName) }),
  );
});

/** POST /pay/unbind-card/{id}: removes one of the caller's cards (404 for anyone else's). */
withdrawRoutes.post('/unbind-card/:id', requireUser, async (c) => {
  await wallet(c).cards.unbind(me(c), pathId(c));
  return ok(c, null);
});

/** GET /pay/card-list/{id} → the cards of user {id}: only the user themself may look. */
withdrawRoutes.get('/card-list/:id', requireUser, async (c) => {
  if (pathId(c) !== me(c)) throw forbidden();
  return ok(c, await wallet(c).cards.list(me(c)));
});

/**
 * POST /pay/change/pay-pass {verifyCode, mobile?, payPassword, key, iv}: sets, changes or resets
 * the pay password with an SMS code (type 4) sent to the account's own phone; clears a lock.
 */
withdrawRoutes.post('/change/pay-pass', requireUser, sensitive('pay-pass'), async (c) => {
  const input = await readInput(c);
  const mobile = digitsOnly(text(input.mobile)) || undefined;
  await wallet(c).payPassword.change(me(c), {
    verifyCode: text(input.verifyCode),
    mobile,
    ...sealedPay(input),
  });
  return ok(c, null);
});

/** POST /pay/record/withdraw {pageNum, pageSize} → {list of requests, total, pageNum, pageSize}. */
withdrawRoutes.post('/record/withdraw', requireUser, async (c) => {
  const { pageNum, pageSize } = paging(await readInput(c));
  return ok(c, await wallet(c).withdrawals.list(me(c), pageNum, pageSize));
});
