import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { LIVE_NAVS } from '../../lib/vocab/live-navs.ts';
import { chinaTime } from '../../lib/wallet.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { MSG } from '../../lib/messages.ts';

export interface AuditInfo {
  status: 'none' | 'auditing' | 'success' | 'error';
  realNameVerified: boolean;
  application: {
    navId: number;
    intro: string;
    contact: string;
    reviewNote: string | null;
    createdAt: string;
    reviewedAt: string | null;
  } | null;
}

const STATUS = {
  auditing: {
    label: '审核中',
    tone: 'bg-[#fff4e6] text-accent',
    text: MSG.anchorApplied,
  },
  success: {
    label: '审核通过',
    tone: 'bg-brand-light text-brand',
    text: MSG.anchorApproved,
  },
  error: {
    label: '未通过',
    tone: 'bg-[#fff0f6] text-[#d6336c]',
    text: MSG.anchorRejected,
  },
} as const;

/** /v/apply: the application form, and where it stands (审核中 / 审核通过 / 未通过 with the reason). */
export default function ApplyForm({ initial }: { initial: AuditInfo }) {
  const [info, setInfo] = useState(initial);
  const [navId, setNavId] = useState(initial.application?.navId ?? 1);
  const [intro, setIntro] = useState(initial.application?.intro ?? '');
  const [contact, setContact] = useState(initial.application?.contact ?? '');
  const [notice, setNotice] = useState<NoticeState>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const { data } = await api.post<AuditInfo>('/api/audit/submit', {
        navId,
        intro: intro.trim(),
        contact: contact.trim(),
      });
      setInfo(data);
      setNotice(null);
    } catch (err) {
      setNotice({ text: failureText(err, MSG.submitFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  const state = info.status === 'none' ? null : STATUS[info.status];
  return (
    <div className="flex flex-col gap-4">
      {state && (
        <div className={`rounded-lg p-4 ${state.tone}`} role="status" data-audit-status={info.status}>
          <p className="font-bold">{state.label}</p>
          <p className="text-sm">{state.text}</p>
          {info.status === 'error' && info.application?.reviewNote && (
            <p className="mt-1 text-sm">原因：{info.application.reviewNote}</p>
          )}
          {info.application && (
            <p className="mt-1 text-xs opacity-80">提交时间 {chinaTime(info.application.createdAt)}</p>
          )}
          {info.status === 'success' && (
            <a href="/v/anchor-set" className="btn-primary mt-2">
              去开播
            </a>
          )}
        </div>
      )}
      {!info.realNameVerified && info.status !== 'success' && (
        <div className="rounded-lg border border-line p-4 text-sm">
          <p>申请主播需要先完成实名认证。</p>
          <a href="/v/information" className="btn-primary mt-2">
            去实名认证
          </a>
        </div>
      )}
      {info.realNameVerified && (info.status === 'none' || info.status === 'error') && (
        <form onSubmit={submit} className="flex max-w-xl flex-col gap-3" noValidate>
          <label className="text-sm font-medium">
            主播分类
            <select
              className="mt-1 h-10 w-full rounded-md border border-line px-2 font-normal"
              value={navId}
              onChange={(e) => setNavId(Number(e.target.value))}
            >
              {LIVE_NAVS.map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium">
            个人介绍（10-200字）
            <textarea
              className="mt-1 w-full rounded-md border border-line p-2 font-normal"
              rows={4}
              maxLength={200}
              value={intro}
              onChange={(e) => setIntro(e.target.value)}
              placeholder="介绍你的解说经验、擅长的联赛和计划的开播时间"
            />
          </label>
          <label className="text-sm font-medium">
            联系方式（选填）
            <input
              className="mt-1 h-10 w-full rounded-md border border-line px-2 font-normal"
              maxLength={40}
              value={contact}
              onChange={(e) => setContact(e.target.value)}
              placeholder="QQ / 微信，便于审核联系"
            />
          </label>
          <Notice notice={notice} />
          <div>
            <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
              {info.status === 'error' ? '重新提交' : '提交申请'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
