import { useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { PERSON_REPORT_REASONS } from '../../lib/ops/reports.ts';
import { roomApi } from './room-api.ts';
import { MSG } from '../../lib/messages.ts';

interface Props {
  /** The chat line the menu was opened from (absent for a user reached another way). */
  messageId?: number;
  userId: number;
}

/** 举报 in a chat name's menu: this message or this user, with a reason; the console's queue takes it. */
export default function ReportMenu({ messageId, userId }: Props) {
  const [reason, setReason] = useState<string>(PERSON_REPORT_REASONS[0]);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function report(send: () => Promise<unknown>) {
    setBusy(true);
    try {
      await send();
      setNote(MSG.reportSubmitted);
    } catch (err) {
      setNote(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 border-t border-line pt-2" data-report-menu>
      <label className="flex items-center gap-2 text-xs text-ink-soft">
        举报原因
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className="rounded border border-line px-1 py-0.5 text-xs text-ink"
        >
          {PERSON_REPORT_REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        {messageId && (
          <button
            type="button"
            className="btn-ghost"
            disabled={busy}
            onClick={() => void report(() => roomApi.reportMessage(messageId, reason))}
          >
            举报这条发言
          </button>
        )}
        <button
          type="button"
          className="btn-ghost"
          disabled={busy}
          onClick={() => void report(() => roomApi.reportUser(userId, reason))}
        >
          举报该用户
        </button>
      </div>
      {note && (
        <p role="status" className="mt-2 text-xs text-ink-soft">
          {note}
        </p>
      )}
    </div>
  );
}
