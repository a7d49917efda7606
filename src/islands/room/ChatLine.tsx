import { memo } from 'react';
import { BUBBLES } from '../../lib/live/rules.ts';
import RoomIcon from './RoomIcon.tsx';
import type { ChatMessage, Sender } from '../../lib/live/types.ts';
import ChatText from './ChatText.tsx';

/** A line of the chat list: a message, or something the room says (entries, bans, red packets). */
export type FeedItem =
  | { type: 'chat'; key: string; message: ChatMessage }
  | { type: 'system'; key: string; text: string; tone: 'info' | 'gift' | 'noble' | 'warn' };

/** Level badge colours, each dark enough for its small white text (contrast ≥ 4.5). */
const LEVEL_COLORS = [
  '#64748b',
  '#15803d',
  '#166534',
  '#0369a1',
  '#2563eb',
  '#7c3aed',
  '#a21caf',
  '#c2410c',
  '#dc2626',
];

export function SenderBadges({ sender }: { sender: Sender }) {
  return (
    <>
      {sender.demo && (
        <span
          className="mr-1 rounded border border-line px-1 text-[10px] leading-4 text-ink-mute"
          title="演示聊天：由本站根据比赛数据生成，不是真实观众"
        >
          演示
        </span>
      )}
      {sender.role === 'anchor' && (
        <span className="mr-1 rounded bg-accent px-1 text-[10px] leading-4 text-white">主播</span>
      )}
      {sender.role === 'manager' && (
        <span className="mr-1 rounded bg-brand px-1 text-[10px] leading-4 text-white">房管</span>
      )}
      {sender.nobility && (
        <img
          src={sender.nobility.badge}
          alt={sender.nobility.name}
          title={sender.nobility.name}
          width={16}
          height={16}
          className="mr-1 inline-block h-4 w-4 align-[-3px]"
        />
      )}
      <span
        className="mr-1 rounded px-1 text-[10px] leading-4 text-white"
        style={{ background: LEVEL_COLORS[sender.level] ?? LEVEL_COLORS[0] }}
      >
        Lv{sender.level}
      </span>
    </>
  );
}

interface Props {
  item: FeedItem;
  /** Clicking a name opens the user menu (@, ban, report) for that message. */
  onUser?(sender: Sender, messageId?: number): void;
  onGrab?(packetId: number): void;
}

/** A line re-renders only when it changes (a busy room re-renders its list on every message). */
export default memo(function ChatLine({ item, onUser, onGrab }: Props) {
  if (item.type === 'system') {
    const tone = {
      info: 'text-ink-mute',
      gift: 'text-accent',
      noble: 'text-[#7c3aed] font-medium',
      warn: 'text-[#d6336c]',
    }[item.tone];
    return <li className={`chat-line px-3 py-1 text-xs ${tone}`}>{item.text}</li>;
  }
  const m = item.message;
  const name = (
    <button
      type="button"
      onClick={() => onUser?.(m.sender, m.kind === 'text' ? m.id : undefined)}
      // A 44 px tall target on phones (issue 33 item 6); inline text beside the chat.
      className="inline-flex min-h-11 items-center align-middle font-medium text-[#1971c2] hover:underline md:inline md:min-h-0"
      style={m.sender.nobility ? { color: m.sender.nobility.color } : undefined}
    >
      {m.sender.nickName}
    </button>
  );
  if (m.kind === 'gift') {
    const gift = (m.extra?.gift ?? {}) as { icon?: string; name?: string };
    return (
      <li className="chat-line flex items-center gap-1 px-3 py-1 text-sm text-accent" data-chat-kind="gift">
        <SenderBadges sender={m.sender} />
        {name}
        <span>{m.content}</span>
        {gift.icon && <img src={gift.icon} alt="" width={20} height={20} className="h-5 w-5" />}
      </li>
    );
  }
  if (m.kind === 'redPacket') {
    const packetId = Number(m.extra?.packetId);
    // A match packet armed (not yet open) or given back: its dialog says why it cannot be grabbed.
    const notYours = Boolean(m.extra?.opensOn || m.extra?.returned);
    return (
      <li
        className="mx-3 my-1 flex items-center gap-2 rounded-md bg-[#e03131] px-3 py-2 text-sm text-white"
        data-packet-id={packetId}
      >
        <RoomIcon name="packet" className="h-5 w-5 shrink-0 text-[#ffd43b]" />
        <span className="min-w-0 flex-1 truncate">
          {m.sender.nickName} {m.content}
        </span>
        {onGrab && (
          <button
            type="button"
            onClick={() => onGrab(packetId)}
            className="min-h-11 shrink-0 rounded bg-[#ffd43b] px-3 text-xs font-bold text-[#7a1f00] md:min-h-0 md:px-2 md:py-0.5"
          >
            {notYours ? '查看' : '抢红包'}
          </button>
        )}
      </li>
    );
  }
  const bubble = BUBBLES.find((b) => b.id === m.sender.bubble);
  return (
    <li className="chat-line px-3 py-0.5 text-sm leading-6 md:py-1" data-chat-id={m.id}>
      <SenderBadges sender={m.sender} />
      {name}
      <span className="text-ink-mute">：</span>
      <span
        className={bubble ? 'inline rounded-md border px-1.5 py-0.5' : ''}
        style={
          bubble
            ? { background: bubble.background, borderColor: bubble.border, color: bubble.color }
            : undefined
        }
      >
        {m.atInfo && <span className="mr-1 font-medium text-[#1971c2]">@{m.atInfo.nickName}</span>}
        <ChatText
          text={
            m.atInfo ? m.content.replace(new RegExp(`^@${escapeRe(m.atInfo.nickName)}\\s`), '') : m.content
          }
        />
      </span>
    </li>
  );
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
