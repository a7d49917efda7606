import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FRAME_WIDTH, PIECE_WIDTH, REP_OK, SLIDER_Y } from '../../lib/captcha.ts';
import { MSG } from '../../lib/messages.ts';
import { checkCaptcha } from './captcha-api.ts';
import { clamp, keyStep, offsetToFrameX } from './geometry.ts';
import { Placeholder, RefreshButton, ResultBar, failureNote, png, type Outcome } from './parts.tsx';
import { useCaptcha, useLater } from './use-captcha.ts';

export interface SliderCaptchaProps {
  /** Called 1 s after a pass with the captchaVerification for the business call. */
  onSuccess(captchaVerification: string): void;
  /**
   * 'puzzle' (default): '0.82s验证成功' / '验证失败'. 'simple': the spec's second slider kind,
   * '验证通过' / '验证失败：请正确拼合图像'. Both pass within ±6 of the piece's x (checked by the server).
   */
  variant?: 'puzzle' | 'simple';
}

const HANDLE = 40; // px: also a comfortable touch target
const RESULT_MS = 1000; // spec §4: close after 1 s on success, refresh after 1 s on failure

/** blockPuzzle: drag (or arrow-key) the piece into its hole. idle → dragging → success | failure. */
export default function SliderCaptcha({ onSuccess, variant = 'puzzle' }: SliderCaptchaProps) {
  const { data, notice, loading, refresh } = useCaptcha('blockPuzzle');
  const later = useLater();
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ from: number } | null>(null);
  const started = useRef(0);
  const [offset, setOffset] = useState(0); // px, as displayed
  const [phase, setPhase] = useState<'idle' | 'dragging' | 'checking' | 'done'>('idle');
  const [outcome, setOutcome] = useState<Outcome>(null);
  // After a failure the image refreshes (1 s); the failure stays said until the next drag.
  const [retry, setRetry] = useState(false);

  const width = () => frame.current?.getBoundingClientRect().width ?? FRAME_WIDTH;
  const maxOffset = () => width() - HANDLE;
  const ready = !!data && (phase === 'idle' || phase === 'dragging');

  function reset() {
    setOffset(0);
    setOutcome(null);
    setPhase('idle');
    void refresh();
  }

  function begin() {
    setRetry(false);
    if (phase === 'idle') started.current = performance.now();
    setPhase('dragging');
  }

  async function submit(at: number) {
    if (!data) return;
    setPhase('checking');
    const seconds = ((performance.now() - started.current) / 1000).toFixed(2);
    const r = await checkCaptcha('blockPuzzle', data, { x: offsetToFrameX(at, width()), y: SLIDER_Y });
    setPhase('done');
    if (r.repCode === REP_OK && r.repData) {
      const verification = r.repData.captchaVerification;
      setOutcome({
        ok: true,
        text: variant === 'simple' ? MSG.captchaPassed : `${seconds}s${MSG.captchaOk}`,
      });
      later(RESULT_MS, () => onSuccess(verification));
      return;
    }
    const wrong = r.repCode === '6111' && variant === 'simple';
    setOutcome({ ok: false, text: wrong ? MSG.captchaFailedPiece : r.repMsg || MSG.captchaFailed });
    later(RESULT_MS, () => {
      reset();
      setRetry(true);
    });
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (!ready) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { from: e.clientX - offset };
    begin();
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (drag.current) setOffset(clamp(e.clientX - drag.current.from, 0, maxOffset()));
  }
  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    const at = clamp(e.clientX - d.from, 0, maxOffset());
    setOffset(at);
    void submit(at);
  }
  function onPointerCancel() {
    drag.current = null;
    setOffset(0);
    setPhase('idle');
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (!ready) return;
    const scale = width() / FRAME_WIDTH;
    if ((e.key === 'Enter' || e.key === ' ') && phase === 'dragging') {
      e.preventDefault();
      void submit(offset);
      return;
    }
    const next = keyStep(e.key, e.shiftKey, offsetToFrameX(offset, width()), maxOffset() / scale);
    if (next === null) return;
    e.preventDefault();
    begin();
    setOffset(next * scale);
  }

  return (
    <div className="w-full max-w-[310px] select-none">
      <div ref={frame} className="relative w-full aspect-[2/1] overflow-hidden rounded bg-page">
        {data ? (
          <>
            <img
              src={png(data.originalImageBase64)}
              alt="拼图背景"
              draggable={false}
              className="absolute inset-0 h-full w-full"
            />
            <img
              src={png(data.jigsawImageBase64!)}
              alt=""
              draggable={false}
              className="absolute top-0 h-full"
              style={{ left: offset, width: `${(PIECE_WIDTH / FRAME_WIDTH) * 100}%` }}
            />
          </>
        ) : (
          <Placeholder loading={loading} notice={notice} />
        )}
        <ResultBar outcome={outcome ?? failureNote(data && notice, retry)} />
        <RefreshButton
          onClick={() => {
            setRetry(false);
            reset();
          }}
          disabled={phase === 'checking' || phase === 'done' || loading}
        />
      </div>
      <div className="relative mt-2 h-10 rounded border border-line bg-page">
        {offset === 0 && (
          <span
            className="absolute inset-0 flex items-center justify-center pl-10 text-sm text-ink-soft"
            aria-hidden="true"
          >
            {MSG.sliderHint}
          </span>
        )}
        <div
          className="absolute left-0 top-0 h-full rounded bg-brand-light"
          style={{ width: offset + HANDLE }}
        />
        <div
          role="slider"
          tabIndex={0}
          aria-label={MSG.sliderHint}
          aria-valuemin={0}
          aria-valuemax={Math.round(offsetToFrameX(maxOffset(), width()))}
          aria-valuenow={Math.round(offsetToFrameX(offset, width()))}
          aria-disabled={!ready}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onKeyDown={onKeyDown}
          className={`absolute top-0 h-10 w-10 flex items-center justify-center rounded border text-white touch-none ${
            outcome
              ? outcome.ok
                ? 'bg-green-600 border-green-600'
                : 'bg-red-600 border-red-600'
              : 'bg-brand border-brand cursor-grab'
          }`}
          style={{ left: offset }}
        >
          <span aria-hidden="true">{outcome ? (outcome.ok ? '✓' : '✕') : '→'}</span>
        </div>
      </div>
    </div>
  );
}
