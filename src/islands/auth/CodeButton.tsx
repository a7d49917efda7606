import { useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { mobileError } from '../../lib/validation.ts';
import CaptchaDialog from '../captcha/CaptchaDialog.tsx';
import { sendSmsCode, type SmsType } from './auth-api.ts';
import { useCountdown } from './use-countdown.ts';

interface Props {
  mobile: string;
  type: SmsType;
  /** Tells the form what happened: '已发送', or the failure text. */
  onNotice(text: string, ok: boolean): void;
}

/**
 * 获取验证码 → the click-word captcha pop-up (请完成安全验证, spec §5) → the SMS call → a 60 s countdown. A failure
 * shows the server's message (or 验证码获取失败) and resets the button and the captcha (spec §8).
 */
export default function CodeButton({ mobile, type, onNotice }: Props) {
  const countdown = useCountdown();
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [demo, setDemo] = useState(false);
  const [demoCode, setDemoCode] = useState('');
  const phoneProblem = mobileError(mobile);

  async function send(verification: string) {
    setSending(true);
    try {
      const res = await sendSmsCode(mobile, verification, type);
      const data = res.data as { demo?: boolean; demoCode?: string } | null;
      setDemo(data?.demo === true);
      // Only the demo outbox (never production) hands the code back: show it, marked 演示.
      setDemoCode(typeof data?.demoCode === 'string' ? data.demoCode : '');
      countdown.start();
      onNotice(MSG.codeSent, true);
    } catch (err) {
      countdown.reset();
      setCaptchaKey((k) => k + 1);
      onNotice(failureText(err, MSG.codeSendFailed), false);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="shrink-0 w-28 rounded-md border border-brand px-2 text-sm text-brand disabled:border-line disabled:text-ink-mute"
        disabled={countdown.running || sending || phoneProblem !== null}
        onClick={() => setCaptchaOpen(true)}
      >
        {countdown.running ? `${countdown.left}s后重新获取` : sending ? '发送中…' : '获取验证码'}
      </button>
      {demo && (
        <span
          className="self-center shrink-0 rounded bg-accent-light px-1.5 py-0.5 text-xs text-accent"
          title="演示环境：短信不会真的发出，验证码写入短信发件箱（npm run sms:outbox）"
          data-testid="sms-demo"
        >
          演示
          {demoCode && (
            <span className="ml-1 font-mono text-sm" aria-label={`演示验证码 ${demoCode}`}>
              {demoCode}
            </span>
          )}
        </span>
      )}
      <CaptchaDialog
        key={captchaKey}
        open={captchaOpen}
        captchaType="clickWord"
        onSuccess={(v) => void send(v)}
        onClose={() => setCaptchaOpen(false)}
      />
    </>
  );
}
