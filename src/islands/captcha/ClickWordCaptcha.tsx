import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { CLICK_POINTS, FRAME_HEIGHT, FRAME_WIDTH, REP_OK, type Point } from '../../lib/captcha.ts';
import { MSG } from '../../lib/messages.ts';
import { checkCaptcha } from './captcha-api.ts';
import { clamp, clickToFrame } from './geometry.ts';
import { Placeholder, RefreshButton, ResultBar, failureNote, png, type Outcome } from './parts.tsx';
import { useCaptcha, useLater } from './use-captcha.ts';

export interface ClickWordCaptchaProps {
  /** Called 1 s after a pass with the captchaVerification for the business call. */
  onSuccess(captchaVerification: string): void;
}

const SUCCESS_MS = 1000;
const FAILURE_MS = 700; // spec §4/§9: refresh 700 ms after a failed click-word check
const pct = (p: Point) => ({ left: `${(p.x / FRAME_WIDTH) * 100}%`, top: `${(p.y / FRAME_HEIGHT) * 100}%` });

/**
 * clickWord: click the 3 characters in the order shown; then it is checked. Keyboard: arrows
 * move a cross-hair (Shift for bigger steps), Enter or Space clicks where it is.
 */
export default function ClickWordCaptcha({ onSuccess }: ClickWordCaptchaProps) {
  const { data, notice, loading, refresh } = useCaptcha('clickWord');
  const later = useLater();
  const [points, setPoints] = useState<Point[]>([]);
  const [cursor, setCursor] = useState<Point>({ x: FRAME_WIDTH / 2, y: FRAME_HEIGHT / 2 });
  const [keyboard, setKeyboard] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [checking, setChecking] = useState(false);
  // After a failure the image refreshes (spec: 700 ms); the failure stays said until the next try.
  const [retry, setRetry] = useState(false);

  function reset() {
    setPoints([]);
    setOutcome(null);
    void refresh();
  }

  async function place(p: Point) {
    if (!data || checking || outcome || points.length >= CLICK_POINTS) return;
    const next = [...points, p];
    setRetry(false);
    setPoints(next);
    if (next.length < CLICK_POINTS) return;
    setChecking(true);
    const r = await checkCaptcha('clickWord', data, next);
    setChecking(false);
    if (r.repCode === REP_OK && r.repData) {
      const verification = r.repData.captchaVerification;
      setOutcome({ ok: true, text: MSG.captchaOk });
      later(SUCCESS_MS, () => onSuccess(verification));
    } else {
      setOutcome({ ok: false, text: r.repMsg || MSG.captchaFailed });
      later(FAILURE_MS, () => {
        reset();
        setRetry(true);
      });
    }
  }

  function onClick(e: MouseEvent<HTMLDivElement>) {
    setKeyboard(false);
    void place(clickToFrame(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect()));
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.shiftKey ? 20 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      void place({ x: Math.round(cursor.x), y: Math.round(cursor.y) });
    } else if (moves[e.key]) {
      e.preventDefault();
      const [dx, dy] = moves[e.key];
      setKeyboard(true);
      setCursor((c) => ({ x: clamp(c.x + dx, 0, FRAME_WIDTH), y: clamp(c.y + dy, 0, FRAME_HEIGHT) }));
    }
  }

  const prompt = data?.wordList ? `请依次点击【${data.wordList.join(',')}】` : '';
  return (
    <div className="w-full max-w-[310px] select-none">
      <div className="relative w-full aspect-[2/1] overflow-hidden rounded bg-page">
        {data ? (
          <div
            role="application"
            tabIndex={0}
            aria-label={`${prompt}。方向键移动十字光标，回车确定位置`}
            onClick={onClick}
            onKeyDown={onKeyDown}
            onFocus={() => setKeyboard(true)}
            onBlur={() => setKeyboard(false)}
            className="absolute inset-0 cursor-pointer"
          >
            <img src={png(data.originalImageBase64)} alt="" draggable={false} className="h-full w-full" />
            {points.map((p, i) => (
              <span
                key={i}
                aria-hidden="true"
                style={pct(p)}
                className="pointer-events-none absolute -ml-3 -mt-3 h-6 w-6 flex items-center justify-center rounded-full border-2 border-white bg-brand text-xs font-bold text-white"
              >
                {i + 1}
              </span>
            ))}
            {keyboard && !outcome && (
              <span
                aria-hidden="true"
                style={pct(cursor)}
                className="pointer-events-none absolute -ml-4 -mt-4 h-8 w-8 rounded-full border-2 border-dashed border-white shadow"
              />
            )}
          </div>
        ) : (
          <Placeholder loading={loading} notice={notice} />
        )}
        <ResultBar outcome={outcome ?? failureNote(data && notice, retry)} />
        <RefreshButton
          onClick={() => {
            setRetry(false);
            reset();
          }}
          disabled={loading || checking || !!outcome}
        />
      </div>
      <p
        className="m-0 mt-2 h-10 flex items-center justify-center rounded border border-line bg-page text-sm text-ink"
        aria-hidden="true"
      >
        {prompt || MSG.captchaTitle}
      </p>
    </div>
  );
}
