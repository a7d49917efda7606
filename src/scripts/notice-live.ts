import { alertHoldMs } from '../lib/follows/alert-hold.ts';
import type { UnreadTotals } from '../lib/dm/types.ts';
import { holdQueue } from '../lib/live/hold-queue.ts';
import { CHANNEL, WS_CODE } from '../lib/realtime/codes.ts';
import { connectSocket, onFrame, subscribe } from '../stores/socket.ts';
import { $watching } from '../stores/stream-delay.ts';
import { call } from './svc.ts';

/**
 * On a score board page (/football, /basketball and their lists) a match alert (goal, behind, full
 * time of a followed team) goes in the board's own toast area, in place of the board's goal line for
 * that match, so the fan sees it once.
 */
function boardToast(href: string, text: string): boolean {
  const area = document.querySelector<HTMLElement>('score-board [data-toast]');
  const matchId = /^\/(?:football|basketball)\/live\/(\d+)$/.exec(href)?.[1];
  if (!area || !matchId) return false;
  area.querySelector(`[data-mid="${matchId}"]`)?.remove();
  const tip = document.createElement('a');
  tip.href = href;
  tip.dataset.noticeToast = '';
  tip.dataset.mid = matchId;
  tip.dataset.alert = '';
  tip.className = /^进球/.test(text) ? 'score-toast is-goal' : 'score-toast';
  tip.textContent = text;
  area.prepend(tip);
  setTimeout(() => tip.remove(), 6000);
  return true;
}

function toast(href: string, text: string) {
  const tip = document.createElement('a');
  tip.href = href;
  tip.setAttribute('role', 'status');
  tip.dataset.noticeToast = '';
  tip.className =
    'fixed right-4 top-20 z-[60] max-w-xs rounded-md bg-white px-4 py-3 text-sm shadow-xl border border-line';
  tip.textContent = text;
  document.body.append(tip);
  setTimeout(() => tip.remove(), 6000);
}

/**
 * Live badge: the shared socket, subscribed to `user:{id}`. The badge counts notifications and
 * private messages together: a notice (WS_CODE.userNotice) bumps it and shows its title; a private
 * message or a read receipt of mine (WS_CODE.privateMessage) makes it ask /svc/message/unread.
 */
export function listen(badge: HTMLElement) {
  const userId = Number(badge.dataset.user);
  const count = badge.querySelector<HTMLElement>('[data-count]')!;
  const show = (n: number) => {
    count.textContent = n > 99 ? '99+' : String(n);
    count.hidden = n === 0;
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const recount = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => void call<UnreadTotals>('GET', '/message/unread').then((r) => r.code === 200 && show(r.data.all)),
      300,
    );
  };
  const hold = holdQueue();
  connectSocket();
  subscribe(CHANNEL.user(userId));
  onFrame((frame) => {
    if (frame.code === WS_CODE.userNotice && frame.data.payload.type === 'notice') {
      const { notice } = frame.data.payload;
      // A follow alert for the match this page's live room plays waits for the picture (its delay),
      // in the order the alerts came (进球 before 完场 even when the measured delay shrank between them).
      hold(alertHoldMs(notice, $watching.get()), () => {
        show((Number.parseInt(count.textContent ?? '0', 10) || 0) + 1);
        const href = notice.link ?? '/v/message';
        if (notice.kind !== 'match' || !boardToast(href, notice.title)) toast(href, notice.title);
      });
    } else if (frame.code === WS_CODE.privateMessage) {
      const d = frame.data.payload;
      const fromOther = d.type === 'message' && (d.message.senderId !== userId || d.message.fromService);
      if (fromOther || (d.type === 'read' && d.readerId === userId)) recount();
      if (fromOther && location.pathname !== '/message/chat')
        toast(`/message/chat?c=${d.conversationId}`, '你收到一条新私信');
    }
  });
}
