import { useState } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { chinaTime, formatCount, newRequestKey, NOBILITY_MONTHS } from '../../lib/wallet.ts';
import { confirmPayment } from '../../scripts/confirm-payment.ts';
import type { TierView } from '../../lib/wallet-views.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import { refreshBalances } from './wallet-api.ts';

interface Current {
  id: number;
  name: string;
  expiresAt: string;
}

/** /v/wallet?tab=nobility: the tiers with their perks; buy, renew (at the discount) or upgrade. */
export default function NobilityShop({ tiers, initial }: { tiers: TierView[]; initial: Current | null }) {
  const [current, setCurrent] = useState(initial);
  const [months, setMonths] = useState<number>(1);
  const [busy, setBusy] = useState(0);
  const [notice, setNotice] = useState<NoticeState>(null);
  const hydrated = useHydrated();
  const level = tiers.find((t) => t.id === current?.id)?.level ?? 0;

  async function buy(tier: TierView, price: number) {
    const verb = tier.id === current?.id ? '续费' : '开通';
    setBusy(tier.id);
    try {
      const { balance } = await refreshBalances();
      if (!(await confirmPayment(price, { what: `${verb}${tier.name} ${months} 个月`, balance }))) return;
      const { data } = await api.post<{ nobility: Current }>('/pay/room/nobility/purchase', {
        nobilityId: tier.id,
        months,
        requestId: newRequestKey(),
      });
      setCurrent(data.nobility);
      setNotice({
        text: `${verb}成功：${data.nobility.name}，有效期至 ${chinaTime(data.nobility.expiresAt).slice(0, 10)}`,
        ok: true,
      });
      await refreshBalances();
    } catch (err) {
      setNotice({ text: failureText(err), ok: false });
    } finally {
      setBusy(0);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          {current ? (
            <>
              当前贵族：<b>{current.name}</b>，有效期至 {chinaTime(current.expiresAt).slice(0, 10)}
            </>
          ) : (
            '你还不是贵族，开通后在直播间享受专属特权。'
          )}
        </p>
        <label className="flex items-center gap-2 text-sm">
          开通时长
          <select
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            className="h-9 rounded-md border border-line bg-white px-2"
          >
            {NOBILITY_MONTHS.map((m) => (
              <option key={m} value={m}>
                {m} 个月
              </option>
            ))}
          </select>
        </label>
      </div>
      <Notice notice={notice} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="贵族等级">
        {tiers.map((t) => {
          const renew = t.id === current?.id;
          const price = (renew ? t.renewPrice : t.monthlyPrice) * months;
          const lower = t.level < level;
          return (
            <li
              key={t.id}
              className="card flex flex-col gap-2 p-4"
              style={{ borderTop: `3px solid ${t.color}` }}
            >
              <div className="flex items-center gap-2">
                <img src={t.perks.badge} alt="" width={32} height={32} className="h-8 w-8" />
                <b className="text-lg" style={{ color: t.color }}>
                  {t.name}
                </b>
                {renew && <span className="rounded bg-brand-light px-1.5 text-xs text-brand">当前</span>}
              </div>
              <p className="text-sm">
                <b className="tabular-nums text-accent">{formatCount(t.monthlyPrice)}</b> 球钻/月
                <span className="ml-2 text-xs text-ink-mute">续费 {t.perks.renewDiscount / 10} 折</span>
              </p>
              <ul className="text-xs text-ink-soft leading-6">
                <li>· {t.perks.bubble} 级专属聊天气泡</li>
                <li>· {t.perks.entryEffect}</li>
                <li>· 昵称旁显示{t.name}徽章</li>
              </ul>
              <button
                type="button"
                className="btn-primary mt-auto"
                disabled={!hydrated || lower || busy !== 0}
                title={lower ? '当前贵族等级更高，到期后才能开通' : undefined}
                onClick={() => void buy(t, price)}
              >
                {busy === t.id
                  ? '处理中…'
                  : `${renew ? '续费' : level > 0 && !lower ? '升级' : '开通'} · ${formatCount(price)} 球钻`}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-ink-mute">
        升级时，原贵族剩余时长按价格折算为新等级的时长；较低等级需等当前贵族到期后开通。
      </p>
    </div>
  );
}
