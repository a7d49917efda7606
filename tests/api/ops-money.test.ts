import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, opsLog, users } from '../../src/server/db/schema/index.ts';
import { createMemoryKv } from '../../src/server/kv/kv.ts';
import { readOnline, reportOnline } from '../../src/server/realtime/online.ts';
import { createTrafficCounter, readErrorRate } from '../../src/server/services/ops/traffic.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { advanceClock } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, randomCardNo, type WalletBench } from '../support/wallet.ts';

describe.each(targets())('staff console: money, roles, second factor and dashboard on $name', (target) => {
  let b: WalletBench;
  /** A session per caller kind: each staff role alone, a fan, and the demo admin. */
  const as: Record<string, { token: string; id: number; mobile: string }> = {};

  beforeAll(async () => {
    b = await createWalletBench(target);
    for (const role of ['operator', 'editor', 'finance', 'admin'] as const) as[role] = await staff(role);
    as.user = await b.newUser();
  }, 120_000);
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  /** A new account holding one staff role (each with its own phone, so the SMS limits stay apart). */
  async function staff(...roles: string[]) {
    const u = await b.newUser();
    await b.app.db.update(users).set({ roles }).where(eq(users.id, u.id));
    return u;
  }

  const balances = async (token: string) => (await b.get('/pay/balances', undefined, { token })).data;

  /** A verified user with a card, a pay password and 10 000 球票, who asks to withdraw `amount`. */
  async function pendingWithdrawal(amount = 3000) {
    const u = await b.verifiedUser();
    const card = (
      await b.post('/pay/bind-card', { cardNo: randomCardNo(), bankName: '招商银行' }, { token: u.token })
    ).data;
    expect((await b.setPayPassword(u, '258036')).code).toBe(200);
    await b.fund(u.id, 10_000, 'ticket');
    const w = await b.post(
      '/pay/withdraw',
      { amount, cardId: card.id, ...(await b.sealedPay('258036')) },
      { token: u.token },
    );
    expect(w.data.status).toBe('pending');
    return { user: u, id: w.data.id as number };
  }

  /** Asks for a second-factor code as `who` and reads it from the SMS outbox. */
  async function secondFactor(who: { token: string; mobile: string }) {
    const sent = await b.post('/user/staff/second-factor', {}, { token: who.token });
    expect(sent).toMatchObject({ code: 200, msg: '已发送' });
    expect(sent.data.mobile).toBe(`${who.mobile.slice(0, 3)}****${who.mobile.slice(7)}`);
    return b.outboxCode(who.mobile);
  }

  const logOf = async (action: string, targetId: string | number) =>
    (await b.app.db.select().from(opsLog).where(eq(opsLog.action, action))).filter(
      (r) => r.targetId === String(targetId),
    );

  it('checks the role of every new call on the server: 401 for visitors, 403 for the wrong role', async () => {
    const calls: [string, string, string[]][] = [
      ['POST', '/user/staff/second-factor', ['operator', 'editor', 'finance', 'admin']],
      ['GET', '/user/staff/dashboard', ['operator', 'editor', 'finance', 'admin']],
      ['GET', '/user/staff/roles', ['admin']],
      ['POST', '/user/staff/roles/grant', ['admin']],
      ['POST', '/user/staff/roles/revoke', ['admin']],
      ['GET', '/pay/operator/withdrawals', ['finance', 'admin']],
      ['POST', '/pay/operator/withdrawals/999999/approve', ['finance', 'admin']],
      ['POST', '/pay/operator/withdrawals/999999/reject', ['finance', 'admin']],
      ['POST', '/pay/operator/top-up', ['finance', 'admin']],
      ['POST', '/pay/operator/deduct', ['finance', 'admin']],
      ['GET', `/pay/operator/users/${as.user.id}/money`, ['finance', 'admin']],
      ['GET', '/pay/operator/recharge-orders', ['finance', 'admin']],
      ['POST', '/pay/operator/ledger-audit', ['finance', 'admin']],
      ['GET', '/pay/operator/top-ups', ['finance', 'admin']],
      ['POST', '/pay/operator/top-ups/999999/approve', ['finance', 'admin']],
      ['POST', '/pay/operator/top-ups/999999/reject', ['finance', 'admin']],
    ];
    for (const [method, path, allowed] of calls) {
      const send = (token?: string) =>
        method === 'GET' ? b.get(path, undefined, { token }) : b.post(path, {}, { token });
      expect((await send()).status, `${path} visitor`).toBe(401);
      for (const who of ['operator', 'editor', 'finance', 'admin', 'user']) {
        const res = await send(as[who].token);
        if (allowed.includes(who)) expect([401, 403], `${path} ${who}`).not.toContain(res.status);
        else expect(res.status, `${path} ${who}`).toBe(403);
      }
    }
  }, 120_000);

  it('approving a withdrawal twice pays once, also when the approvals race', async () => {
    const fin = as.finance.token;
    const a = await pendingWithdrawal(3000);
    expect(await b.post(`/pay/operator/withdrawals/${a.id}/approve`, {}, { token: fin })).toMatchObject({
      status: 400,
      msg: '请填写打款流水号（1-100字）',
    });
    const ok = await b.post(
      `/pay/operator/withdrawals/${a.id}/approve`,
      { note: 'BANK-20261125-001' },
      { token: fin },
    );
    expect(ok.data).toMatchObject({ status: 'paid', reviewNote: 'BANK-20261125-001' });
    expect(
      await b.post(`/pay/operator/withdrawals/${a.id}/approve`, { note: 'again' }, { token: fin }),
    ).toMatchObject({
      status: 400,
      msg: '该提现申请已处理',
    });
    expect(await balances(a.user.token)).toEqual({ balance: 0, ticket: 7000, ticketHeld: 0 });

    const c = await pendingWithdrawal(2000);
    const race = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        b.post(`/pay/operator/withdrawals/${c.id}/approve`, { note: `REF-${i}` }, { token: fin }),
      ),
    );
    expect(race.filter((r) => r.code === 200)).toHaveLength(1);
    expect(await balances(c.user.token)).toEqual({ balance: 0, ticket: 8000, ticketHeld: 0 });
    expect(await logOf('withdrawal.approve', c.id)).toHaveLength(1);
    const [line] = await logOf('withdrawal.approve', a.id);
    expect(line).toMatchObject({
      actorId: as.finance.id,
      targetType: 'withdrawal',
      reason: 'BANK-20261125-001',
    });
    expect(line.before).toMatchObject({ status: 'pending', amount: 3000 });
    expect(line.after).toMatchObject({ status: 'paid', payoutRef: 'BANK-20261125-001' });
    expect(await auditLedger(b.app.db)).toEqual([]);
  }, 120_000);

  it('rejecting returns the held tickets exactly once, also against a racing approval or rejection', async () => {
    const fin = as.finance.token;
    const r = await pendingWithdrawal(4000);
    expect(await balances(r.user.token)).toEqual({ balance: 0, ticket: 6000, ticketHeld: 4000 });
    const race = await Promise.all([
      b.post(`/pay/operator/withdrawals/${r.id}/reject`, { reason: '户名与实名不符' }, { token: fin }),
      b.post(
        `/pay/operator/withdrawals/${r.id}/reject`,
        { reason: '户名与实名不符' },
        { token: as.admin.token },
      ),
      b.post(`/pay/operator/withdrawals/${r.id}/approve`, { note: 'X-1' }, { token: fin }),
    ]);
    expect(race.filter((x) => x.code === 200)).toHaveLength(1);
    const winner = race.find((x) => x.code === 200)!.data.status as string;
    const expected =
      winner === 'rejected'
        ? { balance: 0, ticket: 10_000, ticketHeld: 0 }
        : { balance: 0, ticket: 6000, ticketHeld: 0 };
    expect(await balances(r.user.token)).toEqual(expected);
    const refunds = (await b.post('/pay/record/trans-list', { type: 6 }, { token: r.user.token })).data.list;
    expect(refunds).toHaveLength(winner === 'rejected' ? 1 : 0);

    // A plain rejection, then a second one: the tickets come back once.
    const s = await pendingWithdrawal(2500);
    expect(
      (await b.post(`/pay/operator/withdrawals/${s.id}/reject`, { reason: '银行卡已注销' }, { token: fin }))
        .data.status,
    ).toBe('rejected');
    expect(
      await b.post(`/pay/operator/withdrawals/${s.id}/reject`, { reason: '银行卡已注销' }, { token: fin }),
    ).toMatchObject({
      status: 400,
      msg: '该提现申请已处理',
    });
    expect(await balances(s.user.token)).toEqual({ balance: 0, ticket: 10_000, ticketHeld: 0 });
    const [line] = await logOf('withdrawal.reject', s.id);
    expect(line).toMatchObject({ actorId: as.finance.id, reason: '银行卡已注销' });
    expect(line.after).toMatchObject({ status: 'rejected', refunded: 2500 });
    // The user reads the reason in 消息通知, once.
    const told = await b.app.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(told.filter((n) => n.kind === 'withdrawal')).toMatchObject([
      { title: '提现已驳回', body: '您提现的 2500 球票未通过审核，原因：银行卡已注销。球票已退回您的账户。' },
    ]);
    expect(await auditLedger(b.app.db)).toEqual([]);
  }, 120_000);

  it('manual top-up and deduction need a reason and the second factor, and never take a balance below zero', async () => {
    const fin = await staff('finance');
    const fan = await b.newUser();
    const body = { userId: fan.id, currency: 'diamond', amount: 500, reason: '活动补偿：直播卡顿' };
    expect(await b.post('/pay/operator/top-up', body, { token: fin.token })).toMatchObject({
      status: 400,
      msg: '请填写发送到您手机的6位验证码（二次验证）',
    });
    expect(
      await b.post('/pay/operator/top-up', { ...body, secondFactorCode: '000000' }, { token: fin.token }),
    ).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
    const code = await secondFactor(fin);
    const wrong = code === '123456' ? '654321' : '123456';
    expect(
      await b.post('/pay/operator/top-up', { ...body, secondFactorCode: wrong }, { token: fin.token }),
    ).toMatchObject({ status: 400, msg: '验证码错误，请确认后重新输入' });
    expect(
      await b.post(
        '/pay/operator/top-up',
        { ...body, reason: ' ', secondFactorCode: code },
        { token: fin.token },
      ),
    ).toMatchObject({ status: 400, msg: '请填写原因（1-100字），将记入操作日志' });
    expect(
      await b.post(
        '/pay/operator/top-up',
        { ...body, amount: -5, secondFactorCode: code },
        { token: fin.token },
      ),
    ).toMatchObject({ status: 400, msg: '请输入正确的数量（1-1000000的整数）' });
    const up = await b.post(
      '/pay/operator/top-up',
      { ...body, secondFactorCode: code },
      { token: fin.token },
    );
    expect(up).toMatchObject({ code: 200, data: { amount: 500, balanceAfter: 500, currency: 'diamond' } });
    // The code is used up by the action it allowed.
    expect(
      await b.post('/pay/operator/top-up', { ...body, secondFactorCode: code }, { token: fin.token }),
    ).toMatchObject({ status: 400, msg: '验证码已失效，请重新获取' });
    const [topUp] = (await b.post('/pay/record/trans-list', { type: 14 }, { token: fan.token })).data.list;
    expect(topUp).toMatchObject({
      typeName: '人工充值',
      amount: 500,
      balanceAfter: 500,
      note: '活动补偿：直播卡顿',
    });

    // The second factor a minute later (one code a minute a phone); a deduction beyond the balance moves nothing.
    advanceClock(61_000);
    const code2 = await secondFactor(fin);
    const over = await b.post(
      '/pay/operator/deduct',
      { ...body, amount: 501, reason: '误充扣回', secondFactorCode: code2 },
      { token: fin.token },
    );
    expect(over).toMatchObject({ code: 10020 });
    expect(await balances(fan.token)).toMatchObject({ balance: 500 });
    advanceClock(61_000);
    const code3 = await secondFactor(fin);
    const down = await b.post(
      '/pay/operator/deduct',
      { ...body, amount: 200, reason: '误充扣回', secondFactorCode: code3 },
      { token: fin.token },
    );
    expect(down).toMatchObject({ code: 200, data: { amount: -200, balanceAfter: 300 } });
    const [deduction] = (await b.post('/pay/record/trans-list', { type: 8 }, { token: fan.token })).data.list;
    expect(deduction).toMatchObject({ typeName: '系统扣除', amount: -200, note: '误充扣回' });

    const [upLine] = await logOf('wallet.topUp', fan.id);
    expect(upLine).toMatchObject({ actorId: fin.id, reason: '活动补偿：直播卡顿' });
    expect(upLine.before).toEqual({ currency: 'diamond', balance: 0 });
    expect(upLine.after).toMatchObject({ currency: 'diamond', balance: 500, amount: 500 });
    const deductLines = await logOf('wallet.deduct', fan.id);
    expect(deductLines).toHaveLength(1);
    expect(deductLines[0].after).toMatchObject({ balance: 300, amount: -200 });

    const money = (await b.get(`/pay/operator/users/${fan.id}/money`, undefined, { token: fin.token })).data;
    expect(money.balances).toEqual({ balance: 300, ticket: 0, ticketHeld: 0 });
    expect(money.records.list.map((r: { type: number }) => r.type)).toEqual([8, 14]);
    expect(money.user.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  }, 120_000);

  it('sends the second factor only to the caller’s own phone, with the SMS limits, and not through the public call', async () => {
    const op = await staff('operator');
    await secondFactor(op);
    expect(await b.post('/user/staff/second-factor', {}, { token: op.token })).toMatchObject({ status: 429 });
    const pub = await b.sendSms(op.mobile, 6);
    expect(pub).toMatchObject({ status: 400, msg: '短信类型不正确' });
  });

  it('lets admins grant and revoke roles, never their own admin, each change in the ops log', async () => {
    const admin = as.admin.token;
    const target = await b.newUser();
    expect(await b.get('/pay/operator/withdrawals', undefined, { token: target.token })).toMatchObject({
      status: 403,
    });
    expect(
      await b.post('/user/staff/roles/grant', { userId: target.id, role: 'boss' }, { token: admin }),
    ).toMatchObject({ status: 400, msg: '请选择正确的后台角色' });
    const granted = await b.post(
      '/user/staff/roles/grant',
      { userId: target.id, role: 'finance', reason: '新入职财务' },
      { token: admin },
    );
    expect(granted.data).toEqual({ userId: target.id, roles: ['finance'] });
    expect(
      await b.post('/user/staff/roles/grant', { userId: target.id, role: 'finance' }, { token: admin }),
    ).toMatchObject({ status: 400, msg: '该用户已拥有此角色' });
    // The role works at once: sessions read it on every request.
    expect((await b.get('/pay/operator/withdrawals', undefined, { token: target.token })).code).toBe(200);
    const list = (await b.get('/user/staff/roles', undefined, { token: admin })).data;
    expect(list.find((s: { id: number }) => s.id === target.id)).toMatchObject({ roles: ['finance'] });

    // Nobody changes their own roles, not even adding one: another admin does.
    for (const action of ['revoke', 'grant'])
      expect(
        await b.post(`/user/staff/roles/${action}`, { userId: as.admin.id, role: 'admin' }, { token: admin }),
      ).toMatchObject({ status: 403, msg: '不能修改自己的角色，请由另一位管理员处理' });
    expect(
      await b.post('/user/staff/roles/grant', { userId: as.admin.id, role: 'finance' }, { token: admin }),
    ).toMatchObject({ status: 403, msg: '不能修改自己的角色，请由另一位管理员处理' });
    expect(
      (await b.post('/user/staff/roles/revoke', { userId: target.id, role: 'finance' }, { token: admin }))
        .data,
    ).toEqual({ userId: target.id, roles: [] });
    expect(await b.get('/pay/operator/withdrawals', undefined, { token: target.token })).toMatchObject({
      status: 403,
    });
    expect(
      await b.post('/user/staff/roles/revoke', { userId: target.id, role: 'finance' }, { token: admin }),
    ).toMatchObject({ status: 400, msg: '该用户没有此角色' });

    const [grant] = await logOf('staff.grant', target.id);
    expect(grant).toMatchObject({ actorId: as.admin.id, reason: '新入职财务' });
    expect(grant.before).toEqual({ roles: [] });
    expect(grant.after).toEqual({ roles: ['finance'] });
    expect((await logOf('staff.revoke', target.id))[0].after).toEqual({ roles: [] });
  });

  it('runs the ledger audit from the console and logs the run; lists recharge orders of every user', async () => {
    const fin = as.finance;
    const audit = await b.post('/pay/operator/ledger-audit', {}, { token: fin.token });
    expect(audit.data).toMatchObject({ clean: true, mismatches: [] });
    expect((await logOf('ledger.audit', 'all')).some((l) => l.actorId === fin.id)).toBe(true);

    const fan = await b.newUser();
    const order = (await b.post('/pay/recharge', { packageId: 'p6', method: 'alipay' }, { token: fan.token }))
      .data;
    const listed = await b.get('/pay/operator/recharge-orders', { userId: fan.id }, { token: fin.token });
    expect(listed.data.list).toMatchObject([
      {
        orderNo: order.orderNo,
        status: 'pending',
        user: { id: fan.id },
        provider: 'sandbox',
        providerTradeNo: null,
      },
    ]);
    expect(
      await b.get('/pay/operator/recharge-orders', { status: 'lost' }, { token: fin.token }),
    ).toMatchObject({ status: 400 });
  });

  it('shows the dashboard figures: reports by kind, sockets over every instance and the 5xx share', async () => {
    const figures = (await b.get('/user/staff/dashboard', undefined, { token: as.finance.token })).data;
    expect(figures).toMatchObject({
      reports: { total: expect.any(Number) },
      errorRate: { rate: expect.any(Number) },
    });
    expect(figures.money.withdrawalsWaiting).toBeGreaterThanOrEqual(3); // the seed's queue
    expect(figures.money.rechargeFen).toEqual(expect.any(Number));
    // 财务 and 管理员 see the money; an editor or an operator alone do not.
    expect(
      (await b.get('/user/staff/dashboard', undefined, { token: as.admin.token })).data.money,
    ).not.toBeNull();
    for (const role of ['editor', 'operator']) {
      const theirs = (await b.get('/user/staff/dashboard', undefined, { token: as[role].token })).data;
      expect(theirs.money, role).toBeNull();
      expect(JSON.stringify(theirs), role).not.toMatch(/recharge|withdrawal/i);
      expect(theirs.reports.total, role).toEqual(expect.any(Number));
    }

    // Two instances report their sockets into one KV; the reader sums the last whole 10 s slot.
    const kv = createMemoryKv();
    let now = 1_000_000_000_000;
    const stops = [
      reportOnline(
        kv,
        () => 3,
        () => now,
      ),
      reportOnline(
        kv,
        () => 4,
        () => now,
      ),
    ];
    await new Promise((r) => setTimeout(r, 20));
    now += 10_000;
    expect(await readOnline(kv, now)).toBe(7);
    expect(await readOnline(kv, now + 60_000)).toBeNull();
    stops.forEach((stop) => stop());

    const traffic = createTrafficCounter(kv, () => now);
    for (const status of [200, 200, 500, 404, 503, 200, 200, 200]) traffic.record(status);
    now += 30_000;
    traffic.record(200); // the next slot: the last one's totals go to the KV
    await new Promise((r) => setTimeout(r, 20));
    expect(await readErrorRate(kv, now)).toEqual({ requests: 8, errors: 2, rate: 0.25 });
    traffic.stop();
    await kv.close();
  });
});
