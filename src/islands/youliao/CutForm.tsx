import { useEffect, useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { beijingDate } from '../../lib/sports/time.ts';
import { clipDuration, CLIP_SPORTS, YOULIAO_RULES, type ClipState } from '../../lib/youliao/rules.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { MSG } from '../../lib/messages.ts';

export interface CutReplay {
  id: number;
  title: string;
  navId: number;
  startedAt: string;
  nickName: string;
  seconds: number | null;
}
export interface CutClip {
  id: number;
  title: string;
  price: number;
  state: ClipState;
  stateName: string;
  durationText: string;
  failReason: string | null;
  replayTitle: string;
}

const field = 'mt-1 h-10 w-full rounded-md border border-line px-3 text-sm font-normal';
const tone: Record<ClipState, string> = {
  processing: 'text-accent',
  ready: 'text-brand',
  failed: 'text-[#d6336c]',
};

/** /youliao/cut: pick a replay, a range, a title and a price; the cut runs in the background. */
export default function CutForm({
  replays,
  initial,
  chosen,
}: {
  replays: CutReplay[];
  initial: CutClip[];
  chosen: number;
}) {
  const usable = replays.filter((r) => r.seconds);
  const [sessionId, setSessionId] = useState(
    usable.some((r) => r.id === chosen) ? chosen : (usable[0]?.id ?? 0),
  );
  const replay = replays.find((r) => r.id === sessionId);
  const [start, setStart] = useState('0:00');
  const [end, setEnd] = useState('0:10');
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState('0');
  const [sport, setSport] = useState(replay?.navId === 2 ? 2 : 1);
  const [clips, setClips] = useState(initial);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const waiting = clips.some((c) => c.state === 'processing');

  // While a cut is 处理中, ask again every 3 s.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      api
        .get<CutClip[]>('/inform/movie/mine')
        .then(({ data }) => setClips(data))
        .catch(() => {});
    }, 3000);
    return () => clearInterval(timer);
  }, [waiting]);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await api.post<CutClip>('/inform/movie/cut', {
        sessionId,
        start,
        end,
        title,
        price,
        sport,
      });
      setClips([{ ...data, failReason: null }, ...clips]);
      setNotice({ text: MSG.clipCutQueued, ok: true });
      setTitle('');
    } catch (err) {
      setNotice({ text: failureText(err, MSG.cutFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_340px]">
      <form className="card flex flex-col gap-3 p-4" onSubmit={submit} aria-label="剪辑有料">
        <label className="text-sm font-medium">
          回放
          <select
            className={field}
            value={sessionId}
            onChange={(e) => {
              const id = Number(e.target.value);
              setSessionId(id);
              setSport(replays.find((r) => r.id === id)?.navId === 2 ? 2 : 1);
            }}
          >
            {replays.map((r) => (
              <option key={r.id} value={r.id} disabled={!r.seconds}>
                {r.nickName} · {r.title} · {beijingDate(new Date(r.startedAt))} ·{' '}
                {r.seconds ? clipDuration(r.seconds) : '暂不支持剪辑'}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            开始（分:秒）
            <input
              className={field}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              inputMode="decimal"
            />
          </label>
          <label className="text-sm font-medium">
            结束（分:秒）
            <input
              className={field}
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              inputMode="decimal"
            />
          </label>
        </div>
        <p className="text-xs text-ink-mute">
          片段 {YOULIAO_RULES.minLength}-{YOULIAO_RULES.maxLength}{' '}
          秒，不重新编码：从开始时间前最近的关键帧起。
          {replay?.seconds ? ` 这段回放共 ${clipDuration(replay.seconds)}。` : ''}
        </p>
        <label className="text-sm font-medium">
          标题
          <input
            className={field}
            value={title}
            maxLength={YOULIAO_RULES.titleMax}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={`${YOULIAO_RULES.titleMin}-${YOULIAO_RULES.titleMax}个字，如实描述片段内容`}
          />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium">
            价格（球钻，0 为免费）
            <input
              className={field}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              inputMode="numeric"
            />
          </label>
          <label className="text-sm font-medium">
            分类
            <select className={field} value={sport} onChange={(e) => setSport(Number(e.target.value))}>
              {CLIP_SPORTS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Notice notice={notice} />
        <button type="submit" className="btn-primary" disabled={busy || !sessionId}>
          {busy ? '提交中…' : '开始剪辑'}
        </button>
      </form>
      <section className="card h-max p-4" aria-label="我的有料">
        <h2 className="mb-2 font-bold">我的有料</h2>
        {clips.length === 0 && <p className="text-sm text-ink-mute">还没有剪辑过片段</p>}
        <ul className="divide-y divide-line">
          {clips.map((c) => (
            <li key={c.id} className="py-2 text-sm" data-my-clip={c.id} data-state={c.state}>
              <a href={`/youliao/${c.id}`} className="font-medium hover:text-brand">
                {c.title}
              </a>
              <p className="text-xs text-ink-mute">
                <span className={tone[c.state]}>{c.stateName}</span>
                {c.durationText && ` · ${c.durationText}`} · {c.price === 0 ? '免费' : `${c.price} 球钻`}
                {c.failReason && ` · ${c.failReason}`}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
