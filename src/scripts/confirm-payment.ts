import { formatCount } from '../lib/wallet.ts';

/** Gifts costing at least this many 球钻 in one send ask first; the cheap ones (≤ 66) stay one click. */
export const GIFT_CONFIRM_FROM = 100;

const CURRENCY = { diamond: '球钻', ticket: '球票' } as const;

/**
 * Asks before spending: a modal <dialog> saying 确认支付 {price} 球钻？ with 确认支付 and 取消 (Esc and
 * the backdrop cancel too). When the known `balance` is short it says 余额不足 and offers 去充值 (/v/pay)
 * instead. Resolves true only on 确认支付. Shared by the plan page, the wallet and the live room.
 */
export function confirmPayment(
  price: number,
  opts: { currency?: keyof typeof CURRENCY; what?: string; balance?: number | null } = {},
): Promise<boolean> {
  const unit = CURRENCY[opts.currency ?? 'diamond'];
  const short = opts.balance != null && opts.balance < price;
  const dialog = document.createElement('dialog');
  dialog.className = 'card w-[min(92vw,420px)] p-5 backdrop:bg-black/50';
  dialog.setAttribute('aria-labelledby', 'confirm-payment-title');
  dialog.innerHTML =
    '<form method="dialog" class="flex flex-col gap-3">' +
    '<h2 id="confirm-payment-title" class="text-base font-bold"></h2><p class="text-sm text-ink-soft"></p>' +
    '<div class="flex justify-end gap-2"><button value="" class="btn-ghost">取消</button></div></form>';
  const [title, detail] = [dialog.querySelector('h2')!, dialog.querySelector('p')!];
  const buttons = dialog.querySelector('form > div')!;
  if (short) {
    title.textContent = `${unit}余额不足`;
    detail.textContent = `需要 ${formatCount(price)} ${unit}，当前余额 ${formatCount(opts.balance!)} ${unit}`;
    const recharge = document.createElement('a');
    recharge.href = '/v/pay';
    recharge.className = 'btn-primary';
    recharge.textContent = '去充值';
    buttons.append(recharge);
  } else {
    title.textContent = `确认支付 ${formatCount(price)} ${unit}？`;
    detail.textContent = opts.what ?? '';
    const ok = document.createElement('button');
    ok.value = 'ok';
    ok.className = 'btn-primary';
    ok.textContent = '确认支付';
    buttons.append(ok);
  }
  if (!detail.textContent) detail.remove();
  dialog.addEventListener('click', (e) => e.target === dialog && dialog.close());
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
    });
  });
}
