/**
 * A payment provider (支付渠道): where the browser pays a recharge order and how its callback is
 * verified. The recharge service (services/wallet/recharge.ts) is the only caller; the ledger never
 * sees a provider. To add Alipay or WeChat Pay, implement this interface (their SDKs sign with RSA
 * or an API key: `verify` checks that and maps their fields onto PaymentNotice) and list it in index.ts.
 */
export interface PayMethod {
  /** 'alipay' | 'wechat' … what the recharge form sends as `method`. */
  code: string;
  name: string;
}

export interface PaymentOrder {
  orderNo: string;
  amountFen: number;
  subject: string;
  method: string;
  expiresAt: Date;
}

/** What a verified callback says happened to an order. */
export interface PaymentNotice {
  orderNo: string;
  /** The provider's own number for the payment. */
  tradeNo: string;
  amountFen: number;
  /** paid: the money arrived; closed: the payer cancelled at the provider. */
  status: 'paid' | 'closed';
}

export interface PaymentProvider {
  name: string;
  /** Not real money (the sandbox): the pages show a 演示 badge. */
  demo: boolean;
  methods: PayMethod[];
  /** The page the browser goes to to pay the order. */
  payUrl(order: PaymentOrder): Promise<string>;
  /** The notice carried by callback parameters, or null when they are not genuinely signed. */
  verify(params: Record<string, string>): PaymentNotice | null;
}
