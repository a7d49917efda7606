import { confirmPayment } from './confirm-payment.ts';
import { call } from './svc.ts';

/** The signed-in user's 球钻, or null when unknown (the server still refuses a short wallet). */
async function diamonds(): Promise<number | null> {
  const res = await call<{ balance: number }>('GET', '/pay/balances');
  return res.code === 200 ? res.data.balance : null;
}

/**
 * A paid item's buy button (`[attr]` holds the item id): with `data-price` it first asks
 * 确认支付 {price} 球钻？ (or offers 去充值 when the balance is short), then posts the purchase to
 * /svc{path}, reloads the page on success, else shows why in `[data-buy-error]`, with 去充值 when the
 * 球钻 are short (10020).
 */
export function wireBuyButton(attr: string, path: string, body: (id: number) => Record<string, number>) {
  document.addEventListener('click', async (e) => {
    const btn = (e.target as Element).closest<HTMLButtonElement>(`[${attr}]`);
    if (!btn) return;
    btn.disabled = true;
    const price = Number(btn.dataset.price);
    if (price > 0 && !(await confirmPayment(price, { what: btn.dataset.what, balance: await diamonds() }))) {
      btn.disabled = false;
      return;
    }
    const out = document.querySelector<HTMLElement>('[data-buy-error]')!;
    const res = await call('POST', path, body(Number(btn.getAttribute(attr))));
    if (res.code === 200) {
      location.reload();
      return;
    }
    btn.disabled = false;
    out.textContent = res.msg;
    if (res.code === 10020) {
      const link = document.createElement('a');
      link.href = '/v/pay';
      link.className = 'ml-2 text-brand underline';
      link.textContent = '去充值';
      out.append(link);
    }
  });
}
