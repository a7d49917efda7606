import { useCallback, useRef, useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import type { ChatMessage, RoomEvent, Sender } from '../../lib/live/types.ts';
import ChatPanel from '../room/ChatPanel.tsx';
import type { FeedItem } from '../room/ChatLine.tsx';
import { roomApi } from '../room/room-api.ts';
import { useChatSender } from '../room/use-chat-sender.ts';
import { useRoomFeed } from '../room/use-room-feed.ts';

interface Props {
  roomId: number;
  live: boolean;
  history: { list: ChatMessage[]; hasMore: boolean };
  me: { id: number; level: number; nobilityLevel: number };
}

const chatItem = (m: ChatMessage): FeedItem => ({ type: 'chat', key: `m${m.id}`, message: m });

/** /v/anchor-chat: the room's chat for its anchor while streaming from OBS: read, answer, ban; gifts and entries beside it. */
export default function AnchorChat({ roomId, live, history, me }: Props) {
  const [items, setItems] = useState<FeedItem[]>(() => history.list.map(chatItem));
  const [log, setLog] = useState<{ id: number; text: string }[]>([]);
  const seq = useRef(0);

  const onChat = useCallback(
    (m: ChatMessage) =>
      setItems((list) =>
        list.some((i) => i.key === `m${m.id}`) ? list : [...list, chatItem(m)].slice(-300),
      ),
    [],
  );
  const onEvent = useCallback((e: RoomEvent) => {
    const line =
      e.type === 'gift'
        ? `${e.user.nickName} 送出 ${e.gift.name}×${e.count}${e.combo > e.count ? `（连击 ${e.combo}）` : ''}`
        : e.type === 'entry'
          ? `${e.user.nickName} ${e.effect}`
          : e.type === 'redPacket'
            ? `${e.user.nickName} 发了 ${e.total} 球钻红包`
            : e.type === 'nobility'
              ? `${e.user.nickName} 开通了 ${e.name}`
              : e.type === 'forbid'
                ? `${e.nickName} 已被禁言`
                : null;
    if (line)
      setLog((list) =>
        [
          { id: ++seq.current, text: `${new Date().toLocaleTimeString('zh-CN', { hour12: false })} ${line}` },
          ...list,
        ].slice(0, 100),
      );
  }, []);

  const deliver = useRoomFeed(roomId, true, history.list.at(-1)?.id ?? 0, null, { onChat, onEvent });
  const send = useChatSender(roomId, deliver);

  async function ban(sender: Sender, minutes?: number) {
    try {
      await roomApi.forbid(roomId, sender.nickName, minutes);
      return null;
    } catch (err) {
      return failureText(err);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_280px]">
      <div className="card flex h-[70vh] flex-col overflow-hidden">
        <ChatPanel
          items={items}
          welcome={live ? '直播中：观众的消息会实时出现在这里' : '当前未开播，观众仍可在直播间留言'}
          notice=""
          hasMore={false}
          onOlder={() => undefined}
          me={me}
          role="anchor"
          forbidden={false}
          onSend={send}
          onBan={ban}
          onGrab={() => undefined}
        />
      </div>
      <section className="card h-max max-h-[70vh] overflow-y-auto p-3" aria-label="直播间动态">
        <h2 className="section-title mb-2">礼物与动态</h2>
        {log.length === 0 ? (
          <p className="py-6 text-center text-xs text-ink-mute">暂无数据，礼物、进场和红包会出现在这里</p>
        ) : (
          <ul className="space-y-1 text-xs" aria-live="polite">
            {log.map((l) => (
              <li key={l.id}>{l.text}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
