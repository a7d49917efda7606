import { MSG } from '../../lib/messages.ts';

/** Small pieces both captcha kinds share. */

export type Outcome = { ok: boolean; text: string } | null;

/** The result strip over the bottom of the image: green on success, red on failure. */
export function ResultBar({ outcome }: { outcome: Outcome }) {
  return (
    <div role="status" aria-live="polite" className="absolute inset-x-0 bottom-0">
      {outcome && (
        <p className={`m-0 px-2 py-1 text-sm text-white ${outcome.ok ? 'bg-green-600/90' : 'bg-red-600/90'}`}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}

/**
 * What the strip says with no fresh outcome: the server's notice about the image, else, on the new
 * image after a failed try, that it failed (the failure's own text shows only until the refresh).
 */
export function failureNote(notice: string | false | null, retry: boolean): Outcome {
  if (notice) return { ok: false, text: notice };
  return retry ? { ok: false, text: MSG.captchaRetry } : null;
}

export function RefreshButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label="换一张"
      title="换一张"
      className="absolute right-1 top-1 z-10 h-8 w-8 flex items-center justify-center rounded-full border-0 bg-black/40 text-white cursor-pointer hover:bg-black/60 disabled:opacity-50"
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      >
        <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
      </svg>
    </button>
  );
}

/** What the image area shows before the image arrives, or when the server refused one. */
export function Placeholder({ loading, notice }: { loading: boolean; notice: string }) {
  return (
    <div className="absolute inset-0 flex items-center justify-center bg-page px-4 text-center text-sm text-ink-soft">
      {notice || (loading ? '加载中…' : '')}
    </div>
  );
}

export const png = (base64: string) => `data:image/png;base64,${base64}`;
