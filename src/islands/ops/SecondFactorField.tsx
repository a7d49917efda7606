import { useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { useCountdown } from '../auth/use-countdown.ts';
import { useHydrated } from '../common/use-hydrated.ts';

interface SentCode {
  mobile: string;
  demo: boolean;
  demoCode?: string;
}

/**
 * The console's second factor inside a form: 获取验证码 sends a code to the staff member's own phone
 * (POST /svc/user/staff/second-factor) and the code goes in the field named `secondFactorCode`, which
 * the form sends with the action. Hydrate it with client:load inside the <form>.
 */
/** `optional`: the form also serves actions without the second factor (the server asks for it where needed). */
export default function SecondFactorField({ optional = false }: { optional?: boolean }) {
  const countdown = useCountdown();
  const hydrated = useHydrated();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState('');
  const [demoCode, setDemoCode] = useState('');

  async function send() {
    setSending(true);
    try {
      const { data } = await api.post<SentCode>('/user/staff/second-factor');
      setNotice(`${MSG.codeSent}：${data.mobile}`);
      setDemoCode(data.demoCode ?? '');
      countdown.start();
    } catch (err) {
      setNotice(failureText(err, MSG.codeSendFailed));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        <span>手机验证码</span>
        <input
          name="secondFactorCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d{6}"
          required={!optional}
          className="input w-28"
        />
      </label>
      <button
        type="button"
        className="btn-ghost"
        disabled={!hydrated || countdown.running || sending}
        onClick={() => void send()}
      >
        {countdown.running ? `${countdown.left}s后重新获取` : sending ? '发送中…' : '获取验证码'}
      </button>
      <span role="status" className="text-ink-soft">
        {notice}
        {demoCode && (
          <span className="ml-1 rounded bg-accent-light px-1 text-accent" data-testid="second-factor-demo">
            演示 <span className="font-mono">{demoCode}</span>
          </span>
        )}
      </span>
    </div>
  );
}
