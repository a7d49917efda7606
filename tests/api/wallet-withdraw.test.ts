import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bankCards, users } from '../../src/server/db/schema/index.ts';
import { createPii } from '../../src/server/pii.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { advanceClock, randomMobile } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, randomCardNo, type WalletBench } from '../support/wallet.ts';

describe.each(targets())('bank cards, pay password and withdrawals on $name', (target) => {
  let b: WalletBench;
  let operator: string;
  beforeAll(async () => {
    b = await createWalletBench(target);
    operator = await b.tokenOf('13800000009');
  });
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  const bind = (token: string, cardNo: string, bankName = '中国工商银行') =>
    b.post('/pay/bind-card', { cardNo, bankName }, { token });
  const balances = async (token: string) => (await b.get('/pay/balances', undefined, { token })).data;

  /** A verified user with a card, a pay password (258036) and 10 000 球票. */
  async function payee() {
    const u = await b.verifiedUser();
    const card = (await bind(u.token, randomCardNo())).data;
    expect((await b.setPayPassword(u, '258036')).code).toBe(200);
    await b.fund(u.id, 10_000, 'ticket');
    return { ...u, cardId: card.id as number };
  }
  const withdraw = async (
    u: { token: string; cardId: number },
    amount: number,
    payPassword = '258036',
    requestId?: string,
  ) =>
    b.post(
      '/pay/withdraw',
      { amount, cardId: u.cardId, ...(await b.sealedPay(payPassword)), ...(requestId ? { requestId } : {}) },
      { token: u.token },
    );

  it('binds cards only after real-name verification, checks Luhn, stores them encrypted and shows them masked', async () => {
    const plain = await b.newUser();
    const cardNo = randomCardNo();
    expect(await bind(plain.token, cardNo)).toMatchObject({ status: 400, msg: '请先完成实名认证' });
    const u = await b.verifiedUser();
    const wrongCheck = cardNo.slice(0, -1) + ((Number(cardNo.at(-1)) + 1) % 10);
    for (const bad of [wrongCheck, '622202123456789', '62220212345678901234', '6222abcd12345678']) {
      expect(await bind(u.token, bad)).toMatchObject({ status: 400, msg: '请输入正确的银行卡号' });
    }
    expect(await bind(u.token, cardNo, '不存在银行')).toMatchObject({ status: 400, msg: '请选择开户银行' });
    const card = (await bind(u.token, cardNo.replace(/(\d{4})/g, '$1 '))).data;
    expect(card).toMatchObject({
      bankName: '中国工商银行',
      cardNo: `**** **** **** ${cardNo.slice(-4)}`,
      tail: cardNo.slice(-4),
      holder: '张**',
    });
    const [row] = await b.app.db.select().from(bankCards).where(eq(bankCards.id, card.id));
    expect(JSON.stringify(row)).not.toContain(cardNo);
    expect(createPii(b.app.appSecret).decrypt(row.cardNoEnc)).toBe(cardNo);
    expect(
      JSON.stringify(await b.get(`/pay/card-list/${u.id}`, undefined, { token: u.token })),
    ).not.toContain(cardNo.slice(0, 12));

    expect(await bind(u.token, cardNo)).toMatchObject({ status: 400, msg: '该银行卡已绑定' });
    const other = await b.verifiedUser();
    expect(await bind(other.token, cardNo)).toMatchObject({ status: 400, msg: '该银行卡已被其他账号绑定' });
    for (let i = 0; i < 4; i++) expect((await bind(u.token, randomCardNo())).code).toBe(200);
    expect(await bind(u.token, randomCardNo())).toMatchObject({ status: 400, msg: '最多绑定5张银行卡' });
  });

  it('shows and removes cards for their owner only', async () => {
    const [u, other] = [await b.verifiedUser(), await b.verifiedUser()];
    const card = (await bind(u.token, randomCardNo())).data;
    expect((await b.get(`/pay/card-list/${u.id}`, undefined, { token: u.token })).data).toEqual([card]);
    expect(await b.get(`/pay/card-list/${u.id}`, undefined, { token: other.token })).toMatchObject({
      status: 403,
    });
    expect(await b.get(`/pay/card-list/${u.id}`)).toMatchObject({ status: 401 });
    expect(await b.post(`/pay/unbind-card/${card.id}`, undefined, { token: other.token })).toMatchObject({
      status: 404,
      msg: '银行卡不存在',
    });
    expect((await b.post(`/pay/unbind-card/${card.id}`, undefined, { token: u.token })).code).toBe(200);
    expect((await b.get(`/pay/card-list/${u.id}`, undefined, { token: u.token })).data).toEqual([]);
  });

  it('sets the pay password with an SMS code of the own phone only, six digits, not the login password', async () => {
    const u = await b.newUser();
    // A code sent to some other phone does not open this account's pay password.
    expect(await b.setPayPassword(u, '258036', randomMobile())).toMatchObject({
      status: 400,
      msg: '验证码已失效，请重新获取',
    });
    // The rules are checked before the code, so one code serves every refused attempt.
    const verifyCode = await b.smsCode(u.mobile, 4, u.token);
    const change = async (payPassword: string, extra: Record<string, unknown> = {}) =>
      b.post(
        '/pay/change/pay-pass',
        { verifyCode, ...(await b.sealedPay(payPassword)), ...extra },
        { token: u.token },
      );
    expect(await change('12345')).toMatchObject({ status: 400, msg: '支付密码为6位数字' });
    for (const weak of ['111111', '123456', '987654'])
      expect(await change(weak)).toMatchObject({ status: 400, msg: '支付密码不能是相同或连续的数字' });
    expect(await change('258036', { mobile: randomMobile() })).toMatchObject({
      status: 400,
      msg: '请输入本账号绑定的手机号',
    });
    expect(
      (await b.post('/user/center/initPassword', await b.sealed('369258'), { token: u.token })).code,
    ).toBe(200);
    expect(await change('369258')).toMatchObject({ status: 400, msg: '支付密码不能与登录密码相同' });
    expect(await change('258036', { verifyCode: '000000' })).toMatchObject({
      status: 400,
      msg: '验证码错误，请确认后重新输入',
    });
    expect((await change('258036', { mobile: u.mobile })).code).toBe(200);
    expect(await b.wallet.payPassword.status(u.id)).toEqual({ set: true, locked: false });
    // The code was used up by the change.
    expect(await change('258037')).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
  });

  it('holds the tickets of a withdrawal (type 3) once per request key, within the bounds', async () => {
    const u = await payee();
    expect(await withdraw(u, 1999)).toMatchObject({ status: 400, msg: '单笔提现不能少于2000球票' });
    expect(await withdraw(u, 200_001)).toMatchObject({ status: 400, msg: '单笔提现不能超过200000球票' });
    expect(await withdraw(u, 10_001)).toMatchObject({ code: 10020, msg: '球票余额不足' });
    expect(await withdraw({ ...u, cardId: 999_999 }, 2000)).toMatchObject({
      status: 404,
      msg: '银行卡不存在',
    });
    const first = await withdraw(u, 3000, '258036', 'withdraw-key-01');
    expect(first.data).toMatchObject({
      amount: 3000,
      payoutFen: 15_000,
      status: 'pending',
      statusName: '审核中',
      bankName: '中国工商银行',
    });
    expect((await withdraw(u, 3000, '258036', 'withdraw-key-01')).data.id).toBe(first.data.id);
    expect(await balances(u.token)).toEqual({ balance: 0, ticket: 7000, ticketHeld: 3000 });
    const records = (await b.post('/pay/record/trans-list', { type: 3 }, { token: u.token })).data;
    expect(records.list).toHaveLength(1);
    expect(records.list[0]).toMatchObject({
      typeName: '提现',
      amount: -3000,
      balanceAfter: 7000,
      currencyName: '球票',
    });
    expect((await b.post('/pay/record/withdraw', {}, { token: u.token })).data).toMatchObject({
      total: 1,
      pageSize: 30,
      list: [{ id: first.data.id }],
    });

    const unverified = await b.newUser();
    expect(
      await b.post(
        '/pay/withdraw',
        { amount: 2000, cardId: 1, ...(await b.sealedPay('258036')) },
        { token: unverified.token },
      ),
    ).toMatchObject({ status: 400, msg: '请先完成实名认证' });
    const noPass = await b.verifiedUser();
    const card = (await bind(noPass.token, randomCardNo())).data;
    expect(await withdraw({ ...noPass, cardId: card.id }, 2000)).toMatchObject({
      status: 400,
      msg: '请先设置支付密码',
    });
  });

  it('locks the pay password after five wrong tries until it is reset by SMS', async () => {
    const u = await payee();
    for (const left of [4, 3, 2, 1])
      expect(await withdraw(u, 2000, '000111')).toMatchObject({
        status: 400,
        msg: `支付密码错误，还可尝试${left}次`,
      });
    const locked = { code: 10021, msg: '支付密码错误次数过多已被锁定，请通过短信验证重置支付密码' };
    expect(await withdraw(u, 2000, '000111')).toMatchObject(locked);
    expect(await withdraw(u, 2000, '258036')).toMatchObject(locked);
    expect((await balances(u.token)).ticketHeld).toBe(0);
    advanceClock(61_000); // one code a minute per phone
    expect((await b.setPayPassword(u, '147036')).code).toBe(200);
    expect((await withdraw(u, 2000, '147036')).data.status).toBe('pending');
  });

  it('lets only operators review: approval pays out, rejection refunds (type 6)', async () => {
    const u = await payee();
    const [a, r] = [(await withdraw(u, 2000)).data, (await withdraw(u, 2500)).data];
    expect(await b.get('/pay/operator/withdrawals')).toMatchObject({ status: 401 });
    expect(await b.get('/pay/operator/withdrawals', undefined, { token: u.token })).toMatchObject({
      status: 403,
      msg: '仅财务人员可以执行此操作',
    });
    expect(
      await b.post(`/pay/operator/withdrawals/${a.id}/approve`, { note: 'T1' }, { token: u.token }),
    ).toMatchObject({
      status: 403,
    });

    const queue = (await b.get('/pay/operator/withdrawals', { status: 'pending' }, { token: operator })).data;
    const item = queue.list.find((w: { id: number }) => w.id === a.id);
    expect(item).toMatchObject({ user: { id: u.id }, status: 'pending' });
    expect(item.payToCardNo).toMatch(/^\d{19}$/);

    expect(
      (await b.post(`/pay/operator/withdrawals/${a.id}/approve`, { note: '已转账' }, { token: operator }))
        .data,
    ).toMatchObject({ status: 'paid', statusName: '已打款', reviewNote: '已转账' });
    expect(
      await b.post(`/pay/operator/withdrawals/${a.id}/approve`, { note: 'T2' }, { token: operator }),
    ).toMatchObject({
      status: 400,
      msg: '该提现申请已处理',
    });
    expect(await b.post(`/pay/operator/withdrawals/${r.id}/reject`, {}, { token: operator })).toMatchObject({
      status: 400,
      msg: '请填写驳回原因（1-100字）',
    });
    expect(
      (
        await b.post(
          `/pay/operator/withdrawals/${r.id}/reject`,
          { reason: '银行卡户名不符' },
          { token: operator },
        )
      ).data,
    ).toMatchObject({ status: 'rejected', statusName: '已驳回' });
    expect(
      await b.post(`/pay/operator/withdrawals/${r.id}/approve`, { note: 'T3' }, { token: operator }),
    ).toMatchObject({
      status: 400,
      msg: '该提现申请已处理',
    });
    expect(
      await b.post('/pay/operator/withdrawals/999999/reject', { reason: 'x' }, { token: operator }),
    ).toMatchObject({ status: 404, msg: '提现申请不存在' });

    expect(await balances(u.token)).toEqual({ balance: 0, ticket: 8000, ticketHeld: 0 });
    const refund = (await b.post('/pay/record/trans-list', { type: 6 }, { token: u.token })).data.list[0];
    expect(refund).toMatchObject({
      typeName: '退款',
      amount: 2500,
      balanceAfter: 8000,
      note: '提现驳回：银行卡户名不符',
    });
    const mine = (await b.post('/pay/record/withdraw', {}, { token: u.token })).data.list.map(
      (w: { status: string }) => w.status,
    );
    expect(mine).toEqual(['rejected', 'paid']);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('does not let an operator review their own withdrawal', async () => {
    const staff = await payee();
    await b.app.db
      .update(users)
      .set({ roles: ['finance'] })
      .where(eq(users.id, staff.id));
    const mine = (await withdraw(staff, 2000)).data;
    expect(
      await b.post(`/pay/operator/withdrawals/${mine.id}/approve`, { note: 'T4' }, { token: staff.token }),
    ).toMatchObject({ status: 403, msg: '不能审核自己的提现申请' });
    expect(
      (await b.post(`/pay/operator/withdrawals/${mine.id}/approve`, { note: 'T5' }, { token: operator })).data
        .status,
    ).toBe('paid');
  });
});
