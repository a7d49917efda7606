import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import type { PaymentConfig } from '../../config.ts';
import type { PaymentProvider } from './payment.ts';

export type { PayMethod, PaymentNotice, PaymentOrder, PaymentProvider } from './payment.ts';
export type { SandboxProvider } from './sandbox.ts';

export interface PaymentProviders {
  /** Every provider in use, by name (the `{provider}` of /pay/notify/{provider}). */
  byName: Map<string, PaymentProvider>;
  /** The provider that takes a payment method ('alipay' → …), or undefined. */
  forMethod(method: string): PaymentProvider | undefined;
  /** The sandbox, when it is in use (its cashier page needs it). */
  sandbox: SandboxProvider | null;
}

/**
 * The providers in use, as PAYMENT_PROVIDER says. Only the sandbox exists today (it is the tested
 * implementation of PaymentProvider); a real Alipay or WeChat Pay provider is built here from its
 * own settings (app id, keys, notify URL) and takes over the methods it serves — docs/providers.md.
 */
export function createPaymentProviders(appSecret: string, config: PaymentConfig): PaymentProviders {
  const sandbox = config.provider === 'sandbox' ? createSandboxProvider(appSecret) : null;
  if (!sandbox) throw new Error(`payment provider ${config.provider} is not built`);
  const list: PaymentProvider[] = [sandbox];
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    byName,
    forMethod: (method) => list.find((p) => p.methods.some((m) => m.code === method)),
    sandbox,
  };
}
