/** The browser event wallet islands fire after money moved, so the header's balances follow. */
export const BALANCES_EVENT = 'qyq:balances';

export interface BalancesDetail {
  balance: number;
  ticket: number;
}

export function announceBalances(detail: BalancesDetail): void {
  dispatchEvent(new CustomEvent<BalancesDetail>(BALANCES_EVENT, { detail }));
}
