import { useState, type SubmitEvent } from 'react';
import { api, failureText } from '../../lib/api/index.ts';
import { MSG } from '../../lib/messages.ts';
import { WALLET_MSG } from '../../lib/wallet-messages.ts';
import {
  formatCount,
  formatYuan,
  newRequestKey,
  payoutFen,
  PAY_PASSWORD_LENGTH,
  WITHDRAW,
  withdrawError,
} from '../../lib/wallet.ts';
import type { CardView } from '../../lib/wallet-views.ts';
import Field from '../auth/Field.tsx';
import { Notice, type NoticeState } from '../auth/fields.tsx';
import { sealedPayPassword } from './wallet-api.ts';

interface Props {
  ticket: number;
  cards: CardView[];
  verified: boolean;
  payPassword: { set: boolean; locked: boolean };
}

const Hint = ({ children }: { children: React.ReactNode }) => (
  <p className="rounded-md bg-accent-light px-4 py-3 text-sm text-accent">{children}</p>
);

/** /v/wallet?tab=withdraw: 球票 to a bound card, confirmed with the pay password; an operator reviews it. */
export default function WithdrawForm({ ticket, cards, verified, payPassword }: Props) {
  const [cardId, setCardId] = useState(cards[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState>(null);
  // One key per intended withdrawal: a retry after a lost answer cannot hold the tickets twice.
  const [requestId] = useState(newRequestKey);

  if (!verified)
    return (
      <Hint>
        提现前请先{' '}
        <a href="/v/information" className="underline">
          完成实名认证
        </a>
        。
      </Hint>
    );
  if (cards.length === 0)
    return (
      <Hint>
        还没有绑定银行卡，请先{' '}
        <a href="/v/wallet?tab=cards" className="underline">
          添加银行卡
        </a>
        。
      </Hint>
    );
  if (!payPassword.set)
    return (
      <Hint>
        提现需要支付密码，请先{' '}
        <a href="/v/wallet-forget-password" className="underline">
          设置支付密码
        </a>
        。
      </Hint>
    );
  if (payPassword.locked)
    return (
      <Hint>
        {WALLET_MSG.payPasswordLocked}：
        <a href="/v/wallet-forget-password" className="underline">
          去重置
        </a>
      </Hint>
    );

  const value = Number(amount);
  const valid = Number.isInteger(value) && value >= WITHDRAW.lowest;

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problem = withdrawError(value, ticket, password);
    if (problem) return setNotice({ text: problem, ok: false });
    setBusy(true);
    try {
      await api.post('/pay/withdraw', {
        amount: value,
        cardId,
        requestId,
        ...(await sealedPayPassword(password)),
      });
      // The page shows the new request and balances; the next withdrawal gets a new key there.
      location.assign('/v/wallet?tab=withdraw&submitted=1');
    } catch (err) {
      setPassword('');
      setNotice({ text: failureText(err, MSG.submitFailed), ok: false });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate aria-label="申请提现">
      <p className="text-sm text-ink-soft">
        可提现 <b className="tabular-nums text-brand">{formatCount(ticket)}</b> 球票 ·{' '}
        {WITHDRAW.ticketsPerYuan} 球票 = 1 元 · 单笔 {formatCount(WITHDRAW.lowest)}–
        {formatCount(WITHDRAW.highest)} 球票
      </p>
      <label className="flex items-center rounded-md border border-line bg-white px-3 focus-within:border-brand">
        <span className="sr-only">到账银行卡</span>
        <select
          aria-label="到账银行卡"
          value={cardId}
          onChange={(e) => setCardId(Number(e.target.value))}
          className="h-11 w-full bg-transparent text-[15px] outline-none"
        >
          {cards.map((c) => (
            <option key={c.id} value={c.id}>
              {c.bankName}（尾号{c.tail}）
            </option>
          ))}
        </select>
      </label>
      <Field
        label="提现球票数"
        inputMode="numeric"
        placeholder={`最少 ${WITHDRAW.lowest} 球票`}
        value={amount}
        onChange={(e) => setAmount(e.target.value.replace(/\D/g, '').slice(0, 9))}
        addon={
          <button
            type="button"
            className="btn-ghost shrink-0"
            onClick={() => setAmount(String(Math.min(ticket, WITHDRAW.highest)))}
          >
            全部
          </button>
        }
      />
      <p className="text-sm text-ink-soft">
        预计到账：<b className="text-ink">¥{valid ? formatYuan(payoutFen(value)) : '0.00'}</b>（1–3
        个工作日内审核打款）
      </p>
      <Field
        label="支付密码"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        placeholder="请输入6位支付密码"
        maxLength={PAY_PASSWORD_LENGTH}
        value={password}
        onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
      />
      <Notice notice={notice} />
      <div className="flex items-center gap-4">
        <button type="submit" className="btn-primary h-10 px-8" disabled={busy}>
          {busy ? '提交中…' : '申请提现'}
        </button>
        <a href="/v/wallet-forget-password" className="text-sm text-ink-soft hover:text-brand">
          忘记支付密码？
        </a>
      </div>
    </form>
  );
}
