import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { REPORT_REASONS } from '../../lib/live/rules.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { uploadImages } from './upload.ts';
import { MSG } from '../../lib/messages.ts';
import { LIVE_MSG } from '../../lib/live/messages.ts';

const MAX_IMAGES = 3;

/** /live/report: a reason from the list, an optional note and up to three screenshots. */
export default function ReportForm({ roomId, roomTitle }: { roomId: number; roomTitle: string }) {
  const [reason, setReason] = useState('');
  const [detail, setDetail] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const [done, setDone] = useState(false);
  const fail = (err: unknown) => setNotice({ text: failureText(err, MSG.submitFailed), ok: false });

  async function pick(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    try {
      const urls = await uploadImages([...files].slice(0, MAX_IMAGES - images.length));
      setImages([...images, ...urls].slice(0, MAX_IMAGES));
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!reason) return setNotice({ text: LIVE_MSG.reportReasonInvalid, ok: false });
    setBusy(true);
    try {
      await api.post('/api/report/add', { roomId, reason, detail: detail.trim(), images });
      setDone(true);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="py-8 text-center">
        <p className="text-lg font-bold text-brand">举报已提交</p>
        <p className="mt-1 text-sm text-ink-soft">我们会尽快核实处理，感谢你维护良好的观赛环境。</p>
        <a href={`/live/room/${roomId}`} className="btn-ghost mt-4">
          返回直播间
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-4" noValidate>
      <p className="text-sm">
        举报直播间：<b>{roomTitle}</b>
      </p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">举报原因</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${reason === r ? 'border-brand bg-brand-light' : 'border-line'}`}
            >
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {r}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="text-sm font-medium">
        补充说明（选填）
        <textarea
          value={detail}
          onChange={(e) => setDetail(e.target.value)}
          maxLength={200}
          rows={4}
          className="mt-1 w-full rounded-md border border-line p-2 font-normal"
          placeholder="请描述违规内容出现的时间和情况"
        />
      </label>
      <div className="text-sm">
        <p className="mb-1 font-medium">截图（选填，最多 {MAX_IMAGES} 张）</p>
        <div className="flex flex-wrap gap-2">
          {images.map((url) => (
            <img
              key={url}
              src={url}
              alt="举报截图"
              width={80}
              height={80}
              className="h-20 w-20 rounded object-cover"
            />
          ))}
          {images.length < MAX_IMAGES && (
            <label className="grid h-20 w-20 cursor-pointer place-items-center rounded border border-dashed border-line text-2xl text-ink-mute hover:border-brand">
              +
              <input
                type="file"
                accept="image/*"
                multiple
                className="sr-only"
                onChange={(e) => void pick(e.target.files)}
                aria-label="添加截图"
              />
            </label>
          )}
        </div>
      </div>
      <Notice notice={notice} />
      <div>
        <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
          {busy ? '提交中…' : '提交举报'}
        </button>
      </div>
    </form>
  );
}
