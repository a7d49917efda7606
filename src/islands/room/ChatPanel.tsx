import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { Sender } from '../../lib/live/types.ts';
import ChatInput, { type ChatDraft } from './ChatInput.tsx';
import ChatLine, { type FeedItem } from './ChatLine.tsx';

// A name's menu (@, the anchor's and managers' bans, 举报) loads the first time a name is tapped.
const UserMenu = lazy(() => import('./UserMenu.tsx'));

/**
 * Lines kept on the page while the viewer follows the newest ones: at 2,000 messages an hour the list
 * would otherwise grow for ever. A tall desktop chat shows about 30 lines, so 100 is three screens of
 * scrollback; scrolled up, the viewer reads everything the room keeps (LiveRoom's MAX_ITEMS).
 */
export const LIVE_LINES = 100;

interface Props {
  items: FeedItem[];
  welcome: string | null;
  notice: string;
  hasMore: boolean;
  onOlder(): void;
  me: { id: number; level: number; nobilityLevel: number } | null;
  /** 'anchor' | 'manager' may ban from a name's menu. */
  role: string | null;
  forbidden: boolean;
  onSend(draft: ChatDraft): Promise<string | null>;
  onBan(sender: Sender, minutes?: number): Promise<string | null>;
  onGrab(packetId: number): void;
  /** Shown at the end of the input's row (the phone's 礼物 button). */
  inputExtra?: ReactNode;
}

/** The chat column: welcome and notice, the list (kept at the bottom unless the viewer scrolled up), a name's menu, the input. */
export default function ChatPanel(p: Props) {
  const list = useRef<HTMLUListElement>(null);
  const [pinned, setPinned] = useState(true);
  const [menu, setMenu] = useState<{ sender: Sender; messageId?: number } | null>(null);
  const [at, setAt] = useState<{ id: number; nickName: string } | null>(null);
  const admin = p.role === 'anchor' || p.role === 'manager';
  const shown = pinned ? p.items.slice(-LIVE_LINES) : p.items;
  const onUser = useCallback((sender: Sender, messageId?: number) => setMenu({ sender, messageId }), []);

  useLayoutEffect(() => {
    if (pinned && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [p.items, pinned]);

  const onScroll = () => {
    const el = list.current;
    if (el) setPinned(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
  };

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="聊天">
      <div className="border-b border-line px-3 py-1.5 text-xs leading-5">
        {/* The welcome comes after the page (it announces the entry): its line is kept, so nothing moves. */}
        <p
          className="min-h-5 truncate text-brand md:line-clamp-2 md:min-h-10 md:whitespace-normal"
          data-welcome
        >
          {p.welcome}
        </p>
        {p.notice && (
          <p className="line-clamp-2 text-ink-soft">
            <b className="text-accent">公告：</b>
            {p.notice}
          </p>
        )}
      </div>
      <div className="relative min-h-0 flex-1">
        <ul
          ref={list}
          onScroll={onScroll}
          className="absolute inset-0 overflow-y-auto overscroll-contain py-1"
          aria-live="polite"
          aria-relevant="additions"
          data-chat-list
        >
          {p.hasMore && shown.length === p.items.length && (
            <li className="text-center">
              <button
                type="button"
                onClick={p.onOlder}
                className="min-h-11 px-3 text-xs text-ink-mute hover:text-brand md:min-h-0 md:py-1"
              >
                查看更早的消息
              </button>
            </li>
          )}
          {p.items.length === 0 && (
            <li className="py-8 text-center text-xs text-ink-mute">暂无聊天消息，来说第一句吧</li>
          )}
          {shown.map((item) => (
            // One hydration unit per line (LiveRoom.tsx: why boundaries, and why small ones).
            <Suspense key={item.key} fallback={null}>
              <ChatLine item={item} onUser={onUser} onGrab={p.me ? p.onGrab : undefined} />
            </Suspense>
          ))}
        </ul>
        {!pinned && (
          <button
            type="button"
            onClick={() => setPinned(true)}
            className="absolute bottom-2 left-1/2 min-h-11 -translate-x-1/2 rounded-full bg-brand px-4 text-xs text-white shadow md:min-h-0 md:py-1"
          >
            有新消息 ↓
          </button>
        )}
        {menu && (
          <Suspense fallback={null}>
            <UserMenu
              key={menu.sender.id}
              sender={menu.sender}
              messageId={menu.messageId}
              me={p.me}
              admin={admin}
              onAt={(s) => {
                setAt({ id: s.id, nickName: s.nickName });
                setMenu(null);
              }}
              onBan={p.onBan}
              onClose={() => setMenu(null)}
            />
          </Suspense>
        )}
      </div>
      <ChatInput
        me={p.me}
        forbidden={p.forbidden}
        at={at}
        onClearAt={() => setAt(null)}
        onSend={p.onSend}
        extra={p.inputExtra}
      />
    </section>
  );
}
