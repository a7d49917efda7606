import type { DmConversation } from '../../lib/dm/types.ts';
import { ago } from '../../lib/community/format.ts';
import ChatText from '../room/ChatText.tsx';

interface Props {
  list: DmConversation[];
  activeId: number | null;
  onPick(id: number): void;
  onService(): void;
}

const preview = (c: DmConversation) =>
  !c.lastMessage ? '还没有消息' : c.lastMessage.kind === 'image' ? '[图片]' : c.lastMessage.content;

/** Conversations, newest activity first, with the last message and the unread count. */
export default function ConversationList({ list, activeId, onPick, onService }: Props) {
  return (
    <nav aria-label="会话列表" className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-line p-3">
        <h2 className="font-bold">私信</h2>
        <button type="button" className="btn-ghost !px-2 !py-1 text-xs" onClick={onService}>
          联系客服
        </button>
      </div>
      {list.length === 0 && <p className="p-4 text-sm text-ink-soft">还没有会话，去用户主页发私信吧。</p>}
      <ul className="flex-1 overflow-y-auto" data-conversations>
        {list.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onPick(c.id)}
              aria-current={c.id === activeId ? 'true' : undefined}
              data-conversation={c.id}
              className={`flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-page ${c.id === activeId ? 'bg-brand-light' : ''}`}
            >
              <img
                src={c.peer.portrait || (c.kind === 'service' ? '/favicon.svg' : '/avatar-default.svg')}
                alt=""
                width={40}
                height={40}
                className="h-10 w-10 shrink-0 rounded-full bg-page object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium">{c.peer.nickName}</span>
                  {c.lastMessage && (
                    <time className="shrink-0 text-xs text-ink-mute" dateTime={c.lastMessage.createdAt}>
                      {ago(c.lastMessage.createdAt)}
                    </time>
                  )}
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-xs text-ink-soft">
                    <ChatText text={preview(c)} size={14} />
                  </span>
                  {c.unread > 0 && (
                    <span
                      data-unread
                      aria-label={`${c.unread} 条未读`}
                      className="shrink-0 rounded-full bg-accent px-1.5 text-xs leading-5 text-white"
                    >
                      {c.unread > 99 ? '99+' : c.unread}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
