import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../secrets.ts';
import type { PaymentNotice, PaymentProvider } from './payment.ts';

/** Canonical form of the signed fields: sorted `k=v` pairs joined by '&' (as Alipay does). */
const canonical = (params: Record<string, string>) =>
  Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export interface SandboxProvider extends PaymentProvider {
  /** The sandbox cashier's side: the signed callback it sends when the payer pays or cancels. */
  signNotice(notice: PaymentNotice): Record<string, string>;
}

/**
 * 演示收银台: the default provider, for one machine without any payment account. Its cashier is
 * the page /pay/sandbox/{orderNo}; paying there sends a callback signed with HMAC-SHA256 under a
 * key derived from APP_SECRET, which only this site can make or check. No real money moves.
 */
export function createSandboxProvider(appSecret: string): SandboxProvider {
  const key = deriveKey(appSecret, 'payment');
  const sign = (params: Record<string, string>) =>
    createHmac('sha256', key).update(canonical(params)).digest('hex');

  return {
    name: 'sandbox',
    demo: true,
    methods: [
      { code: 'alipay', name: '支付宝' },
      { code: 'wechat', name: '微信支付' },
    ],

    async payUrl(order) {
      return `/pay/sandbox/${encodeURIComponent(order.orderNo)}`;
    },

    signNotice(notice) {
      const params = {
        orderNo: notice.orderNo,
        tradeNo: notice.tradeNo,
        amountFen: String(notice.amountFen),
        status: notice.status,
        notifyTime: new Date().toISOString(),
        nonce: randomBytes(8).toString('hex'),
      };
      return { ...params, sign: sign(params) };
    },

    verify(params) {
      const given = Buffer.from(String(params.sign ?? ''), 'hex');
      const expected = Buffer.from(sign(params), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const amountFen = Number(params.amountFen);
      if (!params.orderNo || !params.tradeNo || !Number.isSafeInteger(amountFen)) return null;
      if (params.status !== 'paid' && params.status !== 'closed') return null;
      return { orderNo: params.orderNo, tradeNo: params.tradeNo, amountFen, status: params.status };
    },
  };
}
