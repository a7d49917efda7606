import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { chinaTime } from '../../lib/wallet.ts';
import { MSG, fill } from '../../lib/messages.ts';

interface Manager {
  id: number;
  userId: number;
  nickName: string;
  level: number;
}
interface Forbid {
  id: number;
  userId: number;
  nickName: string;
  expiresAt: string | null;
  active: boolean;
}

const msgOf = (err: unknown) => failureText(err);
const DURATIONS = [
  [10, '10分钟'],
  [60, '1小时'],
  [1440, '1天'],
  [10080, '7天'],
  [0, '永久'],
] as const;

/** /v/anchor-room-set: the room's managers (up to 20) and its forbidden list, both by nickname. */
export default function RoomAdmins({ roomId }: { roomId: number }) {
  const [managers, setManagers] = useState<Manager[] | null>(null);
  const [max, setMax] = useState(20);
  const [forbids, setForbids] = useState<Forbid[] | null>(null);
  const [search, setSearch] = useState('');
  const [nick, setNick] = useState('');
  const [banNick, setBanNick] = useState('');
  const [minutes, setMinutes] = useState<number>(60);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);

  const load = useCallback(async () => {
    try {
      const [m, f] = await Promise.all([
        api.get<{ list: Manager[]; max: number }>('/api/manager/list', { roomId }),
        api.get<{ list: Forbid[] }>('/api/forbid/list', {
          roomId,
          pageSize: 100,
          nickName: search || undefined,
        }),
      ]);
      setManagers(m.data.list);
      setMax(m.data.max);
      setForbids(f.data.list);
    } catch (err) {
      setNote({ text: msgOf(err), ok: false });
    }
  }, [roomId, search]);
  useEffect(() => void load(), [load]);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setNote({ text: done, ok: true });
      await load();
    } catch (err) {
      setNote({ text: msgOf(err), ok: false });
    }
  };
  const addManager = (e: SubmitEvent) => {
    e.preventDefault();
    void act(
      () => api.get('/api/manager/add', { roomId, nickName: nick.trim() }),
      fill(MSG.managerAdded, { nick: nick.trim() }),
    ).then(() => setNick(''));
  };
  const addForbid = (e: SubmitEvent) => {
    e.preventDefault();
    void act(
      () => api.get('/api/forbid/add', { roomId, nickName: banNick.trim(), minutes: minutes || undefined }),
      fill(MSG.userMutedBy, { nick: banNick.trim() }),
    ).then(() => setBanNick(''));
  };

  const field = 'h-9 min-w-0 flex-1 rounded-md border border-line px-2 text-sm';
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className={`min-h-5 text-sm ${note?.ok ? 'text-brand' : 'text-[#d6336c]'}`}>
        {note?.text}
      </p>
      <section className="card p-4" aria-label="房管">
        <h2 className="section-title mb-3">
          房管{' '}
          <span className="text-sm font-normal text-ink-mute">
            {managers?.length ?? 0}/{max}
          </span>
        </h2>
        <p className="mb-3 text-xs text-ink-mute">
          房管可以在直播间禁言和解除禁言观众；只有主播本人可以任免房管。
        </p>
        <form onSubmit={addManager} className="mb-3 flex gap-2">
          <input
            className={field}
            value={nick}
            onChange={(e) => setNick(e.target.value)}
            placeholder="输入用户昵称"
            aria-label="房管昵称"
            maxLength={20}
          />
          <button type="submit" className="btn-primary" disabled={!nick.trim()}>
            设为房管
          </button>
        </form>
        <ul className="divide-y divide-line text-sm">
          {managers?.length === 0 && <li className="py-4 text-center text-ink-mute">暂无房管</li>}
          {managers?.map((m) => (
            <li key={m.id} className="flex items-center justify-between py-2">
              <span>
                {m.nickName} <span className="text-xs text-accent">Lv{m.level}</span>
              </span>
              <button
                type="button"
                className="text-xs text-ink-mute hover:text-[#d6336c]"
                onClick={() =>
                  void act(
                    () => api.get('/api/manager/remove', { id: m.id }),
                    fill(MSG.managerRemoved, { nick: m.nickName }),
                  )
                }
              >
                取消房管
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="card p-4" aria-label="禁言名单">
        <h2 className="section-title mb-3">禁言名单</h2>
        <form onSubmit={addForbid} className="mb-3 flex flex-wrap gap-2">
          <input
            className={field}
            value={banNick}
            onChange={(e) => setBanNick(e.target.value)}
            placeholder="输入要禁言的昵称"
            aria-label="禁言昵称"
            maxLength={20}
          />
          <select
            value={minutes}
            onChange={(e) => setMinutes(Number(e.target.value))}
            className="h-9 rounded-md border border-line px-2 text-sm"
            aria-label="禁言时长"
          >
            {DURATIONS.map(([m, label]) => (
              <option key={m} value={m}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-primary" disabled={!banNick.trim()}>
            禁言
          </button>
        </form>
        <input
          className="mb-2 h-8 w-full rounded-md border border-line px-2 text-sm"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="按昵称搜索禁言名单"
          aria-label="搜索禁言名单"
        />
        <ul className="divide-y divide-line text-sm">
          {forbids?.length === 0 && <li className="py-4 text-center text-ink-mute">暂无数据</li>}
          {forbids?.map((f) => (
            <li key={f.id} className="flex items-center justify-between py-2">
              <span>
                {f.nickName}{' '}
                <span className="text-xs text-ink-mute">
                  {f.expiresAt ? `至 ${chinaTime(f.expiresAt)}` : '永久'}
                  {f.active ? '' : '（已到期）'}
                </span>
              </span>
              <button
                type="button"
                className="text-xs text-brand hover:underline"
                onClick={() =>
                  void act(
                    () => api.get('/api/forbid/remove', { id: f.id }),
                    fill(MSG.muteLifted, { nick: f.nickName }),
                  )
                }
              >
                解除禁言
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
