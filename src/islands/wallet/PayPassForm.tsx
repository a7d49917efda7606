import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { WALLET_MSG } from '../../lib/wallet-messages.ts';
import { codeError, digitsOnly, mobileError } from '../../lib/validation.ts';
import { payPasswordError, PAY_PASSWORD_LENGTH } from '../../lib/wallet.ts';
import Field from '../auth/Field.tsx';
import { CodeField, Notice, PhoneField, type NoticeState } from '../auth/fields.tsx';
import { sealedPayPassword } from './wallet-api.ts';

interface Props {
  /** The account's phone, masked (138****0001): the code goes there. */
  maskedMobile: string;
  status: { set: boolean; locked: boolean };
}

/** 138****0001 matches 13800000001: the typed phone must be the account's own. */
const matchesMask = (mobile: string, masked: string) =>
  mobile.slice(0, 3) === masked.slice(0, 3) && mobile.slice(-4) === masked.slice(-4);

/** /v/wallet-forget-password: set, change or reset the pay password with an SMS code to the own phone. */
export default function PayPassForm({ maskedMobile, status }: Props) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  const onlyDigits = (v: string) => v.replace(/\D/g, '').slice(0, PAY_PASSWORD_LENGTH);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problem =
      mobileError(mobile) ??
      (matchesMask(digitsOnly(mobile), maskedMobile) ? null : WALLET_MSG.payPasswordMobile) ??
      codeError(code) ??
      payPasswordError(password) ??
      (password === again ? null : MSG.payPasswordsDiffer);
    if (problem) return setNotice({ text: problem, ok: false });
    setBusy(true);
    try {
      await api.post('/pay/change/pay-pass', {
        mobile: digitsOnly(mobile),
        verifyCode: code,
        ...(await sealedPayPassword(password)),
      });
      setDone(true);
    } catch (err) {
      setNotice({ text: failureText(err, MSG.submitFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="py-6 text-center" role="status">
        <p className="text-lg font-bold text-brand">支付密码已设置</p>
        <p className="mt-1 text-sm text-ink-soft">提现时请输入新的6位支付密码。</p>
        <a href="/v/wallet?tab=withdraw" className="btn-primary mt-4">
          返回钱包
        </a>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      {status.locked && (
        <p className="rounded-md bg-accent-light px-3 py-2 text-sm text-accent">
          {WALLET_MSG.payPasswordLocked}
        </p>
      )}
      <p className="text-sm text-ink-soft">
        验证码将发送到本账号绑定的手机 <b className="text-ink tabular-nums">{maskedMobile}</b>
        ，请输入该手机号。支付密码为6位数字，不能与登录密码相同。
      </p>
      <PhoneField value={mobile} onChange={setMobile} placeholder={`请输入手机号 ${maskedMobile}`} />
      <CodeField value={code} onChange={setCode} mobile={mobile} type={4} onNotice={setNotice} />
      <Field
        label={status.set ? '新支付密码' : '支付密码'}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        placeholder="6位数字支付密码"
        maxLength={PAY_PASSWORD_LENGTH}
        value={password}
        onChange={(e) => setPassword(onlyDigits(e.target.value))}
      />
      <Field
        label="确认支付密码"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        placeholder="再次输入支付密码"
        maxLength={PAY_PASSWORD_LENGTH}
        value={again}
        onChange={(e) => setAgain(onlyDigits(e.target.value))}
      />
      <Notice notice={notice} />
      <button type="submit" className="btn-primary h-11 text-base" disabled={busy}>
        {busy ? '提交中…' : status.set ? '重置支付密码' : '设置支付密码'}
      </button>
    </form>
  );
}
