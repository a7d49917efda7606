import { useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api/index.ts';
import {
  codeError,
  digitsOnly,
  mobileError,
  nickNameError,
  passwordError,
  PASSWORD_LENGTH,
} from '../../lib/validation.ts';
import { completeLogin } from '../../stores/auth.ts';
import { encryptedPassword, loginErrorText } from './auth-api.ts';
import Field from './Field.tsx';
import { CodeField, Notice, PhoneField, type NoticeState } from './fields.tsx';
import NickField from './NickField.tsx';
import { MSG } from '../../lib/messages.ts';

/** /user/register: phone, SMS code, password, nickname; success logs in and goes home. */
export default function RegisterForm() {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [nickName, setNickName] = useState('');
  // Unticked until the person ticks it: a pre-ticked consent (默认勾选) is not consent.
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  const problem = () =>
    mobileError(mobile) ??
    codeError(code) ??
    passwordError(password) ??
    nickNameError(nickName.trim()) ??
    (agreed ? null : MSG.agreementRequired);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const p = problem();
    if (p) return setNotice({ text: p, ok: false });
    setBusy(true);
    try {
      const sealed = await encryptedPassword(password);
      const { data } = await api.post<{ token: string }>('/user/register', {
        mobile: digitsOnly(mobile),
        verifyCode: code,
        nickName: nickName.trim(),
        ...sealed,
      });
      await completeLogin(data.token, true, () => location.assign('/'));
    } catch (err) {
      setNotice({ text: loginErrorText(err).text, ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <PhoneField value={mobile} onChange={setMobile} />
      <CodeField value={code} onChange={setCode} mobile={mobile} type={1} onNotice={setNotice} />
      <Field
        label="密码"
        type="password"
        autoComplete="new-password"
        placeholder={`设置密码（${PASSWORD_LENGTH.min}-${PASSWORD_LENGTH.max}位字母或数字）`}
        maxLength={PASSWORD_LENGTH.max}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <NickField value={nickName} onChange={setNickName} />
      {/* One line of text beside the box (as flex items, the words and links each shrank into a column). */}
      <label className="flex items-start gap-1.5 text-sm text-ink-soft">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          className="mt-[3px] accent-[#0a7d4f]"
        />
        <span>
          我已阅读并同意
          <a href="/about/agreement" className="whitespace-nowrap text-brand" target="_blank">
            《用户服务协议》
          </a>
          和
          <a href="/about/10002" className="whitespace-nowrap text-brand" target="_blank">
            《隐私政策》
          </a>
        </span>
      </label>
      <Notice notice={notice} />
      <button type="submit" className="btn-primary h-11 text-base" disabled={busy}>
        {busy ? '注册中…' : '注册并登录'}
      </button>
    </form>
  );
}
