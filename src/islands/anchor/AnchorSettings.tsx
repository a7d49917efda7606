import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { shortTime } from '../../lib/live/format.ts';
import { CHAT } from '../../lib/live/rules.ts';
import type { MatchBrief } from '../../lib/live/types.ts';
import { LIVE_NAVS } from '../../lib/vocab/live-navs.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { uploadImages } from '../live/upload.ts';
import StreamKey, { type Push } from './StreamKey.tsx';
import { MSG } from '../../lib/messages.ts';

export interface RoomSettingsView {
  id: number;
  title: string;
  cover: string | null;
  navId: number;
  matchId: number | null;
  notice: string;
  slowMode: number;
  liveState: number;
}

const fail = (err: unknown): NoticeState => ({
  text: failureText(err, MSG.saveFailed),
  ok: false,
});
const input = 'mt-1 h-10 w-full rounded-md border border-line px-3 text-sm font-normal';

/** /v/anchor-set: the room's title, cover, category, linked match, notice and slow mode; going live; the stream key. */
export default function AnchorSettings({
  room: initial,
  push: initialPush,
  demo,
  matches,
}: {
  room: RoomSettingsView;
  push: Push;
  demo: boolean;
  matches: MatchBrief[];
}) {
  const [room, setRoom] = useState(initial);
  const [push, setPush] = useState(initialPush);
  const [form, setForm] = useState({
    title: initial.title,
    navId: initial.navId,
    matchId: initial.matchId ?? 0,
    notice: initial.notice,
    slowMode: initial.slowMode,
    cover: initial.cover ?? '',
  });
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm({ ...form, ...patch });

  async function save(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await api.post<RoomSettingsView>('/api/room/update', {
        ...form,
        cover: form.cover || undefined,
      });
      setRoom(data);
      setNotice({ text: MSG.saved, ok: true });
    } catch (err) {
      setNotice(fail(err));
    } finally {
      setBusy(false);
    }
  }

  async function cover(files: FileList | null) {
    if (!files?.[0]) return;
    try {
      const [url] = await uploadImages([files[0]]);
      set({ cover: url });
    } catch (err) {
      setNotice(fail(err));
    }
  }

  async function toggleLive() {
    setBusy(true);
    try {
      if (room.liveState === 1) await api.get('/api/room/down', { roomId: room.id });
      else await api.post('/api/room/up', { title: form.title, navId: form.navId, matchId: form.matchId });
      setRoom({ ...room, liveState: room.liveState === 1 ? 0 : 1 });
      setNotice({
        text: room.liveState === 1 ? MSG.liveEnded : MSG.liveStarted,
        ok: true,
      });
    } catch (err) {
      setNotice(fail(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <section className="card flex flex-wrap items-center gap-3 p-4">
        <span
          className={`h-3 w-3 rounded-full ${room.liveState === 1 ? 'bg-accent-bright animate-pulse' : 'bg-ink-mute'}`}
          aria-hidden="true"
        />
        <b>{room.liveState === 1 ? '直播中' : '未开播'}</b>
        <a href={`/live/room/${room.id}`} className="text-sm text-brand hover:underline">
          查看我的直播间
        </a>
        <span className="flex-1" />
        <button
          type="button"
          onClick={() => void toggleLive()}
          disabled={busy}
          className={room.liveState === 1 ? 'btn-ghost !text-[#d6336c]' : 'btn-primary'}
        >
          {room.liveState === 1 ? '结束直播' : '开始直播'}
        </button>
      </section>
      <StreamKey push={push} demo={demo} onReset={setPush} />
      <form onSubmit={save} className="card flex flex-col gap-4 p-4" noValidate>
        <h2 className="section-title">直播间设置</h2>
        <label className="text-sm font-medium">
          直播标题
          <input
            className={input}
            value={form.title}
            maxLength={30}
            onChange={(e) => set({ title: e.target.value })}
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="text-sm font-medium">
            直播分类
            <select
              className={input}
              value={form.navId}
              onChange={(e) => set({ navId: Number(e.target.value) })}
            >
              {LIVE_NAVS.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            慢速模式
            <select
              className={input}
              value={form.slowMode}
              onChange={(e) => set({ slowMode: Number(e.target.value) })}
            >
              {CHAT.slowModes.map((s) => (
                <option key={s} value={s}>
                  {s === 0 ? '关闭' : `每人每 ${s} 秒一条`}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="text-sm font-medium">
          关联比赛
          <select
            className={input}
            value={form.matchId}
            onChange={(e) => set({ matchId: Number(e.target.value) })}
          >
            <option value={0}>不关联比赛</option>
            {matches.map((m) => (
              <option key={m.id} value={m.id}>
                {shortTime(m.kickoffAt)} {m.competition} {m.home} vs {m.away}（{m.stateName}）
              </option>
            ))}
          </select>
        </label>
        <div className="text-sm font-medium">
          封面
          <div className="mt-1 flex items-end gap-3">
            <img
              src={form.cover || '/covers/other-1.svg'}
              alt="直播间封面"
              width={192}
              height={108}
              className="h-27 w-48 rounded-md object-cover"
            />
            <label className="btn-ghost cursor-pointer">
              上传封面
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(e) => void cover(e.target.files)}
              />
            </label>
          </div>
          <p className="mt-1 text-xs font-normal text-ink-mute">建议 16:9，JPG/PNG/WebP，不超过 5MB</p>
        </div>
        <label className="text-sm font-medium">
          直播间公告
          <textarea
            className="mt-1 w-full rounded-md border border-line p-2 text-sm font-normal"
            rows={3}
            maxLength={100}
            value={form.notice}
            onChange={(e) => set({ notice: e.target.value })}
          />
        </label>
        <Notice notice={notice} />
        <div>
          <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
            保存设置
          </button>
        </div>
      </form>
    </div>
  );
}
