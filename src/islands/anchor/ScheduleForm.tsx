import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { shortTime } from '../../lib/live/format.ts';
import type { MatchBrief } from '../../lib/live/types.ts';
import { beijingInstant, ZH_DAY_FIELD, ZH_TIME_FIELD } from '../../lib/zh-date.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { MSG } from '../../lib/messages.ts';

interface Item {
  id: number;
  title: string;
  startAt: string;
  match: MatchBrief | null;
}

const msgOf = (err: unknown) => failureText(err);
const field = 'mt-1 h-10 w-full rounded-md border border-line px-3 text-sm font-normal';

/** /v/anchor-add: announce a broadcast (for a match, or any show) and manage the announced ones. */
export default function ScheduleForm({ matches, initial }: { matches: MatchBrief[]; initial: Item[] }) {
  const [items, setItems] = useState(initial);
  const [matchId, setMatchId] = useState(0);
  const [title, setTitle] = useState('');
  // Day and time typed the Chinese way (年/月/日, 24-hour 时:分), Beijing time.
  const [startDay, setStartDay] = useState('');
  const [startTime, setStartTime] = useState('');
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const match = matches.find((m) => m.id === matchId);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const startAt = startDay || startTime ? beijingInstant(startDay, startTime) : undefined;
    if (startAt === null) {
      setNotice({ text: MSG.scheduleTimeFormat, ok: false });
      return;
    }
    setBusy(true);
    try {
      const body = { matchId: matchId || undefined, title: title.trim() || undefined, startAt };
      const { data } = await api.post<Item>('/api/anchor/schedule/add', body);
      setItems([...items, data].sort((a, b) => a.startAt.localeCompare(b.startAt)));
      setNotice({ text: MSG.schedulePublished, ok: true });
      setTitle('');
      setStartDay('');
      setStartTime('');
      setMatchId(0);
    } catch (err) {
      setNotice({ text: msgOf(err), ok: false });
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number) {
    try {
      await api.get('/api/anchor/schedule/remove', { id });
      setItems(items.filter((i) => i.id !== id));
    } catch (err) {
      setNotice({ text: msgOf(err), ok: false });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="card flex flex-col gap-3 p-4" noValidate>
        <h2 className="section-title">发布直播预告</h2>
        <label className="text-sm font-medium">
          解说比赛（可选）
          <select className={field} value={matchId} onChange={(e) => setMatchId(Number(e.target.value))}>
            <option value={0}>不关联比赛（如聊球节目）</option>
            {matches.map((m) => (
              <option key={m.id} value={m.id}>
                {shortTime(m.kickoffAt)} {m.competition} {m.home} vs {m.away}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          标题{match ? '（不填则用比赛对阵）' : ''}
          <input
            className={field}
            value={title}
            maxLength={30}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={match ? `${match.home} vs ${match.away}` : '例如：周末聊球，竞猜互动'}
          />
        </label>
        <fieldset className="text-sm font-medium">
          <legend>开播时间{match ? '（不填则为比赛开球时间）' : ''}（北京时间）</legend>
          <div className="flex gap-2">
            <input
              {...ZH_DAY_FIELD}
              aria-label="开播日期"
              className={field}
              value={startDay}
              onChange={(e) => setStartDay(e.target.value)}
            />
            <input
              {...ZH_TIME_FIELD}
              aria-label="开播时刻"
              className={`${field} max-w-28`}
              value={startTime}
              onChange={(e) => setStartTime(e.target.value)}
            />
          </div>
        </fieldset>
        <Notice notice={notice} />
        <div>
          <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
            发布预告
          </button>
        </div>
      </form>
      <section className="card p-4" aria-label="我的直播预告">
        <h2 className="section-title mb-2">我的直播预告</h2>
        {items.length === 0 ? (
          <p className="py-6 text-center text-sm text-ink-mute">暂无直播预告</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {items.map((i) => (
              <li key={i.id} className="flex items-center gap-3 py-2">
                <span className="w-24 tabular-nums text-ink-soft">{shortTime(i.startAt)}</span>
                <span className="min-w-0 flex-1 truncate">
                  {i.title}
                  {i.match && <span className="ml-1 text-xs text-ink-mute">{i.match.competition}</span>}
                </span>
                <button
                  type="button"
                  className="text-xs text-ink-mute hover:text-[#d6336c]"
                  onClick={() => void remove(i.id)}
                >
                  删除
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
