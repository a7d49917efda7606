import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsLog, topUpRequests, tradeRecords, users } from '../../src/server/db/schema/index.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, type WalletBench } from '../support/wallet.ts';

/**
 * Money that staff create needs a second staff member (issue #31): nobody tops up or deducts on their own
 * account, and a manual top-up above TOP_UP_REVIEW_ABOVE (1 000 by default) is only a request until a
 * different finance staff member, who is not the account either, approves it; then it is credited once.
 */
describe.each(targets())('manual top-ups need a second finance staff member on $name', (target) => {
  let b: WalletBench;
  type Person = Awaited<ReturnType<WalletBench['newUser']>>;

  beforeAll(async () => {
    b = await createWalletBench(target);
  }, 120_000);
  afterAll(() => b.close());

  /** A new account holding the finance role (its own phone: the SMS limits stay apart). */
  async function finance(): Promise<Person> {
    const u = await b.newUser();
    await b.app.db
      .update(users)
      .set({ roles: ['finance'] })
      .where(eq(users.id, u.id));
    return u;
  }

  /** A second-factor code sent to `who`'s own phone. */
  async function code(who: Person) {
    expect((await b.post('/user/staff/second-factor', {}, { token: who.token })).code).toBe(200);
    return b.outboxCode(who.mobile);
  }

  const balances = async (who: Person) =>
    (await b.get('/pay/balances', undefined, { token: who.token })).data;
  const topUps = async (userId: number) =>
    (await b.app.db.select().from(tradeRecords).where(eq(tradeRecords.userId, userId))).filter(
      (r) => r.type === 14,
    );
  const logOf = async (action: string, userId: number) =>
    (await b.app.db.select().from(opsLog).where(eq(opsLog.action, action))).filter(
      (l) => l.targetId === String(userId),
    );

  /** `maker` asks for a top-up of `amount` 球票 to `to`: a pending request above the limit. */
  async function ask(maker: Person, to: Person, amount: number) {
    const body = { userId: to.id, currency: 'ticket', amount, reason: '主播签约奖励' };
    return b.post(
      '/pay/operator/top-up',
      { ...body, secondFactorCode: await code(maker) },
      { token: maker.token },
    );
  }

  it('refuses a top-up or a deduction on the staff member’s own account, of any amount, and keeps the code', async () => {
    const fin = await finance();
    const fan = await b.newUser();
    const secondFactorCode = await code(fin);
    for (const [path, amount] of [
      ['/pay/operator/top-up', 1_000_000],
      ['/pay/operator/top-up', 1],
      ['/pay/operator/deduct', 1],
    ] as const) {
      const own = { userId: fin.id, currency: 'ticket', amount, reason: '自己充值', secondFactorCode };
      expect(await b.post(path, own, { token: fin.token }), `${path} ${amount}`).toMatchObject({
        status: 403,
        msg: '不能给自己的账户充值或扣除',
      });
    }
    expect(await balances(fin)).toEqual({ balance: 0, ticket: 0, ticketHeld: 0 });
    expect(await b.app.db.select().from(topUpRequests).where(eq(topUpRequests.userId, fin.id))).toEqual([]);
    // The refusal came before the code was used: it still allows an action on someone else.
    const other = { userId: fan.id, currency: 'diamond', amount: 10, reason: '活动补偿', secondFactorCode };
    expect((await b.post('/pay/operator/top-up', other, { token: fin.token })).data).toMatchObject({
      pending: false,
      balanceAfter: 10,
    });
  });

  it('applies a top-up up to the limit at once; above it files a request and credits nothing', async () => {
    const maker = await finance();
    const fan = await b.newUser();
    const atLimit = await b.post(
      '/pay/operator/top-up',
      {
        userId: fan.id,
        currency: 'ticket',
        amount: 1000,
        reason: '活动奖励',
        secondFactorCode: await code(maker),
      },
      { token: maker.token },
    );
    expect(atLimit).toMatchObject({ code: 200, data: { pending: false, amount: 1000, balanceAfter: 1000 } });

    const checker = await finance();
    const asked = await ask(checker, fan, 1_000_000);
    expect(asked).toMatchObject({
      code: 200,
      msg: '数量超过1000，需另一位财务人员复核：已提交，批准后到账',
      data: { pending: true, amount: 1_000_000, currency: 'ticket' },
    });
    expect(await balances(fan)).toEqual({ balance: 0, ticket: 1000, ticketHeld: 0 });
    expect(await topUps(fan.id)).toHaveLength(1);
    const queue = await b.get('/pay/operator/top-ups', { status: 'pending' }, { token: maker.token });
    expect(queue.data.list.find((r: { id: number }) => r.id === asked.data.requestId)).toMatchObject({
      user: { id: fan.id },
      requester: { id: checker.id },
      amount: 1_000_000,
      currency: 'ticket',
      reason: '主播签约奖励',
      status: 'pending',
      statusName: '待复核',
      reviewer: null,
    });
    const [line] = await logOf('wallet.topUp.request', fan.id);
    expect(line).toMatchObject({ actorId: checker.id, reason: '主播签约奖励' });
    expect(line.after).toMatchObject({
      requestId: asked.data.requestId,
      amount: 1_000_000,
      status: 'pending',
    });
  });

  it('never lets the asker, or the account’s owner, approve; the approval needs the approver’s own code', async () => {
    const maker = await finance();
    const owner = await finance();
    const { data } = await ask(maker, owner, 50_000);
    const approve = async (who: Person) =>
      b.post(`/pay/operator/top-ups/${data.requestId}/approve`, {}, { token: who.token });
    expect(await approve(maker)).toMatchObject({
      status: 403,
      msg: '不能复核自己提交的充值申请，请由另一位财务人员处理',
    });
    expect(await approve(owner)).toMatchObject({ status: 403, msg: '不能复核给自己账户的充值' });
    expect(
      await b.post(
        `/pay/operator/top-ups/${data.requestId}/reject`,
        { reason: '自己驳回' },
        { token: maker.token },
      ),
    ).toMatchObject({ status: 403 });
    const checker = await finance();
    expect(await approve(checker)).toMatchObject({
      status: 400,
      msg: '请填写发送到您手机的6位验证码（二次验证）',
    });
    expect(await balances(owner)).toEqual({ balance: 0, ticket: 0, ticketHeld: 0 });
    expect(await b.post('/pay/operator/top-ups/999999/approve', {}, { token: checker.token })).toMatchObject({
      status: 404,
      msg: '充值申请不存在',
    });

    // The database holds the rule too, whatever a service might do.
    const row = { userId: owner.id, currency: 'ticket', amount: 5, reason: '直接写入' };
    const { db } = b.app;
    await expect(
      Promise.resolve(db.insert(topUpRequests).values({ ...row, requestedBy: owner.id })),
    ).rejects.toThrow();
    const reviewedByMaker = db
      .update(topUpRequests)
      .set({ reviewerId: maker.id })
      .where(eq(topUpRequests.id, data.requestId));
    await expect(Promise.resolve(reviewedByMaker)).rejects.toThrow();
  });

  it('credits an approved request exactly once when several staff approve at the same moment', async () => {
    const maker = await finance();
    const fan = await b.newUser();
    const { data } = await ask(maker, fan, 250_000);
    const checkers = [await finance(), await finance(), await finance()];
    const codes = await Promise.all(checkers.map(code));
    const race = await Promise.all(
      checkers.map((who, i) =>
        b.post(
          `/pay/operator/top-ups/${data.requestId}/approve`,
          { secondFactorCode: codes[i] },
          { token: who.token },
        ),
      ),
    );
    const won = race.filter((r) => r.code === 200);
    expect(won).toHaveLength(1);
    expect(race.filter((r) => r.code !== 200).map((r) => r.msg)).toEqual([
      '该充值申请已处理',
      '该充值申请已处理',
    ]);
    expect(won[0].data).toMatchObject({ requestId: data.requestId, amount: 250_000, balanceAfter: 250_000 });
    expect(await balances(fan)).toEqual({ balance: 0, ticket: 250_000, ticketHeld: 0 });
    const [record] = await topUps(fan.id);
    expect(await topUps(fan.id)).toHaveLength(1);
    expect(record).toMatchObject({ amount: 250_000, currency: 'ticket', note: '主播签约奖励' });

    const approver = checkers[race.indexOf(won[0])];
    const lines = await logOf('wallet.topUp.approve', fan.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actorId: approver.id, reason: '主播签约奖励' });
    expect(lines[0].before).toEqual({ currency: 'ticket', ticket: 0 });
    expect(lines[0].after).toMatchObject({ requestedBy: maker.id, ticket: 250_000, recordId: record.id });
    const [row] = await b.app.db.select().from(topUpRequests).where(eq(topUpRequests.id, data.requestId));
    expect(row).toMatchObject({ status: 'approved', reviewerId: approver.id, recordId: record.id });

    // Reviewed is reviewed: neither a later approval nor a rejection changes anything.
    const late = await finance();
    expect(
      await b.post(
        `/pay/operator/top-ups/${data.requestId}/approve`,
        { secondFactorCode: await code(late) },
        { token: late.token },
      ),
    ).toMatchObject({ status: 400, msg: '该充值申请已处理' });
    expect(
      await b.post(
        `/pay/operator/top-ups/${data.requestId}/reject`,
        { reason: '重复' },
        { token: late.token },
      ),
    ).toMatchObject({ status: 400, msg: '该充值申请已处理' });
    expect(await balances(fan)).toEqual({ balance: 0, ticket: 250_000, ticketHeld: 0 });
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('rejects with a reason and credits nothing, also against a racing approval', async () => {
    const maker = await finance();
    const fan = await b.newUser();
    const checker = await finance();
    const first = (await ask(maker, fan, 3000)).data;
    const reject = (id: number, reason: string) =>
      b.post(`/pay/operator/top-ups/${id}/reject`, { reason }, { token: checker.token });
    expect(await reject(first.requestId, ' ')).toMatchObject({
      status: 400,
      msg: '请填写驳回原因（1-100字）',
    });
    expect(await reject(first.requestId, '缺少活动审批单')).toMatchObject({
      code: 200,
      data: { requestId: first.requestId, status: 'rejected' },
    });
    expect(await balances(fan)).toEqual({ balance: 0, ticket: 0, ticketHeld: 0 });
    const [line] = await logOf('wallet.topUp.reject', fan.id);
    expect(line).toMatchObject({ actorId: checker.id, reason: '缺少活动审批单' });

    // Another request (another maker: one code a minute a phone), then a rejection and an approval at once.
    const second = (await ask(await finance(), fan, 8000)).data;
    const approver = await finance();
    const secondFactorCode = await code(approver);
    const race = await Promise.all([
      reject(second.requestId, '金额有误'),
      b.post(
        `/pay/operator/top-ups/${second.requestId}/approve`,
        { secondFactorCode },
        { token: approver.token },
      ),
    ]);
    expect(race.filter((r) => r.code === 200)).toHaveLength(1);
    const approved = race[1].code === 200;
    expect(await balances(fan)).toEqual({ balance: 0, ticket: approved ? 8000 : 0, ticketHeld: 0 });
    expect(await topUps(fan.id)).toHaveLength(approved ? 1 : 0);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });
});
