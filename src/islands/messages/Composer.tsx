import { MSG } from '../../lib/messages.ts';
import { useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { DM_RULES, type DmKind } from '../../lib/dm/types.ts';
import EmojiPicker from '../common/EmojiPicker.tsx';
import { dmApi } from './dm-api.ts';

interface Props {
  disabled: string | null;
  /** Resolves to an error message, or null when sent. */
  onSend(kind: DmKind, content: string): Promise<string | null>;
}

const readAsDataUrl = (f: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(f);
  });

/** Text (Enter sends, Shift+Enter breaks the line), the emoji picker and a picture button. */
export default function Composer({ disabled, onSend }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  async function deliver(kind: DmKind, content: string) {
    setBusy(true);
    const failed = await onSend(kind, content);
    setBusy(false);
    setError(failed);
    return !failed;
  }

  async function submit(e?: SyntheticEvent) {
    e?.preventDefault();
    if (!text.trim()) return setError(MSG.dmContentEmpty);
    if (await deliver('text', text)) setText('');
  }

  async function pickPicture(f: File | undefined) {
    if (!f) return;
    setBusy(true);
    try {
      const url = await dmApi.upload(await readAsDataUrl(f));
      await deliver('image', url);
    } catch (err) {
      setError(failureText(err));
      setBusy(false);
    }
    if (file.current) file.current.value = '';
  }

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void submit(e);
  };

  if (disabled)
    return <p className="border-t border-line p-3 text-center text-sm text-ink-soft">{disabled}</p>;
  return (
    <form onSubmit={submit} className="relative border-t border-line p-2" aria-label="发送私信">
      <div className="flex items-end gap-1.5">
        <EmojiPicker onPick={(code) => setText(text + code)} />
        <button
          type="button"
          aria-label="发送图片"
          onClick={() => file.current?.click()}
          disabled={busy}
          className="shrink-0 rounded p-1.5 text-ink-soft hover:bg-page"
        >
          <svg
            width="22"
            height="22"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m21 17-5-5-9 8" />
          </svg>
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          onChange={(e) => void pickPicture(e.target.files?.[0])}
        />
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          maxLength={DM_RULES.maxText}
          rows={2}
          aria-label="消息内容"
          placeholder="输入消息，Enter 发送"
          className="min-h-10 flex-1 resize-none rounded-md border border-line px-2 py-1.5 text-sm"
        />
        <button type="submit" className="btn-primary shrink-0 !px-3" disabled={busy}>
          发送
        </button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-accent">
          {error}
        </p>
      )}
    </form>
  );
}
