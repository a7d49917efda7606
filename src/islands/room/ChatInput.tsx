import { MSG } from '../../lib/messages.ts';
import { lazy, Suspense, useState, type ReactNode, type SubmitEvent } from 'react';
import { BARRAGE_STYLES, barrageAllowed, CHAT, LEVEL_GATES } from '../../lib/live/rules.ts';

// The emoji grid loads on the first tap of 表情, not with the room.
const EmojiPanel = lazy(() => import('../common/EmojiPicker.tsx').then((m) => ({ default: m.EmojiPanel })));

export interface ChatDraft {
  content: string;
  barrage?: number;
  atUserId?: number;
}

interface Props {
  /** null: a visitor (the box asks to log in). */
  me: { level: number; nobilityLevel: number } | null;
  forbidden: boolean;
  at: { id: number; nickName: string } | null;
  onClearAt(): void;
  /** Resolves to an error message, or null when sent. */
  onSend(draft: ChatDraft): Promise<string | null>;
  /** At the end of the row (the phone's 礼物 button). */
  extra?: ReactNode;
}

/** 44 px tall on phones (issue 33 item 6), 36 px beside the chat. */
const control = 'h-11 md:h-9';

/**
 * The chat box: text (50 characters), emoji picker, barrage style, @ chip, and the reason when a
 * message is refused. A banned viewer is told so but the box stays usable: a timed ban ends without
 * notice, and the server is the one that refuses.
 */
export default function ChatInput({ me, forbidden, at, onClearAt, onSend, extra }: Props) {
  const [text, setText] = useState('');
  const [style, setStyle] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [emoji, setEmoji] = useState(false);

  if (!me) {
    return (
      <div className="flex items-center gap-2 border-t border-line p-2 md:p-3">
        <button type="button" data-needs-login className="btn-primary min-h-11 flex-1">
          登录后参与聊天
        </button>
        {extra}
      </div>
    );
  }
  const styles = BARRAGE_STYLES.filter(
    (s) =>
      (me.level >= LEVEL_GATES.barrage || me.nobilityLevel > 0) &&
      barrageAllowed(s, me.level, me.nobilityLevel),
  );
  const length = [...text].length;

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content) return setError(MSG.chatContentEmpty);
    setBusy(true);
    const failed = await onSend({
      content: at ? `@${at.nickName} ${content}` : content,
      barrage: style || undefined,
      atUserId: at?.id,
    });
    setBusy(false);
    setError(failed);
    if (!failed) {
      setText('');
      onClearAt();
    }
  }

  return (
    <form onSubmit={submit} className="relative border-t border-line p-2" aria-label="发送聊天">
      {at && (
        <div className="mb-1 flex items-center gap-1 text-xs text-[#1971c2]">
          @{at.nickName}
          <button
            type="button"
            onClick={onClearAt}
            aria-label="取消@"
            className="flex h-11 w-11 items-center justify-center text-ink-mute hover:text-accent md:h-6 md:w-6"
          >
            ×
          </button>
        </div>
      )}
      {emoji && (
        <Suspense fallback={null}>
          <EmojiPanel
            onPick={(code) => {
              if ([...text].length + [...code].length <= CHAT.maxLength) setText(text + code);
              setEmoji(false);
            }}
          />
        </Suspense>
      )}
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          aria-label="表情"
          aria-expanded={emoji}
          onClick={() => setEmoji(!emoji)}
          className={`${control} flex w-11 shrink-0 items-center justify-center rounded hover:bg-page md:w-9`}
        >
          <img src="/emoji/1f642.svg" alt="" width={22} height={22} className="h-5.5 w-5.5" />
        </button>
        {styles.length > 0 && (
          <select
            aria-label="弹幕样式"
            value={style}
            onChange={(e) => setStyle(Number(e.target.value))}
            className={`${control} w-16 shrink-0 rounded-md border border-line bg-white px-1 text-xs md:w-auto`}
          >
            <option value={0}>聊天</option>
            {styles.map((s) => (
              <option key={s.id} value={s.id}>
                弹幕·{s.name}
              </option>
            ))}
          </select>
        )}
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={CHAT.maxLength}
          placeholder={forbidden ? MSG.chatMutedShort : '说点什么…'}
          aria-label="聊天内容"
          className={`${control} min-w-0 flex-1 rounded-md border border-line px-2 text-base outline-none focus:border-brand md:text-sm`}
        />
        <button type="submit" className={`btn-primary ${control} shrink-0 !px-3`} disabled={busy}>
          发送
        </button>
        {extra}
      </div>
      <div className="mt-0.5 flex justify-between text-xs">
        <p role="alert" className="min-h-4 text-[#d6336c]" data-chat-error>
          {error ?? (forbidden ? MSG.chatMutedShort : null)}
        </p>
        <span className="text-ink-mute tabular-nums">
          {length}/{CHAT.maxLength}
        </span>
      </div>
    </form>
  );
}
