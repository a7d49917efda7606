import { useStore } from '@nanostores/preact';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { MSG } from '../../lib/messages.ts';
import { codeError, mobileError, passwordError, CODE_LENGTH, PASSWORD_LENGTH } from '../../lib/validation.ts';
import { $showLoginModel, completeLogin } from '../../stores/auth.ts';
import { login, loginErrorText } from './auth-api.ts';
import Field from './Field.tsx';
import { CodeField, Notice, PhoneField, type NoticeState } from './fields.tsx';

type Mode = 0 | 1;
type Phase = 'idle' | 'loading';
const NETWORK_MESSAGE_MS = 3000;

/**
 * The login modal of spec §4: closed → open (password or code, switchable) → loading → logged in
 * or error. The button is enabled only when the inputs are valid.
 */
export default function LoginModal() {
  const open = useStore($showLoginModel);
  const [mode, setMode] = useState<Mode>(0);
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [keep, setKeep] = useState(true);
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<NoticeState>(null);
  const titleId = useId();
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && $showLoginModel.set(false);
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) return null;

  const secret = mode === 0 ? password : code;
  const valid =
    mobileError(mobile) === null &&
    (mode === 0 ? passwordError(password) === null : code.length === CODE_LENGTH);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problem = mobileError(mobile) ?? (mode === 0 ? passwordError(password) : codeError(code));
    if (problem) return setNotice({ text: problem, ok: false });
    setPhase('loading');
    setNotice(null);
    try {
      const token = await login({ mobile, mode, secret, auto: keep });
      await completeLogin(token, keep);
    } catch (err) {
      const { text, network } = loginErrorText(err);
      setNotice({ text, ok: false });
      if (network) setTimeout(() => setNotice((n) => (n?.text === text ? null : n)), NETWORK_MESSAGE_MS);
    } finally {
      setPhase('idle');
    }
  }

  const tab = (m: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      onClick={() => {
        setMode(m);
        setNotice(null);
      }}
      className={`pb-2 text-base ${mode === m ? 'border-b-2 border-brand font-bold text-brand' : 'text-ink-soft'}`}
    >
      {label}
    </button>
  );

  return (
    <div
      className="fixed inset-0 z-50 flex items-end sm:items-center justify-center bg-black/50"
      onMouseDown={(e) => e.target === e.currentTarget && $showLoginModel.set(false)}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative w-full sm:w-[380px] rounded-t-2xl sm:rounded-xl bg-white p-6 shadow-2xl"
      >
        <h2 id={titleId} className="sr-only">
          登录球友圈
        </h2>
        <button
          type="button"
          aria-label="关闭"
          onClick={() => $showLoginModel.set(false)}
          className="absolute right-3 top-2 h-8 w-8 text-2xl text-ink-mute hover:text-ink"
        >
          ×
        </button>
        <div role="tablist" className="mb-5 flex gap-6">
          {tab(0, '密码登录')}
          {tab(1, '验证码登录')}
        </div>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <PhoneField inputRef={first} value={mobile} onChange={setMobile} />
          {mode === 0 ? (
            <Field
              label="密码"
              type="password"
              autoComplete="current-password"
              placeholder="请输入密码"
              maxLength={PASSWORD_LENGTH.max}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <CodeField value={code} onChange={setCode} mobile={mobile} type={3} onNotice={setNotice} />
          )}
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-1.5 text-ink-soft">
              <input
                type="checkbox"
                checked={keep}
                onChange={(e) => setKeep(e.target.checked)}
                className="accent-[#0a7d4f]"
              />
              {MSG.keepLogin}
            </label>
            <a href="/user/pwd_find" className="text-ink-soft hover:text-brand">
              忘记密码？
            </a>
          </div>
          <Notice notice={notice} />
          <button
            type="submit"
            className="btn-primary h-11 text-base"
            disabled={!valid || phase === 'loading'}
          >
            {phase === 'loading' ? '登录中…' : '登录'}
          </button>
          <p className="text-center text-sm text-ink-soft">
            还没有账号？
            <a href="/user/register" className="text-brand">
              立即注册
            </a>
          </p>
        </form>
      </div>
    </div>
  );
}
