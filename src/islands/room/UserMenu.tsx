import { useState } from 'react';
import type { Sender } from '../../lib/live/types.ts';
import { MSG, fill } from '../../lib/messages.ts';
import ReportMenu from './ReportMenu.tsx';

interface Props {
  sender: Sender;
  /** The chat line it was opened from (a text message), for 举报这条发言. */
  messageId?: number;
  me: { id: number } | null;
  /** The anchor and managers ban from here. */
  admin: boolean;
  onAt(sender: Sender): void;
  onBan(sender: Sender, minutes?: number): Promise<string | null>;
  onClose(): void;
}

/**
 * A chat name's menu: @TA, the anchor's and managers' bans, and 举报. Loaded the first time a name
 * is tapped, not with the room.
 */
export default function UserMenu({ sender, messageId, me, admin, onAt, onBan, onClose }: Props) {
  const [note, setNote] = useState<string | null>(null);

  async function ban(minutes?: number) {
    const failed = await onBan(sender, minutes);
    setNote(failed ?? fill(MSG.userMutedBy, { nick: sender.nickName }));
  }

  const other = me !== null && sender.id !== me.id;
  return (
    <div
      role="dialog"
      aria-label={`${sender.nickName} 的操作`}
      className="absolute inset-x-3 bottom-3 z-10 max-h-[calc(100%-1.5rem)] overflow-y-auto rounded-lg border border-line bg-white p-3 text-sm shadow-xl"
    >
      <div className="mb-2 flex items-center justify-between">
        <b>{sender.nickName}</b>
        <button
          type="button"
          onClick={onClose}
          aria-label="关闭"
          className="flex h-11 w-11 items-center justify-center text-ink-mute hover:text-accent"
        >
          ×
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        {other && (
          <button type="button" className="btn-ghost min-h-11" onClick={() => onAt(sender)}>
            @TA
          </button>
        )}
        {admin && other && sender.role !== 'anchor' && (
          <>
            <button type="button" className="btn-ghost min-h-11" onClick={() => void ban(10)}>
              禁言10分钟
            </button>
            <button type="button" className="btn-ghost min-h-11 !text-[#d6336c]" onClick={() => void ban()}>
              永久禁言
            </button>
          </>
        )}
      </div>
      {note && (
        <p role="status" className="mt-2 text-xs text-ink-soft">
          {note}
        </p>
      )}
      {other && <ReportMenu key={sender.id} messageId={messageId} userId={sender.id} />}
    </div>
  );
}
