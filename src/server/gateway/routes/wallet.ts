import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, requestKey } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { operatorRoutes } from './ops-withdrawals.ts';
import { operatorMoneyRoutes } from './ops-money.ts';
import { operatorTopUpRoutes } from './ops-top-ups.ts';
import { recordRoutes } from './wallet-records.ts';
import { roomPayRoutes } from './wallet-room.ts';
import { withdrawRoutes } from './wallet-withdraw.ts';
import { LIMIT } from '../limits.ts';

/** /svc/pay — the wallet (spec §7 "Payments", docs/wallet.md). */
export const payRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;
const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;

/** GET /pay/balances → {balance (球钻), ticket (球票), ticketHeld (球票 held by withdrawals)}. */
payRoutes.get('/balances', requireUser, async (c) => ok(c, await wallet(c).ledger.balances(me(c))));

/** GET /pay/setting → {diamondsPerYuan, packages[{id, yuan, amountFen, bonus, diamonds}], custom{minYuan, maxYuan}, methods[{code, name, demo}], orderTtlMinutes}. */
payRoutes.get('/setting', (c) => ok(c, wallet(c).recharge.setting()));

const rechargeInput = z.object({
  packageId: field.optionalStr(),
  amount: field.optionalStr().transform((yuan) => (yuan === undefined ? undefined : Number(yuan))),
  method: field.str(),
  requestId: field.str(),
});

/**
 * POST /pay/recharge {packageId | amount (whole yuan), method, requestId?} → the order
 * {orderNo, amountFen, diamonds, bonus, method, status, expiresAt, payUrl, demo …}: send the browser to payUrl.
 */
payRoutes.post(
  '/recharge',
  requireUser,
  rateLimit({ name: 'recharge', max: 20, windowMs: 600_000 }),
  async (c) => {
    const { packageId, amount, method, requestId } = await read(c, rechargeInput);
    const order = await wallet(c).recharge.create(me(c), {
      packageId,
      yuan: amount,
      method,
      key: requestKey(c, requestId),
    });
    return ok(c, order);
  },
);

const orderInput = z.object({ orderNo: field.str() });

/** GET /pay/order/{orderNo} → one of the caller's orders (the result page polls it). */
payRoutes.get('/order/:orderNo', requireUser, async (c) => {
  const { orderNo } = await read(c, orderInput);
  return ok(c, await wallet(c).recharge.order(me(c), orderNo));
});

/** GET /pay/lowest → {lowest, highest, ticketsPerYuan}: the withdrawal bounds in 球票. */
payRoutes.get('/lowest', (c) => ok(c, wallet(c).withdrawals.lowest()));

const notifyInput = z.record(z.string(), field.str());

/** Every field the provider signed, as text; `provider` is the path's. */
/**
 * POST /pay/notify/{provider}: the payment provider's callback (no login; the signature is the
 * proof). → {credited, status}. A forged callback is a 400 and changes nothing.
 */
payRoutes.post(
  '/notify/:provider',
  rateLimit({ name: 'pay-notify', max: 300, windowMs: 60_000 }),
  async (c) => {
    const { provider, ...params } = await read(c, notifyInput);
    const { credited, order } = await wallet(c).recharge.handleNotify(provider, params);
    return ok(c, { credited, status: order.status });
  },
);

const sandboxInput = z.object({ orderNo: field.str(), action: field.oneOf(['pay', 'cancel']) });

/** POST /pay/sandbox/{orderNo}/pay | /cancel: the sandbox cashier's buttons → {order, returnUrl}. */
payRoutes.post('/sandbox/:orderNo/:action{pay|cancel}', requireUser, LIMIT.sandboxPay, async (c) => {
  const { orderNo, action } = await read(c, sandboxInput);
  const order = await wallet(c).cashier.act(me(c), orderNo, action);
  return ok(c, { order, returnUrl: `/v/pay?orderNo=${encodeURIComponent(orderNo)}` });
});

payRoutes.route('/', withdrawRoutes);
payRoutes.route('/', recordRoutes);
payRoutes.route('/', roomPayRoutes);
payRoutes.route('/operator', operatorRoutes);
payRoutes.route('/operator', operatorMoneyRoutes);
payRoutes.route('/operator', operatorTopUpRoutes);
