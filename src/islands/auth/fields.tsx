import { digitsOnly, CODE_LENGTH, MOBILE_LENGTH } from '../../lib/validation.ts';
import type { SmsType } from './auth-api.ts';
import CodeButton from './CodeButton.tsx';
import Field from './Field.tsx';

export type NoticeState = { text: string; ok: boolean } | null;

/** The phone input: digits only, 11 at most (spec §5). */
export function PhoneField({
  value,
  onChange,
  placeholder = '请输入手机号',
  inputRef,
}: {
  value: string;
  onChange(v: string): void;
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    // No maxLength: a pasted "138 0000 0001" must keep all its digits; the handler trims to 11.
    <Field
      ref={inputRef}
      label="手机号"
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      placeholder={placeholder}
      value={value}
      onChange={(e) => onChange(digitsOnly(e.target.value).slice(0, MOBILE_LENGTH))}
    />
  );
}

/** The SMS code input with its 获取验证码 button. */
export function CodeField(props: {
  value: string;
  onChange(v: string): void;
  mobile: string;
  type: SmsType;
  onNotice(n: NoticeState): void;
}) {
  return (
    <Field
      label="验证码"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="请输入验证码"
      maxLength={CODE_LENGTH}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value.trim())}
      addon={
        <CodeButton
          mobile={props.mobile}
          type={props.type}
          onNotice={(text, ok) => props.onNotice({ text, ok })}
        />
      }
    />
  );
}

/** The one-line result under a form, read out by screen readers. */
export function Notice({ notice }: { notice: NoticeState }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`min-h-5 text-sm ${notice?.ok ? 'text-brand' : 'text-[#d6336c]'}`}
    >
      {notice?.text}
    </p>
  );
}
