import { useLayoutEffect, useRef } from 'react';
import type { DmConversation, DmMessage } from '../../lib/dm/types.ts';
import { beijingDate, beijingTime } from '../../lib/sports/time.ts';
import ChatText from '../room/ChatText.tsx';

interface Props {
  me: number;
  conversation: DmConversation;
  messages: DmMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  onOlder(): void;
}

/** The thread, oldest at the top; my messages carry 已读/未读 from the peer's read marker. */
export default function Thread({ me, conversation, messages, hasMore, loadingOlder, onOlder }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const prevHeight = useRef(0);
  const prevFirst = useRef<number | undefined>(undefined);

  // New messages at the bottom scroll into view; older pages keep the reader where they were.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (prevFirst.current !== undefined && firstId !== prevFirst.current && prevHeight.current) {
      el.scrollTop = el.scrollHeight - prevHeight.current;
    } else el.scrollTop = el.scrollHeight;
    prevHeight.current = el.scrollHeight;
    prevFirst.current = firstId;
  }, [lastId, firstId]);

  return (
    <div ref={box} className="flex-1 overflow-y-auto p-3" data-thread aria-live="polite">
      {hasMore && (
        <div className="mb-2 text-center">
          <button type="button" className="text-xs text-brand" onClick={onOlder} disabled={loadingOlder}>
            {loadingOlder ? '加载中…' : '查看更早的消息'}
          </button>
        </div>
      )}
      {messages.length === 0 && (
        <p className="mt-8 text-center text-sm text-ink-mute">
          {conversation.kind === 'service' ? '请描述您遇到的问题，客服会尽快回复。' : '打个招呼吧'}
        </p>
      )}
      <ol className="space-y-3">
        {messages.map((m) => {
          const mine = m.senderId === me && !m.fromService;
          return (
            <li
              key={m.id}
              className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
              data-message={m.id}
            >
              <div
                className={`max-w-[75%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${mine ? 'bg-brand text-white' : 'bg-page'}`}
              >
                {m.kind === 'image' ? (
                  <a href={m.content} target="_blank" rel="noopener">
                    <img
                      src={m.content}
                      alt="图片消息"
                      className="max-h-60 max-w-full rounded"
                      loading="lazy"
                    />
                  </a>
                ) : (
                  <ChatText text={m.content} />
                )}
              </div>
              <span className="mt-0.5 text-[11px] text-ink-mute">
                <time dateTime={m.createdAt}>
                  {beijingDate(new Date(m.createdAt))} {beijingTime(new Date(m.createdAt))}
                </time>
                {mine && (
                  <span data-receipt className="ml-1">
                    {m.id <= conversation.peerReadId ? '已读' : '未读'}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
