import { api, cookie } from '../lib/api/index.ts';
import type { NoticeView } from '../lib/community/types.ts';
import { CHANNEL, WS_CODE } from '../lib/realtime/codes.ts';
import { $lastMessage, connectSocket, subscribe } from '../stores/socket.ts';

/**
 * Live notifications: the shared socket, subscribed to `user:{id}`; a WS_CODE.userNotice carrying
 * `{type: 'notice'}` bumps the header badge and shows the title for a few seconds.
 */
export function listen(badge: HTMLElement) {
  const userId = Number(badge.dataset.user);
  const count = badge.querySelector<HTMLElement>('[data-count]')!;
  connectSocket({ getToken: cookie.readToken, api });
  subscribe(CHANNEL.user(userId));
  $lastMessage.listen((m) => {
    const frame = m as { code?: number; data?: { payload?: { type?: string; notice?: NoticeView } } } | null;
    const notice =
      frame?.code === WS_CODE.userNotice && frame.data?.payload?.type === 'notice'
        ? frame.data.payload.notice
        : null;
    if (!notice) return;
    const n = (Number.parseInt(count.textContent ?? '0', 10) || 0) + 1;
    count.textContent = n > 99 ? '99+' : String(n);
    count.hidden = false;
    const tip = document.createElement('a');
    tip.href = notice.link ?? '/v/message';
    tip.setAttribute('role', 'status');
    tip.dataset.noticeToast = '';
    tip.className =
      'fixed right-4 top-20 z-[60] max-w-xs rounded-md bg-white px-4 py-3 text-sm shadow-xl border border-line';
    tip.textContent = notice.title;
    document.body.append(tip);
    setTimeout(() => tip.remove(), 6000);
  });
}
