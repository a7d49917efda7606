import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { idCardError, realNameError } from '../../lib/validation.ts';
import Field from '../auth/Field.tsx';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { MSG } from '../../lib/messages.ts';

export interface RealNameState {
  status: number;
  realName: string | null;
  idCard: string | null;
}

/** /v/information: name + resident ID (checksum checked here and on the server), shown masked once verified. */
export default function RealNameForm({ initial }: { initial: RealNameState }) {
  const [state, setState] = useState(initial);
  const [name, setName] = useState('');
  const [idCard, setIdCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  if (state.status === 1) {
    return (
      <dl className="grid grid-cols-[88px_1fr] gap-y-3 text-sm">
        <dt className="text-ink-soft">认证状态</dt>
        <dd className="font-medium text-brand">已认证</dd>
        <dt className="text-ink-soft">真实姓名</dt>
        <dd>{state.realName}</dd>
        <dt className="text-ink-soft">身份证号</dt>
        <dd className="tabular-nums">{state.idCard}</dd>
      </dl>
    );
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problem = realNameError(name.trim()) ?? idCardError(idCard.trim());
    if (problem) return setNotice({ text: problem, ok: false });
    setBusy(true);
    try {
      const { data } = await api.post<RealNameState>('/user/center/real-name', {
        realName: name.trim(),
        idCard: idCard.trim().toUpperCase(),
      });
      setState(data);
    } catch (err) {
      setNotice({ text: failureText(err, MSG.submitFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <p className="text-sm text-ink-soft">
        根据国家相关规定，提现、申请主播等功能需要先完成实名认证。信息加密保存，仅用于身份核验。
      </p>
      <Field
        label="真实姓名"
        placeholder="请输入真实姓名"
        maxLength={20}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label="身份证号"
        placeholder="请输入18位身份证号"
        maxLength={18}
        value={idCard}
        onChange={(e) => setIdCard(e.target.value.replace(/\s/g, ''))}
      />
      <Notice notice={notice} />
      <div>
        <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
          {busy ? '提交中…' : '提交认证'}
        </button>
      </div>
    </form>
  );
}
