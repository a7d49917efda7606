import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rechargeOrders } from '../../src/server/db/schema/index.ts';
import { createSandboxProvider } from '../../src/server/providers/payment/sandbox.ts';
import { advanceClock } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, type WalletBench } from '../support/wallet.ts';

describe.each(targets())('recharge on $name', (target) => {
  let b: WalletBench;
  beforeAll(async () => {
    b = await createWalletBench(target);
  });
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  const balance = async (token: string) =>
    (await b.get('/pay/balances', undefined, { token })).data.balance as number;
  const recharge = (token: string, body: Record<string, unknown>) =>
    b.post('/pay/recharge', { method: 'alipay', ...body }, { token });
  const notify = (params: Record<string, string>) => b.post('/pay/notify/sandbox', params);
  const sandbox = () => createSandboxProvider(b.app.appSecret);

  it('GET /pay/setting lists the packages, the custom range and the demo methods', async () => {
    const { data } = await b.get('/pay/setting');
    expect(data.diamondsPerYuan).toBe(10);
    expect(data.packages).toContainEqual({ id: 'p68', yuan: 68, bonus: 30, amountFen: 6800, diamonds: 710 });
    expect(data.custom).toEqual({ minYuan: 1, maxYuan: 50_000 });
    expect(data.methods).toEqual([
      { code: 'alipay', name: '支付宝', demo: true },
      { code: 'wechat', name: '微信支付', demo: true },
    ]);
    expect(data.orderTtlMinutes).toBe(30);
  });

  it('creates an order, pays it in the sandbox and credits 球钻 once (trade type 1)', async () => {
    const u = await b.newUser();
    expect((await b.post('/pay/recharge', { packageId: 'p68', method: 'alipay' })).status).toBe(401);
    const created = await recharge(u.token, { packageId: 'p68', requestId: 'order-key-0001' });
    expect(created.data).toMatchObject({
      amountFen: 6800,
      diamonds: 710,
      bonus: 30,
      status: 'pending',
      statusName: '待支付',
      demo: true,
    });
    expect(created.data.payUrl).toBe(`/pay/sandbox/${created.data.orderNo}`);
    expect((await recharge(u.token, { packageId: 'p68', requestId: 'order-key-0001' })).data.orderNo).toBe(
      created.data.orderNo,
    );

    const paid = await b.post(`/pay/sandbox/${created.data.orderNo}/pay`, undefined, { token: u.token });
    expect(paid.data).toMatchObject({
      order: { status: 'paid', statusName: '已支付' },
      returnUrl: `/v/pay?orderNo=${created.data.orderNo}`,
    });
    expect(await balance(u.token)).toBe(710);
    expect(
      (await b.post(`/pay/sandbox/${created.data.orderNo}/pay`, undefined, { token: u.token })).code,
    ).toBe(200);
    expect(await balance(u.token)).toBe(710);
    const list = (await b.post('/pay/record/trans-list', { type: 1 }, { token: u.token })).data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      type: 1,
      typeName: '球钻充值',
      currency: 'diamond',
      currencyName: '球钻',
      amount: 710,
      balanceAfter: 710,
      ref: created.data.orderNo,
    });
  });

  it('takes a custom whole-yuan amount and refuses bad amounts and methods', async () => {
    const u = await b.newUser();
    expect((await recharge(u.token, { amount: 15 })).data).toMatchObject({
      amountFen: 1500,
      diamonds: 150,
      bonus: 0,
    });
    for (const amount of [0, 50_001, 1.5, 'abc', -3]) {
      expect(await recharge(u.token, { amount })).toMatchObject({
        status: 400,
        msg: '充值金额为1-50000元的整数',
      });
    }
    expect(await recharge(u.token, {})).toMatchObject({ status: 400, msg: '充值金额为1-50000元的整数' });
    expect(await recharge(u.token, { packageId: 'p1' })).toMatchObject({
      status: 400,
      msg: '充值套餐不存在',
    });
    expect(await recharge(u.token, { amount: 10, method: 'paypal' })).toMatchObject({
      status: 400,
      msg: '请选择支付方式',
    });
  });

  it('credits nothing for a replayed callback, a forged one or one with the wrong amount', async () => {
    const u = await b.newUser();
    const { orderNo } = (await recharge(u.token, { amount: 30 })).data;
    const genuine = sandbox().signNotice({ orderNo, tradeNo: 'T1', amountFen: 3000, status: 'paid' });

    const forgedKey = createSandboxProvider('x'.repeat(64)).signNotice({
      orderNo,
      tradeNo: 'T1',
      amountFen: 3000,
      status: 'paid',
    });
    expect(await notify(forgedKey)).toMatchObject({ status: 400, msg: '支付通知签名无效' });
    expect(await notify({ ...genuine, amountFen: '300000' })).toMatchObject({
      status: 400,
      msg: '支付通知签名无效',
    });
    const { sign: _sign, ...unsigned } = genuine;
    expect(await notify(unsigned)).toMatchObject({ status: 400, msg: '支付通知签名无效' });
    expect(
      await notify(sandbox().signNotice({ orderNo, tradeNo: 'T0', amountFen: 1, status: 'paid' })),
    ).toMatchObject({ status: 400 });
    expect(await balance(u.token)).toBe(0);

    expect((await notify(genuine)).data).toEqual({ credited: true, status: 'paid' });
    expect((await notify(genuine)).data).toEqual({ credited: false, status: 'paid' });
    expect(
      (await notify(sandbox().signNotice({ orderNo, tradeNo: 'T2', amountFen: 3000, status: 'paid' }))).data
        .credited,
    ).toBe(false);
    expect(await balance(u.token)).toBe(300);
    expect((await b.post('/pay/notify/alipay-unknown', genuine)).status).toBe(404);
  });

  it('expires orders after 30 minutes: paying then fails and a late callback credits nothing', async () => {
    const u = await b.newUser();
    const { orderNo } = (await recharge(u.token, { amount: 6 })).data;
    const late = sandbox().signNotice({ orderNo, tradeNo: 'T9', amountFen: 600, status: 'paid' });
    advanceClock(31 * 60_000);
    expect((await b.get(`/pay/order/${orderNo}`, undefined, { token: u.token })).data).toMatchObject({
      status: 'expired',
      statusName: '已过期',
    });
    expect(await b.post(`/pay/sandbox/${orderNo}/pay`, undefined, { token: u.token })).toMatchObject({
      status: 400,
      msg: '订单已过期，请重新下单',
    });
    expect((await notify(late)).data).toEqual({ credited: false, status: 'expired' });
    expect(await balance(u.token)).toBe(0);
    const [row] = await b.app.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo));
    expect(row.status).toBe('expired');
  });

  it('cancels in the sandbox; only the owner sees or pays an order', async () => {
    const [u, other] = [await b.newUser(), await b.newUser()];
    const { orderNo } = (await recharge(u.token, { amount: 8 })).data;
    expect(await b.get(`/pay/order/${orderNo}`, undefined, { token: other.token })).toMatchObject({
      status: 404,
      msg: '订单不存在',
    });
    expect(await b.post(`/pay/sandbox/${orderNo}/pay`, undefined, { token: other.token })).toMatchObject({
      status: 404,
    });
    expect(
      (await b.post(`/pay/sandbox/${orderNo}/cancel`, undefined, { token: u.token })).data.order,
    ).toMatchObject({ status: 'cancelled', statusName: '已取消' });
    expect(await b.post(`/pay/sandbox/${orderNo}/pay`, undefined, { token: u.token })).toMatchObject({
      status: 400,
      msg: '订单已取消，请重新下单',
    });
    expect(await balance(u.token)).toBe(0);
    expect(await balance(other.token)).toBe(0);
  });
});
