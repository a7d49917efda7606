/** The wallet's sections, each its own server-rendered view of /v/wallet?tab=… */
export const WALLET_TABS = [
  { id: 'records', label: '交易记录' },
  { id: 'income', label: '收入明细' },
  { id: 'withdraw', label: '提现' },
  { id: 'cards', label: '银行卡' },
  { id: 'nobility', label: '贵族' },
] as const;

export type WalletTab = (typeof WALLET_TABS)[number]['id'];

export const walletTab = (raw: string | null): WalletTab =>
  WALLET_TABS.find((t) => t.id === raw)?.id ?? 'records';
