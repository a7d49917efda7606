import { CHANNEL, WS_CODE } from '../lib/realtime/codes.ts';
import { refundNotice } from '../lib/tips/messages.ts';
import { announceBalances } from '../lib/wallet-events.ts';
import { connectSocket, onFrame, subscribe } from '../stores/socket.ts';

/** Fetches this page again and swaps the plan in place: result, score, pick, analysis, the expert's record. */
async function refresh(tries = 3): Promise<void> {
  const html = await fetch(location.href, { credentials: 'same-origin', cache: 'no-store' })
    .then((r) => (r.ok ? r.text() : ''))
    .catch(() => '');
  const next = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-plan]');
  const current = document.querySelector('[data-plan]');
  if (next && current) current.replaceWith(next);
  // The notice can outrun a replica that has not seen the settlement yet: ask again shortly.
  if (tries > 1 && next?.getAttribute('data-plan-status') === 'open')
    setTimeout(() => void refresh(tries - 1), 1500);
}

/**
 * An open plan's page follows its settlement without a reload: when `match:{id}` announces this
 * plan settled, the plan is redrawn in place (result, pick now free, the expert's record); a buyer's
 * `user:{id}` notice carries the refund, shown under the plan, and the new balances for the header.
 */
export function follow(planId: number, matchId: number) {
  connectSocket();
  subscribe(CHANNEL.match(matchId));
  // A buyer hears of the refund on their own channel (the header may not have subscribed it).
  const viewer = Number(document.querySelector<HTMLElement>('[data-plan-refund]')?.dataset.viewer);
  if (viewer) subscribe(CHANNEL.user(viewer));
  onFrame((frame) => {
    if (frame.code === WS_CODE.message && frame.data.payload.planId === planId) void refresh();
    const notice = frame.code === WS_CODE.userNotice ? frame.data.payload : null;
    if (notice?.type !== 'tip' || notice.planId !== planId) return;
    const out = document.querySelector<HTMLElement>('[data-plan-refund]');
    if (out && notice.refund > 0)
      out.textContent = refundNotice(notice.status, notice.resultName, notice.refund);
    announceBalances(notice.balances);
  });
}
