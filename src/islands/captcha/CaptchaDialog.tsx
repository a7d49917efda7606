import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { CaptchaType } from '../../lib/captcha.ts';
import { MSG } from '../../lib/messages.ts';
import ClickWordCaptcha from './ClickWordCaptcha.tsx';
import SliderCaptcha, { type SliderCaptchaProps } from './SliderCaptcha.tsx';

export interface CaptchaDialogProps {
  open: boolean;
  /** Which captcha to show; blockPuzzle (the slider) by default. */
  captchaType?: CaptchaType;
  /** For blockPuzzle: the slider kind (see SliderCaptcha). */
  variant?: SliderCaptchaProps['variant'];
  /** A solved captcha's verification, for the business call; the dialog then closes (onClose). */
  onSuccess(captchaVerification: string): void;
  onClose(): void;
}

const FOCUSABLE = 'button:not([disabled]), [tabindex]:not([tabindex="-1"]), a[href], input:not([disabled])';

/** The pop-up 请完成安全验证: modal, Esc closes, Tab stays inside, focus returns where it was. */
export default function CaptchaDialog({
  open,
  captchaType = 'blockPuzzle',
  variant,
  onSuccess,
  onClose,
}: CaptchaDialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => before?.focus?.();
  }, [open]);

  if (!open) return null;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === panel.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  }

  const done = (v: string) => {
    onSuccess(v);
    onClose();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-3">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="w-full max-w-[342px] rounded-lg bg-white p-4 shadow-xl outline-none"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id={titleId} className="m-0 text-base font-bold text-ink">
            {MSG.captchaTitle}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="关闭"
            className="h-8 w-8 rounded border-0 bg-transparent text-xl leading-none text-ink-mute cursor-pointer hover:text-ink"
          >
            ×
          </button>
        </div>
        {captchaType === 'clickWord' ? (
          <ClickWordCaptcha onSuccess={done} />
        ) : (
          <SliderCaptcha onSuccess={done} variant={variant} />
        )}
      </div>
    </div>
  );
}
