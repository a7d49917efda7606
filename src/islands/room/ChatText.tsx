import { EMOJIS } from '../../lib/emoji.ts';

const BY_CODE = new Map(EMOJIS.map((e) => [e.code, e]));
const TOKEN = /(\[[^[\]\s]{1,4}\])/;

/** Chat text with [微笑]-style tokens as images. Text stays text: React escapes it, nothing is parsed as HTML. */
export default function ChatText({ text, size = 20 }: { text: string; size?: number }) {
  return (
    <>
      {text.split(TOKEN).map((part, i) => {
        const emoji = BY_CODE.get(part);
        return emoji ? (
          <img
            key={i}
            src={emoji.url}
            alt={part}
            title={emoji.name}
            width={size}
            height={size}
            className="inline-block align-text-bottom"
            style={{ width: size, height: size }}
          />
        ) : (
          part
        );
      })}
    </>
  );
}
