import { useEffect, useRef, useState } from 'react';
import { newRequestKey, formatCount } from '../../lib/wallet.ts';
import type { Gift } from './room-api.ts';

const COUNTS = [1, 10, 66, 188, 520, 1314];
/** The 连击 button stays this long after a gift. */
const COMBO_MS = 5_000;

interface Props {
  gifts: Gift[];
  balance: number | null;
  loggedIn: boolean;
  /** Resolves to an error message, or null when sent. */
  onSend(gift: Gift, count: number, requestId: string): Promise<string | null>;
}

/** The gift bar: pick a gift and a count, send; the same gift again within 5 s is a combo. */
export default function GiftBar({ gifts, balance, loggedIn, onSend }: Props) {
  const [picked, setPicked] = useState<Gift | null>(null);
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [combo, setCombo] = useState<Gift | null>(null);
  const comboTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(comboTimer.current), []);

  async function send(gift: Gift, n: number) {
    setBusy(true);
    const failed = await onSend(gift, n, newRequestKey());
    setBusy(false);
    setNote(failed);
    if (failed) return;
    setCombo(gift);
    clearTimeout(comboTimer.current);
    comboTimer.current = setTimeout(() => setCombo(null), COMBO_MS);
  }

  return (
    <section aria-label="礼物" className="border-t border-line bg-white px-3 py-2">
      <div className="flex items-center gap-3">
        <ul className="flex min-w-0 flex-1 gap-1 overflow-x-auto pb-1">
          {gifts.map((g) => (
            <li key={g.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setPicked(picked?.id === g.id ? null : g)}
                aria-pressed={picked?.id === g.id}
                className={`flex w-16 flex-col items-center rounded-md border px-1 py-1 text-xs ${picked?.id === g.id ? 'border-accent bg-accent-light' : 'border-transparent hover:border-line'}`}
              >
                <img src={g.icon} alt="" width={36} height={36} className="h-9 w-9" />
                <span className="w-full truncate text-center">{g.name}</span>
                <span className="text-[11px] text-ink-mute">{formatCount(g.price)}钻</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="hidden shrink-0 text-right text-xs sm:block">
          {loggedIn ? (
            <>
              <p>
                球钻{' '}
                <b className="tabular-nums text-accent" data-room-balance>
                  {balance === null ? '—' : formatCount(balance)}
                </b>
              </p>
              <a href="/v/pay" className="text-brand hover:underline">
                充值
              </a>
            </>
          ) : (
            <button type="button" data-needs-login className="text-brand hover:underline">
              登录送礼
            </button>
          )}
        </div>
      </div>
      {picked && (
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span>{picked.name}</span>
          <select
            aria-label="数量"
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
            className="h-8 rounded-md border border-line bg-white px-1"
          >
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                ×{n}
              </option>
            ))}
          </select>
          <span className="text-xs text-ink-mute">共 {formatCount(picked.price * count)} 球钻</span>
          {loggedIn ? (
            <button
              type="button"
              className="btn-primary h-8 !bg-accent !px-4"
              disabled={busy}
              onClick={() => void send(picked, count)}
            >
              赠送
            </button>
          ) : (
            <button type="button" data-needs-login className="btn-primary h-8 !px-4">
              登录后赠送
            </button>
          )}
          {combo && combo.id === picked.id && (
            <button
              type="button"
              className="h-8 rounded-full bg-gradient-to-r from-[#ff6a00] to-[#d6336c] px-4 text-sm font-bold text-white"
              disabled={busy}
              onClick={() => void send(combo, 1)}
            >
              连击
            </button>
          )}
        </div>
      )}
      {note && (
        <p role="alert" className="mt-1 text-xs text-[#d6336c]">
          {note}{' '}
          {note.includes('余额不足') && (
            <a href="/v/pay" className="text-brand underline">
              去充值
            </a>
          )}
        </p>
      )}
    </section>
  );
}
