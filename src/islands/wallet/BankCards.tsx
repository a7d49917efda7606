import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { WALLET_MSG } from '../../lib/wallet-messages.ts';
import { BANKS } from '../../lib/vocab/banks.ts';
import { bankCardError, MAX_BANK_CARDS } from '../../lib/wallet.ts';
import type { CardView } from '../../lib/wallet-views.ts';
import Field from '../auth/Field.tsx';
import { Notice, type NoticeState } from '../auth/fields.tsx';

interface Props {
  initial: CardView[];
  /** The verified real name, masked; null before real-name verification. */
  holder: string | null;
}

/** Groups of four as the number is typed: 6222 0212 3456 7890 123. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** /v/wallet?tab=cards: the bound cards with 解绑, and the form binding a new one. */
export default function BankCards({ initial, holder }: Props) {
  const [cards, setCards] = useState(initial);
  const [bankName, setBankName] = useState('');
  const [cardNo, setCardNo] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);

  async function bind(e: SubmitEvent) {
    e.preventDefault();
    const problem = bankName ? bankCardError(cardNo) : WALLET_MSG.bankInvalid;
    if (problem) return setNotice({ text: problem, ok: false });
    setBusy(true);
    try {
      const { data } = await api.post<CardView>('/pay/bind-card', { cardNo, bankName });
      setCards((list) => [...list, data]);
      setCardNo('');
      setNotice({ text: MSG.bankCardAdded, ok: true });
    } catch (err) {
      setNotice({ text: failureText(err, MSG.bindFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  async function unbind(card: CardView) {
    if (!confirm(`确定解绑 ${card.bankName}（尾号${card.tail}）吗？`)) return;
    try {
      await api.post(`/pay/unbind-card/${card.id}`);
      setCards((list) => list.filter((c) => c.id !== card.id));
      setNotice({ text: MSG.bankCardRemoved, ok: true });
    } catch (err) {
      setNotice({ text: failureText(err), ok: false });
    }
  }

  return (
    <div className="flex flex-col gap-5">
      {cards.length === 0 ? (
        <p className="rounded-md bg-page py-6 text-center text-sm text-ink-soft">暂无绑定的银行卡</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="已绑定的银行卡">
          {cards.map((c) => (
            <li
              key={c.id}
              className="rounded-lg bg-gradient-to-br from-[#0a7d4f] to-[#075c3a] p-4 text-white"
            >
              <div className="flex items-start justify-between">
                <span className="font-medium">{c.bankName}</span>
                <button
                  type="button"
                  onClick={() => void unbind(c)}
                  className="rounded border border-white/50 px-2 text-xs hover:bg-white/15"
                >
                  解绑
                </button>
              </div>
              <p className="mt-4 text-lg tracking-widest tabular-nums">{c.cardNo}</p>
              <p className="mt-1 text-xs text-white/80">持卡人 {c.holder}</p>
            </li>
          ))}
        </ul>
      )}
      {holder === null ? (
        <p className="text-sm text-ink-soft">
          绑定银行卡前请先{' '}
          <a href="/v/information" className="text-brand">
            完成实名认证
          </a>
          ，银行卡须为本人名下的借记卡。
        </p>
      ) : cards.length >= MAX_BANK_CARDS ? (
        <p className="text-sm text-ink-soft">最多绑定{MAX_BANK_CARDS}张银行卡，解绑后可添加新卡。</p>
      ) : (
        <form onSubmit={bind} className="flex max-w-md flex-col gap-3" noValidate aria-label="绑定银行卡">
          <h2 className="font-bold">添加银行卡</h2>
          <p className="text-sm text-ink-soft">持卡人：{holder}（须为实名认证本人的借记卡）</p>
          <label className="flex items-center rounded-md border border-line bg-white px-3 focus-within:border-brand">
            <span className="sr-only">开户银行</span>
            <select
              aria-label="开户银行"
              value={bankName}
              onChange={(e) => setBankName(e.target.value)}
              className="h-11 w-full bg-transparent text-[15px] outline-none"
            >
              <option value="">请选择开户银行</option>
              {BANKS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </label>
          <Field
            label="银行卡号"
            inputMode="numeric"
            autoComplete="off"
            placeholder="请输入银行卡号"
            maxLength={23}
            value={grouped(cardNo)}
            onChange={(e) => setCardNo(e.target.value.replace(/\D/g, '').slice(0, 19))}
          />
          <Notice notice={notice} />
          <div>
            <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
              {busy ? '提交中…' : '绑定'}
            </button>
          </div>
        </form>
      )}
      {holder !== null && cards.length >= MAX_BANK_CARDS && <Notice notice={notice} />}
    </div>
  );
}
