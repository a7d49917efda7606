import { Hono } from 'hono';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { operatorRoutes } from './ops-withdrawals.ts';
import { operatorMoneyRoutes } from './ops-money.ts';
import { operatorTopUpRoutes } from './ops-top-ups.ts';
import { recordRoutes } from './wallet-records.ts';
import { roomPayRoutes } from './wallet-room.ts';
import { requestKey } from './wallet-input.ts';
import { withdrawRoutes } from './wallet-withdraw.ts';
import { text } from '../../validate.ts';
import { LIMIT } from '../limits.ts';

/** /svc/pay — the wallet (spec §7 "Payments", docs/wallet.md). */
export const payRoutes = new Hono<GatewayEnv>();

const me = (c: UserCtx) => c.var.user.id;
const wallet = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.wallet;

/** GET /pay/balances → {balance (球钻), ticket (球票), ticketHeld (球票 held by withdrawals)}. */
payRoutes.get('/balances', requireUser, async (c) => ok(c, await wallet(c).ledger.balances(me(c))));

/** GET /pay/setting → {diamondsPerYuan, packages[{id, yuan, amountFen, bonus, diamonds}], custom{minYuan, maxYuan}, methods[{code, name, demo}], orderTtlMinutes}. */
payRoutes.get('/setting', (c) => ok(c, wallet(c).recharge.setting()));

/**
 * POST /pay/recharge {packageId | amount (whole yuan), method, requestId?} → the order
 * {orderNo, amountFen, diamonds, bonus, method, status, expiresAt, payUrl, demo …}: send the browser to payUrl.
 */
payRoutes.post(
  '/recharge',
  requireUser,
  rateLimit({ name: 'recharge', max: 20, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const amount = text(input.amount);
    const order = await wallet(c).recharge.create(me(c), {
      packageId: text(input.packageId) || undefined,
      yuan: amount ? Number(amount) : undefined,
      method: text(input.method),
      key: requestKey(c, input),
    });
    return ok(c, order);
  },
);

/** GET /pay/order/{orderNo} → one of the caller's orders (the result page polls it). */
payRoutes.get('/order/:orderNo', requireUser, async (c) =>
  ok(c, await wallet(c).recharge.order(me(c), c.req.param('orderNo'))),
);

/** GET /pay/lowest → {lowest, highest, ticketsPerYuan}: the withdrawal bounds in 球票. */
payRoutes.get('/lowest', (c) => ok(c, wallet(c).withdrawals.lowest()));

/**
 * POST /pay/notify/{provider}: the payment provider's callback (no login; the signature is the
 * proof). → {credited, status}. A forged callback is a 400 and changes nothing.
 */
payRoutes.post(
  '/notify/:provider',
  rateLimit({ name: 'pay-notify', max: 300, windowMs: 60_000 }),
  async (c) => {
    const input = await readInput(c);
    const params = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, text(v)]));
    const { credited, order } = await wallet(c).recharge.handleNotify(c.req.param('provider'), params);
    return ok(c, { credited, status: order.status });
  },
);

/** POST /pay/sandbox/{orderNo}/pay | /cancel: the sandbox cashier's buttons → {order, returnUrl}. */
payRoutes.post('/sandbox/:orderNo/:action{pay|cancel}', requireUser, LIMIT.sandboxPay, async (c) => {
  const orderNo = c.req.param('orderNo');
  const order = await wallet(c).cashier.act(me(c), orderNo, c.req.param('action') as 'pay' | 'cancel');
  return ok(c, { order, returnUrl: `/v/pay?orderNo=${encodeURIComponent(orderNo)}` });
});

payRoutes.route('/', withdrawRoutes);
payRoutes.route('/', recordRoutes);
payRoutes.route('/', roomPayRoutes);
payRoutes.route('/operator', operatorRoutes);
payRoutes.route('/operator', operatorMoneyRoutes);
payRoutes.route('/operator', operatorTopUpRoutes);
