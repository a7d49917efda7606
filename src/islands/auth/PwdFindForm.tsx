import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api/index.ts';
import { codeError, digitsOnly, mobileError, passwordError, PASSWORD_LENGTH } from '../../lib/validation.ts';
import { encryptedPassword, loginErrorText } from './auth-api.ts';
import Field from './Field.tsx';
import { CodeField, Notice, PhoneField, type NoticeState } from './fields.tsx';
import { MSG } from '../../lib/messages.ts';

/** /user/pwd_find: phone + SMS code + new password (POST /user/center/retrievePassword). */
export default function PwdFindForm() {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const p =
      mobileError(mobile) ??
      codeError(code) ??
      passwordError(password) ??
      (password === again ? null : MSG.passwordsDiffer);
    if (p) return setNotice({ text: p, ok: false });
    setBusy(true);
    try {
      await api.post('/user/center/retrievePassword', {
        mobile: digitsOnly(mobile),
        verifyCode: code,
        ...(await encryptedPassword(password)),
      });
      setDone(true);
    } catch (err) {
      setNotice({ text: loginErrorText(err).text, ok: false });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="py-6 text-center">
        <p className="text-lg font-bold text-brand">密码已重置</p>
        <p className="mt-1 text-sm text-ink-soft">为了安全，所有设备上的登录都已退出，请用新密码重新登录。</p>
        <a href="/?login=1" className="btn-primary mt-4">
          去登录
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <PhoneField value={mobile} onChange={setMobile} placeholder="请输入注册时的手机号" />
      <CodeField value={code} onChange={setCode} mobile={mobile} type={2} onNotice={setNotice} />
      <Field
        label="新密码"
        type="password"
        autoComplete="new-password"
        placeholder={`新密码（${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max}位字母或数字）`}
        maxLength={PASSWORD_LENGTH.max}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label="确认新密码"
        type="password"
        autoComplete="new-password"
        placeholder="再次输入新密码"
        maxLength={PASSWORD_LENGTH.max}
        value={again}
        onChange={(e) => setAgain(e.target.value)}
      />
      <Notice notice={notice} />
      <button type="submit" className="btn-primary h-11 text-base" disabled={busy}>
        {busy ? '提交中…' : '重置密码'}
      </button>
    </form>
  );
}
