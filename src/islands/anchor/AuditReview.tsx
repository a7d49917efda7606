import { useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { liveNavName } from '../../lib/vocab/live-navs.ts';
import { chinaTime } from '../../lib/wallet.ts';
import { MSG, fill } from '../../lib/messages.ts';

export interface PendingApplication {
  id: number;
  userId: number;
  nickName: string;
  level: number;
  navId: number;
  intro: string;
  contact: string;
  createdAt: string;
}

/** Operators only: pass an application (the user becomes an anchor with a room) or refuse it with a reason. */
export default function AuditReview({ initial }: { initial: PendingApplication[] }) {
  const [list, setList] = useState(initial);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  async function review(app: PendingApplication, pass: boolean) {
    try {
      await api.post('/api/audit/review', { id: app.id, pass: pass ? 1 : 0, note: notes[app.id] ?? '' });
      setList(list.filter((a) => a.id !== app.id));
      setMessage(fill(MSG.auditDone, { nick: app.nickName, verdict: pass ? '通过' : '驳回' }));
    } catch (err) {
      setMessage(failureText(err));
    }
  }

  return (
    <div>
      <p role="status" className="mb-2 min-h-5 text-sm text-brand">
        {message}
      </p>
      {list.length === 0 ? (
        <p className="py-6 text-center text-sm text-ink-mute">暂无待审核的申请</p>
      ) : (
        <ul className="divide-y divide-line">
          {list.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 py-3 text-sm">
              <p>
                <b>{a.nickName}</b> <span className="text-xs text-accent">Lv{a.level}</span> ·{' '}
                {liveNavName(a.navId)} ·{' '}
                <span className="text-xs text-ink-mute">{chinaTime(a.createdAt)}</span>
              </p>
              <p className="text-ink-soft">{a.intro}</p>
              {a.contact && <p className="text-xs text-ink-mute">联系方式：{a.contact}</p>}
              <div className="flex flex-wrap items-center gap-2">
                <input
                  className="h-8 min-w-0 flex-1 rounded-md border border-line px-2"
                  placeholder="驳回原因（驳回时必填）"
                  maxLength={100}
                  value={notes[a.id] ?? ''}
                  onChange={(e) => setNotes({ ...notes, [a.id]: e.target.value })}
                  aria-label={`${a.nickName} 的驳回原因`}
                />
                <button type="button" className="btn-primary h-8" onClick={() => void review(a, true)}>
                  通过
                </button>
                <button
                  type="button"
                  className="btn-ghost h-8 !text-[#d6336c]"
                  onClick={() => void review(a, false)}
                >
                  驳回
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
