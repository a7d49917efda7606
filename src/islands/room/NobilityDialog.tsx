import { useEffect, useState } from 'react';
import { failureText } from '../../lib/api/index.ts';
import { chinaTime, formatCount, newRequestKey, NOBILITY_MONTHS } from '../../lib/wallet.ts';
import { confirmPayment } from '../../scripts/confirm-payment.ts';
import { refreshBalances } from '../wallet/wallet-api.ts';
import Dialog from './Dialog.tsx';
import { roomApi } from './room-api.ts';

type Bag = Awaited<ReturnType<typeof roomApi.nobilityBag>>;

/** 贵族 from the room: the tiers, what the viewer holds, buy or renew (the room sees it). */
export default function NobilityDialog({
  roomId,
  open,
  onClose,
}: {
  roomId: number;
  open: boolean;
  onClose(): void;
}) {
  const [bag, setBag] = useState<Bag | null>(null);
  const [months, setMonths] = useState(1);
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(0);

  useEffect(() => {
    if (open) roomApi.nobilityBag().then(setBag, (err) => setNote({ text: failureText(err), ok: false }));
  }, [open]);

  async function buy(id: number, price: number, what: string) {
    setBusy(id);
    try {
      if (!(await confirmPayment(price, { what, balance: (await refreshBalances()).balance }))) return;
      const { nobility } = await roomApi.activateNobility(id, months, roomId, newRequestKey());
      setNote({
        text: `开通成功：${nobility.name}，有效期至 ${chinaTime(nobility.expiresAt).slice(0, 10)}`,
        ok: true,
      });
      setBag(await roomApi.nobilityBag());
    } catch (err) {
      setNote({ text: failureText(err), ok: false });
    } finally {
      setBusy(0);
    }
  }

  const level = bag?.tiers.find((t) => t.id === bag.current?.id)?.level ?? 0;
  return (
    <Dialog open={open} title="开通贵族" onClose={onClose}>
      <div className="flex flex-col gap-3 text-sm">
        <div className="flex items-center justify-between">
          <span>
            {bag?.current ? (
              <>
                当前：<b>{bag.current.name}</b>，至 {chinaTime(bag.current.expiresAt).slice(0, 10)}
              </>
            ) : (
              '开通后享专属气泡、入场特效与徽章'
            )}
          </span>
          <select
            aria-label="开通时长"
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            className="h-8 rounded-md border border-line px-1"
          >
            {NOBILITY_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}个月
              </option>
            ))}
          </select>
        </div>
        <ul className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto">
          {bag?.tiers.map((t) => {
            const renew = t.id === bag.current?.id;
            const price = (renew ? t.renewPrice : t.monthlyPrice) * months;
            return (
              <li
                key={t.id}
                className="rounded-lg border border-line p-2"
                style={{ borderTopColor: t.color, borderTopWidth: 3 }}
              >
                <div className="flex items-center gap-1">
                  <img src={t.perks.badge} alt="" width={20} height={20} />
                  <b style={{ color: t.color }}>{t.name}</b>
                </div>
                <p className="text-xs text-ink-mute">{t.perks.entryEffect}</p>
                <button
                  type="button"
                  className="btn-ghost mt-1 w-full !text-xs"
                  disabled={busy !== 0 || t.level < level}
                  onClick={() => void buy(t.id, price, `${renew ? '续费' : '开通'}${t.name} ${months} 个月`)}
                >
                  {renew ? '续费' : '开通'} {formatCount(price)}钻
                </button>
              </li>
            );
          })}
        </ul>
        <p role="status" className={`min-h-4 text-xs ${note?.ok ? 'text-brand' : 'text-[#d6336c]'}`}>
          {note?.text}
        </p>
      </div>
    </Dialog>
  );
}
