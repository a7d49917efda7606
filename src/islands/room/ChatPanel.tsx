import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Sender } from '../../lib/live/types.ts';
import { BarrageSettingsMenu } from './Barrage.tsx';
import ChatInput, { type ChatDraft } from './ChatInput.tsx';
import ChatLine, { type FeedItem } from './ChatLine.tsx';
import ReportMenu from './ReportMenu.tsx';
import { MSG, fill } from '../../lib/messages.ts';

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
}

/** The chat column: welcome and notice, the list (kept at the bottom unless the viewer scrolled up), a name's menu, the input. */
export default function ChatPanel(p: Props) {
  const list = useRef<HTMLUListElement>(null);
  const [pinned, setPinned] = useState(true);
  const [menu, setMenu] = useState<Sender | null>(null);
  const [menuMessage, setMenuMessage] = useState<number | undefined>(undefined);
  const [at, setAt] = useState<{ id: number; nickName: string } | null>(null);
  const [menuNote, setMenuNote] = useState<string | null>(null);
  const admin = p.role === 'anchor' || p.role === 'manager';

  useLayoutEffect(() => {
    if (pinned && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [p.items, pinned]);
  useEffect(() => setMenuNote(null), [menu]);

  const onScroll = () => {
    const el = list.current;
    if (el) setPinned(el.scrollHeight - el.scrollTop - el.clientHeight < 40);
  };

  async function ban(minutes?: number) {
    if (!menu) return;
    const failed = await p.onBan(menu, minutes);
    setMenuNote(failed ?? fill(MSG.userMutedBy, { nick: menu.nickName }));
  }

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="聊天">
      <div className="border-b border-line px-3 py-2 text-xs leading-5">
        {p.welcome && <p className="text-brand">{p.welcome}</p>}
        {p.notice && (
          <p className="text-ink-soft">
            <b className="text-accent">公告：</b>
            {p.notice}
          </p>
        )}
      </div>
      <div className="relative min-h-0 flex-1">
        <ul
          ref={list}
          onScroll={onScroll}
          className="absolute inset-0 overflow-y-auto py-1"
          aria-live="polite"
          aria-relevant="additions"
          data-chat-list
        >
          {p.hasMore && (
            <li className="py-1 text-center">
              <button type="button" onClick={p.onOlder} className="text-xs text-ink-mute hover:text-brand">
                查看更早的消息
              </button>
            </li>
          )}
          {p.items.length === 0 && (
            <li className="py-8 text-center text-xs text-ink-mute">暂无聊天消息，来说第一句吧</li>
          )}
          {p.items.map((item) => (
            <ChatLine
              key={item.key}
              item={item}
              onUser={(s, messageId) => {
                setMenu(s);
                setMenuMessage(messageId);
              }}
              onGrab={p.me ? p.onGrab : undefined}
            />
          ))}
        </ul>
        {!pinned && (
          <button
            type="button"
            onClick={() => setPinned(true)}
            className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-brand px-3 py-1 text-xs text-white shadow"
          >
            有新消息 ↓
          </button>
        )}
        {menu && (
          <div
            role="dialog"
            aria-label={`${menu.nickName} 的操作`}
            className="absolute inset-x-3 bottom-3 z-10 max-h-[calc(100%-1.5rem)] overflow-y-auto rounded-lg border border-line bg-white p-3 text-sm shadow-xl"
          >
            <div className="mb-2 flex items-center justify-between">
              <b>{menu.nickName}</b>
              <button
                type="button"
                onClick={() => setMenu(null)}
                aria-label="关闭"
                className="text-ink-mute hover:text-accent"
              >
                ×
              </button>
            </div>
            <div className="flex flex-wrap gap-2">
              {p.me && menu.id !== p.me.id && (
                <button
                  type="button"
                  className="btn-ghost"
                  onClick={() => {
                    setAt({ id: menu.id, nickName: menu.nickName });
                    setMenu(null);
                  }}
                >
                  @TA
                </button>
              )}
              {admin && menu.id !== p.me?.id && menu.role !== 'anchor' && (
                <>
                  <button type="button" className="btn-ghost" onClick={() => void ban(10)}>
                    禁言10分钟
                  </button>
                  <button type="button" className="btn-ghost !text-[#d6336c]" onClick={() => void ban()}>
                    永久禁言
                  </button>
                </>
              )}
            </div>
            {menuNote && (
              <p role="status" className="mt-2 text-xs text-ink-soft">
                {menuNote}
              </p>
            )}
            {p.me && menu.id !== p.me.id && (
              <ReportMenu key={menu.id} messageId={menuMessage} userId={menu.id} />
            )}
          </div>
        )}
      </div>
      <div className="border-t border-line px-3 py-1.5">
        <BarrageSettingsMenu />
      </div>
      <ChatInput me={p.me} forbidden={p.forbidden} at={at} onClearAt={() => setAt(null)} onSend={p.onSend} />
    </section>
  );
}
