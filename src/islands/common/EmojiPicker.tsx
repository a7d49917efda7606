import { useState } from 'react';
import { EMOJIS } from '../../lib/emoji.ts';

/** The panel of emoji, above the nearest positioned ancestor; the room's chat loads it on first use. */
export function EmojiPanel({ onPick }: { onPick(code: string): void }) {
  return (
    <div
      className="absolute bottom-full left-2 right-2 mb-1 grid max-h-48 grid-cols-8 gap-1 overflow-y-auto rounded-lg border border-line bg-white p-2 shadow-lg"
      role="listbox"
      aria-label="表情"
    >
      {EMOJIS.map((e) => (
        <button
          key={e.code}
          type="button"
          title={e.name}
          aria-label={e.name}
          className="rounded p-1 hover:bg-page"
          onClick={() => onPick(e.code)}
        >
          <img src={e.url} alt="" width={24} height={24} className="h-6 w-6" />
        </button>
      ))}
    </div>
  );
}

/**
 * The 表情 button and its panel, for private messages (the room's chat has its own button and loads the panel lazily). The panel sits above
 * the nearest positioned ancestor (the input's form); `onPick` gets the `[名字]` token.
 */
export default function EmojiPicker({ onPick }: { onPick(code: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {open && (
        <EmojiPanel
          onPick={(code) => {
            onPick(code);
            setOpen(false);
          }}
        />
      )}
      <button
        type="button"
        aria-label="表情"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="shrink-0 rounded p-1 hover:bg-page"
      >
        <img src="/emoji/1f642.svg" alt="" width={22} height={22} className="h-5.5 w-5.5" />
      </button>
    </>
  );
}
