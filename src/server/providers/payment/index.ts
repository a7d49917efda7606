import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
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
 * The providers in use. Only the sandbox exists today; a real Alipay or WeChat Pay provider is
 * added here, from its configuration, and takes over the methods it serves.
 */
export function createPaymentProviders(appSecret: string): PaymentProviders {
  const sandbox = createSandboxProvider(appSecret);
  const list: PaymentProvider[] = [sandbox];
  const byName = new Map(list.map((p) => [p.name, p]));
  return {
    byName,
    forMethod: (method) => list.find((p) => p.methods.some((m) => m.code === method)),
    sandbox,
  };
}
