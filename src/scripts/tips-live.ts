import { CHANNEL, WS_CODE } from '../lib/realtime/codes.ts';
import { announceBalances } from '../lib/wallet-events.ts';
import { connectSocket, onFrame, subscribe } from '../stores/socket.ts';

/**
 * An open plan's page follows its settlement: when `match:{id}` announces this plan settled, the
 * page reloads to show the result (and the pick, now free); a buyer's `user:{id}` notice carries the
 * new balances for the header.
 */
export function follow(planId: number, matchId: number) {
  connectSocket();
  subscribe(CHANNEL.match(matchId));
  onFrame((frame) => {
    if (frame.code === WS_CODE.message && frame.data.payload.planId === planId)
      setTimeout(() => location.reload(), 300);
    const notice = frame.code === WS_CODE.userNotice ? frame.data.payload : null;
    if (notice?.type === 'tip' && notice.planId === planId) announceBalances(notice.balances);
  });
}
