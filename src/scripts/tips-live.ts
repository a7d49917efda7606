import { api, cookie } from '../lib/api/index.ts';
import { CHANNEL, WS_CODE } from '../lib/realtime/codes.ts';
import { announceBalances } from '../lib/wallet-events.ts';
import { $lastMessage, connectSocket, subscribe } from '../stores/socket.ts';

interface TipPayload {
  type?: string;
  planId?: number;
  balances?: { balance: number; ticket: number };
}

/**
 * An open plan's page follows its settlement: when `match:{id}` announces this plan settled, the
 * page reloads to show the result (and the pick, now free); a buyer's `user:{id}` notice carries the
 * new balances for the header.
 */
export function follow(planId: number, matchId: number) {
  connectSocket({ getToken: cookie.readToken, api });
  subscribe(CHANNEL.match(matchId));
  $lastMessage.listen((m) => {
    const frame = m as { code?: number; data?: { payload?: TipPayload } } | null;
    const payload = frame?.data?.payload;
    if (payload?.type !== 'tip' || payload.planId !== planId) return;
    if (frame?.code === WS_CODE.userNotice && payload.balances) announceBalances(payload.balances);
    if (frame?.code === WS_CODE.message) setTimeout(() => location.reload(), 300);
  });
}
