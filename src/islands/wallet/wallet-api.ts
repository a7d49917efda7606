import { api } from '../../lib/api/index.ts';
import { announceBalances } from '../../lib/wallet-events.ts';
import { $balancesInfo, type Balances } from '../../stores/auth.ts';
import { encryptedPassword } from '../auth/auth-api.ts';

/** Reads the balances again after money moved, and tells the header. */
export async function refreshBalances(): Promise<Balances & { ticketHeld: number }> {
  const { data } = await api.get<Balances & { ticketHeld: number }>('/pay/balances');
  $balancesInfo.set({ balance: data.balance, ticket: data.ticket });
  announceBalances(data);
  return data;
}

/** The pay password sealed with a fresh one-time key (the password transport of docs/auth.md). */
export async function sealedPayPassword(payPassword: string) {
  const { password, key, iv } = await encryptedPassword(payPassword);
  return { payPassword: password, key, iv };
}
