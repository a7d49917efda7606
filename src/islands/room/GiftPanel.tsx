import { useEffect, useRef, useState } from 'react';
import { newRequestKey, formatCount } from '../../lib/wallet.ts';
import { confirmPayment, GIFT_CONFIRM_FROM } from '../../scripts/confirm-payment.ts';
import { refreshBalances } from '../wallet/wallet-api.ts';
import type { Gift } from './room-api.ts';

const COUNTS = [1, 10, 66, 188, 520, 1314];
/** The 连击 button stays this long after a gift. */
const COMBO_MS = 5_000;

interface Props {
  gift: Gift;
  loggedIn: boolean;
  /** Resolves to an error message, or null when sent. */
  onSend(gift: Gift, count: number, requestId: string): Promise<string | null>;
}

/**
 * The picked gift: a count, 赠送, and 连击 (the same gift again within 5 s continues the combo).
 * Loaded the first time a gift is picked (RoomTools), not with the room.
 */
export default function GiftPanel({ gift, loggedIn, onSend }: Props) {
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [combo, setCombo] = useState<Gift | null>(null);
  const comboTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(comboTimer.current), []);

  /** A send of GIFT_CONFIRM_FROM 球钻 or more asks first; a 连击 continues a send already confirmed. */
  async function confirmAndSend(g: Gift, n: number) {
    const total = g.price * n;
    if (total >= GIFT_CONFIRM_FROM) {
      const { balance } = await refreshBalances();
      if (!(await confirmPayment(total, { what: `赠送${g.name} ×${n}`, balance }))) return;
    }
    await send(g, n);
  }

  async function send(g: Gift, n: number) {
    setBusy(true);
    const failed = await onSend(g, n, newRequestKey());
    setBusy(false);
    setNote(failed);
    if (failed) return;
    setCombo(g);
    clearTimeout(comboTimer.current);
    comboTimer.current = setTimeout(() => setCombo(null), COMBO_MS);
  }

  return (
    <div data-gift-panel>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span>{gift.name}</span>
        <select
          aria-label="数量"
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
          className="h-11 rounded-md border border-line bg-white px-1 md:h-8"
        >
          {COUNTS.map((n) => (
            <option key={n} value={n}>
              ×{n}
            </option>
          ))}
        </select>
        <span className="text-xs text-ink-mute">共 {formatCount(gift.price * count)} 球钻</span>
        {loggedIn ? (
          <button
            type="button"
            className="btn-primary h-11 !bg-accent !px-4 md:h-8"
            disabled={busy}
            onClick={() => void confirmAndSend(gift, count)}
          >
            赠送
          </button>
        ) : (
          <button type="button" data-needs-login className="btn-primary h-11 !px-4 md:h-8">
            登录后赠送
          </button>
        )}
        {combo && combo.id === gift.id && (
          <button
            type="button"
            className="h-11 rounded-full bg-gradient-to-r from-[#ff6a00] to-[#d6336c] px-4 text-sm font-bold text-white md:h-8"
            disabled={busy}
            onClick={() => void send(combo, 1)}
          >
            连击
          </button>
        )}
      </div>
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
    </div>
  );
}
