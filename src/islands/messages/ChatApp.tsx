import { useCallback, useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import type { DmConversation, DmDelivery, DmKind, DmMessage } from '../../lib/dm/types.ts';
import Composer from './Composer.tsx';
import ConversationList from './ConversationList.tsx';
import Thread from './Thread.tsx';
import { dmApi } from './dm-api.ts';
import { useDmLive } from './use-dm-live.ts';
import { MSG } from '../../lib/messages.ts';

interface Props {
  me: number;
  initial: DmConversation[];
  initialActive: number | null;
}

interface ThreadState {
  conversation: DmConversation;
  messages: DmMessage[];
  hasMore: boolean;
}

const merge = (a: DmMessage[], b: DmMessage[]) =>
  [...new Map([...a, ...b].map((m) => [m.id, m])).values()].sort((x, y) => x.id - y.id);

/** /message/chat: conversation list beside the open thread (one or the other on phones). */
export default function ChatApp({ me, initial, initialActive }: Props) {
  const [list, setList] = useState(initial);
  const [activeId, setActiveId] = useState<number | null>(initialActive);
  const [thread, setThread] = useState<ThreadState | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = useRef(activeId);
  active.current = activeId;
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refreshList = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void dmApi.conversations().then(setList, () => {}), 150);
  }, []);

  const load = useCallback(async (id: number) => {
    try {
      const page = await dmApi.history(id);
      if (active.current !== id) return;
      setThread({ conversation: page.conversation, messages: page.list, hasMore: page.hasMore });
      setError(null);
      if (page.conversation.unread > 0) await dmApi.read(id);
      setList((l) => l.map((c) => (c.id === id ? { ...c, unread: 0 } : c)));
    } catch (err) {
      setError(failureText(err));
    }
  }, []);

  useEffect(() => {
    if (activeId === null) return setThread(null);
    history.replaceState(null, '', `/message/chat?c=${activeId}`);
    void load(activeId);
  }, [activeId, load]);

  const live = useDmLive(
    me,
    (d: DmDelivery) => {
      if (d.type === 'message') {
        if (d.conversationId === active.current) {
          setThread((t) => (t ? { ...t, messages: merge(t.messages, [d.message]) } : t));
          if (d.message.senderId !== me || d.message.fromService)
            void dmApi.read(d.conversationId).catch(() => {});
        }
        refreshList();
      } else if (d.readerId !== me && d.conversationId === active.current) {
        setThread((t) =>
          t
            ? {
                ...t,
                conversation: {
                  ...t.conversation,
                  peerReadId: Math.max(t.conversation.peerReadId, d.lastReadId),
                },
              }
            : t,
        );
      } else if (d.readerId === me) refreshList();
    },
    () => {
      refreshList();
      if (active.current) void load(active.current);
    },
  );

  async function older() {
    if (!thread || !thread.messages.length) return;
    setLoadingOlder(true);
    try {
      const page = await dmApi.history(thread.conversation.id, thread.messages[0].id);
      setThread((t) => (t ? { ...t, messages: merge(page.list, t.messages), hasMore: page.hasMore } : t));
    } catch (err) {
      setError(failureText(err));
    }
    setLoadingOlder(false);
  }

  async function send(kind: DmKind, content: string): Promise<string | null> {
    if (!thread) return null;
    try {
      const m = await dmApi.send(thread.conversation.id, kind, content);
      setThread((t) => (t ? { ...t, messages: merge(t.messages, [m]) } : t));
      refreshList();
      return null;
    } catch (err) {
      return failureText(err);
    }
  }

  async function openService() {
    try {
      const c = await dmApi.openService();
      setList((l) => (l.some((x) => x.id === c.id) ? l : [c, ...l]));
      setActiveId(c.id);
    } catch (err) {
      setError(failureText(err));
    }
  }

  async function toggleBlock() {
    if (!thread) return;
    const c = thread.conversation;
    try {
      const { blocked } = await dmApi.block(c.peer.id, !c.blocked);
      setThread({ ...thread, conversation: { ...c, blocked } });
    } catch (err) {
      setError(failureText(err));
    }
  }

  const conv = thread?.conversation;
  return (
    <div
      className="card flex h-[calc(100vh-10rem)] min-h-[28rem] overflow-hidden"
      data-chat-app
      data-live={live ? '' : undefined}
    >
      <div className={`w-full border-r border-line md:block md:w-72 ${activeId ? 'hidden' : 'block'}`}>
        <ConversationList
          list={list}
          activeId={activeId}
          onPick={setActiveId}
          onService={() => void openService()}
        />
      </div>
      <section
        className={`min-w-0 flex-1 flex-col ${activeId ? 'flex' : 'hidden md:flex'}`}
        aria-label="聊天"
      >
        {!conv ? (
          <p className="m-auto p-6 text-sm text-ink-soft">{error ?? '选择一个会话开始聊天'}</p>
        ) : (
          <>
            <header className="flex items-center gap-2 border-b border-line p-3">
              <button
                type="button"
                className="md:hidden"
                aria-label="返回会话列表"
                onClick={() => setActiveId(null)}
              >
                ‹
              </button>
              <h1 className="flex-1 truncate font-bold">
                {conv.kind === 'direct' ? (
                  <a href={`/personal/${conv.peer.id}`}>{conv.peer.nickName}</a>
                ) : (
                  '客服'
                )}
              </h1>
              {conv.kind === 'direct' && (
                <button
                  type="button"
                  className="text-xs text-ink-soft hover:text-accent"
                  onClick={() => void toggleBlock()}
                >
                  {conv.blocked ? '解除拉黑' : '拉黑'}
                </button>
              )}
            </header>
            {error && (
              <p role="alert" className="px-3 pt-2 text-xs text-accent">
                {error}
              </p>
            )}
            <Thread
              me={me}
              conversation={conv}
              messages={thread.messages}
              hasMore={thread.hasMore}
              loadingOlder={loadingOlder}
              onOlder={() => void older()}
            />
            <Composer disabled={conv.blocked ? MSG.dmComposerBlocked : null} onSend={send} />
          </>
        )}
      </section>
    </div>
  );
}
