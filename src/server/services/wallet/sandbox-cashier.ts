import { randomInt } from 'node:crypto';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { PaymentProviders } from '../../providers/payment/index.ts';
import type { RechargeService } from './recharge.ts';

/**
 * The sandbox provider's cashier (/pay/sandbox/{orderNo}): stands in for the payment site. Paying
 * or cancelling there sends the provider's signed callback through the same handler as a real
 * callback, so the sandbox proves the whole settlement path. Only the order's owner may use it.
 */
export function createSandboxCashier(deps: { recharge: RechargeService; providers: PaymentProviders }) {
  const { recharge, providers } = deps;

  async function sandboxOrder(userId: number, orderNo: string) {
    const order = await recharge.order(userId, orderNo);
    if (!providers.sandbox || order.provider !== providers.sandbox.name)
      throw notFound(WALLET_MSG.orderNotFound);
    return { order, sandbox: providers.sandbox };
  }

  return {
    /** The order as the cashier shows it, with the name of the method it imitates. */
    async view(userId: number, orderNo: string) {
      const { order, sandbox } = await sandboxOrder(userId, orderNo);
      return {
        ...order,
        methodName: sandbox.methods.find((m) => m.code === order.method)?.name ?? order.method,
      };
    },

    /** 确认支付 / 取消支付. Returns the settled order; an order past its time fails with 订单已过期. */
    async act(userId: number, orderNo: string, action: 'pay' | 'cancel') {
      const { order, sandbox } = await sandboxOrder(userId, orderNo);
      if (order.status === 'paid' && action === 'pay') return order;
      const tradeNo = `SB${Date.now()}${String(randomInt(1000)).padStart(3, '0')}`;
      const params = sandbox.signNotice({
        orderNo,
        tradeNo,
        amountFen: order.amountFen,
        status: action === 'pay' ? 'paid' : 'closed',
      });
      const { order: settled } = await recharge.handleNotify(sandbox.name, params);
      if (settled.status === 'expired') throw badRequest(WALLET_MSG.orderExpired);
      if (action === 'pay' && settled.status === 'cancelled') throw badRequest(WALLET_MSG.orderCancelled);
      if (action === 'cancel' && settled.status === 'paid') throw badRequest(WALLET_MSG.orderPaid);
      return settled;
    },
  };
}

export type SandboxCashier = ReturnType<typeof createSandboxCashier>;
