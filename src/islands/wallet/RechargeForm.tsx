import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { WALLET_MSG } from '../../lib/wallet-messages.ts';
import { formatCount, newRequestKey } from '../../lib/wallet.ts';
import type { RechargeSetting } from '../../lib/wallet-views.ts';
import { Notice, type NoticeState } from '../auth/fields.tsx';

const choice = (on: boolean) =>
  `relative flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 p-3 text-center ${on ? 'border-brand bg-brand-light' : 'border-line bg-white hover:border-brand/50'}`;

/** /v/pay: a package or a whole-yuan amount, a method, then off to the payment page. */
export default function RechargeForm({ setting }: { setting: RechargeSetting }) {
  const [packageId, setPackageId] = useState<string | null>(setting.packages[1]?.id ?? null);
  const [custom, setCustom] = useState('');
  const [method, setMethod] = useState(setting.methods[0]?.code ?? '');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  // Retrying the same choice reuses its order; another choice is another order.
  const [requestBase] = useState(newRequestKey);

  const pkg = setting.packages.find((p) => p.id === packageId);
  const yuan = pkg ? pkg.yuan : Number(custom);
  const customOk = Number.isInteger(yuan) && yuan >= setting.custom.minYuan && yuan <= setting.custom.maxYuan;
  const diamonds = pkg ? pkg.diamonds : customOk ? yuan * setting.diamondsPerYuan : 0;

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (!pkg && !customOk) return setNotice({ text: WALLET_MSG.rechargeAmountInvalid, ok: false });
    if (!method) return setNotice({ text: WALLET_MSG.payMethodInvalid, ok: false });
    setBusy(true);
    try {
      const { data } = await api.post<{ payUrl: string }>('/pay/recharge', {
        ...(pkg ? { packageId: pkg.id } : { amount: yuan }),
        method,
        requestId: `${requestBase}.${pkg?.id ?? yuan}.${method}`,
      });
      location.assign(data.payUrl);
    } catch (err) {
      setNotice({ text: failureText(err, MSG.orderFailed), ok: false });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <fieldset>
        <legend className="mb-2 font-bold">选择充值金额</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {setting.packages.map((p) => (
            <label key={p.id} className={choice(p.id === packageId)}>
              <input
                type="radio"
                name="package"
                className="sr-only"
                checked={p.id === packageId}
                onChange={() => setPackageId(p.id)}
              />
              <span className="text-lg font-bold tabular-nums text-accent">
                {formatCount(p.diamonds)} 球钻
              </span>
              <span className="text-sm text-ink-soft">¥{p.yuan}</span>
              {p.bonus > 0 && (
                <span className="absolute right-1 top-1 rounded bg-accent px-1 text-[11px] text-white">
                  赠{p.bonus}
                </span>
              )}
            </label>
          ))}
          <label className={`${choice(packageId === null)} col-span-2 sm:col-span-3 !flex-row gap-2`}>
            <input
              type="radio"
              name="package"
              className="sr-only"
              checked={packageId === null}
              onChange={() => setPackageId(null)}
            />
            <span className="shrink-0 text-sm">自定义金额</span>
            <input
              aria-label="自定义充值金额（元）"
              inputMode="numeric"
              placeholder={`${setting.custom.minYuan}-${setting.custom.maxYuan}`}
              value={custom}
              onFocus={() => setPackageId(null)}
              onChange={(e) => setCustom(e.target.value.replace(/\D/g, '').slice(0, 5))}
              className="h-9 w-32 rounded-md border border-line bg-white px-2 text-right outline-none focus:border-brand"
            />
            <span className="text-sm">元</span>
          </label>
        </div>
        <p className="mt-2 text-xs text-ink-mute">
          1 元 = {setting.diamondsPerYuan} 球钻，套餐另有赠送；订单 {setting.orderTtlMinutes}{' '}
          分钟内未支付将自动关闭。
        </p>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-bold">支付方式</legend>
        <div className="flex flex-wrap gap-3">
          {setting.methods.map((m) => (
            <label key={m.code} className={`${choice(m.code === method)} !flex-row gap-2 px-5`}>
              <input
                type="radio"
                name="method"
                className="sr-only"
                checked={m.code === method}
                onChange={() => setMethod(m.code)}
              />
              <span className="font-medium">{m.name}</span>
              {m.demo && (
                <span
                  className="rounded bg-accent-light px-1 text-xs text-accent"
                  title="演示支付：不会产生真实扣款"
                >
                  演示
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4 border-t border-line pt-4">
        <p className="text-sm" aria-live="polite">
          应付{' '}
          <b className="text-xl text-accent tabular-nums">¥{pkg || customOk ? yuan.toFixed(2) : '0.00'}</b>
          <span className="ml-2 text-ink-soft">获得 {formatCount(diamonds)} 球钻</span>
        </p>
        <button type="submit" className="btn-primary h-11 px-10 text-base" disabled={busy}>
          {busy ? '正在下单…' : '立即充值'}
        </button>
      </div>
      <Notice notice={notice} />
    </form>
  );
}
