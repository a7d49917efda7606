import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifts, users } from '../../src/server/db/schema/index.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, type WalletBench } from '../support/wallet.ts';

const DAY = 86_400_000;

describe.each(targets())('gifts, ranking, nobility and records on $name', (target) => {
  let b: WalletBench;
  let fan: string;
  let anchor: string;
  let anchorId: number;
  let football: number;
  beforeAll(async () => {
    b = await createWalletBench(target);
    [fan, anchor] = [await b.tokenOf('13800000001'), await b.tokenOf('13800000002')];
    anchorId = await b.idOf('13800000002');
    football = (await b.app.services.wallet.gifts.catalogue()).find((g) => g.name === '足球')!.id;
  });
  afterAll(() => b.close());

  const balances = async (token: string) => (await b.get('/pay/balances', undefined, { token })).data;
  const gift = (token: string | undefined, body: Record<string, unknown>) =>
    b.post('/pay/gift', { giftId: football, anchorId, ...body }, { token });

  it('seeds the demo accounts through the ledger and a catalogue of twelve gifts', async () => {
    expect(await balances(fan)).toEqual({ balance: 8888 - 1279, ticket: 0, ticketHeld: 0 });
    expect(await balances(anchor)).toEqual({ balance: 1000, ticket: 1279 + 1888, ticketHeld: 0 });
    const welcome = (await b.post('/pay/record/trans-list', { type: 7 }, { token: fan })).data.list;
    expect(welcome).toMatchObject([{ typeName: '系统赠送', amount: 8888, note: '新用户礼包' }]);
    expect(await b.app.db.$count(gifts)).toBe(12);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('sends a gift: 球钻 from the viewer, 球票 to the anchor, once per request key', async () => {
    const [before, anchorBefore] = [await balances(fan), await balances(anchor)];
    const sent = await gift(fan, { count: 3, requestId: 'gift-request-01' });
    expect(sent.data).toMatchObject({
      gift: { id: football, name: '足球', price: 66 },
      count: 3,
      cost: 198,
      tickets: 198,
      balance: before.balance - 198,
      anchor: { id: anchorId },
    });
    expect((await gift(fan, { count: 3, requestId: 'gift-request-01' })).data.recordId).toBe(
      sent.data.recordId,
    );
    expect((await balances(fan)).balance).toBe(before.balance - 198);
    expect((await balances(anchor)).ticket).toBe(anchorBefore.ticket + 198);
    const income = (await b.post('/pay/record/income', { type: 9 }, { token: anchor })).data.list[0];
    expect(income).toMatchObject({
      typeName: '礼物收益',
      currencyName: '球票',
      amount: 198,
      note: '足球×3',
      counterparty: { nickName: '球迷小王' },
    });

    expect(await gift(undefined, {})).toMatchObject({ status: 401 });
    expect(await gift(anchor, {})).toMatchObject({ status: 400, msg: '不能给自己送礼物' });
    expect(await gift(fan, { anchorId: await b.idOf('13800000003') })).toMatchObject({
      status: 404,
      msg: '主播不存在',
    });
    expect(await gift(fan, { giftId: 99_999 })).toMatchObject({ status: 404, msg: '礼物不存在或已下架' });
    for (const count of [0, 10_000, 1.5]) expect((await gift(fan, { count })).status).toBe(400);
    const poor = await b.newUser();
    expect(await gift(poor.token, {})).toMatchObject({ code: 10020, msg: '球钻余额不足，请先充值' });
  });

  it('ranks the anchor’s contributors by 球钻 given, in the period asked', async () => {
    const rank = (await b.get('/pay/room/user/rank', { anchorId, rankType: 'day' })).data;
    expect(rank.map((r: { nickName: string }) => r.nickName)).toEqual(['竞彩老李', '球迷小王']);
    expect(rank[0]).toMatchObject({ rank: 1, amount: 1888, level: 6, nobility: null });
    expect(rank[1]).toMatchObject({ rank: 2, amount: 1279 + 198, level: 2 });
    expect((await b.get('/pay/room/user/rank', { anchorId })).data).toHaveLength(2);
    expect((await b.get('/pay/room/user/rank', { anchorId, rankType: 'year' })).status).toBe(400);
    expect((await b.get('/pay/room/user/rank')).msg).toBe('参数 anchorId 无效：不能为空');
  });

  it('buys, renews and upgrades nobility (type 15); the tier shows in user info', async () => {
    const u = await b.newUser();
    await b.fund(u.id, 10_000);
    const buy = async (nobilityId: number, months = 1, requestId?: string) =>
      b.post(
        '/pay/room/nobility/purchase',
        { nobilityId, months, ...(requestId ? { requestId } : {}) },
        { token: u.token },
      );
    const list = (await b.get('/pay/room/nobility/list', undefined, { token: u.token })).data;
    expect(list.current).toBeNull();
    expect(list.tiers.map((t: { name: string }) => t.name)).toEqual([
      '骑士',
      '子爵',
      '伯爵',
      '侯爵',
      '公爵',
      '国王',
    ]);
    const [knight, viscount] = list.tiers;
    expect(knight).toMatchObject({
      monthlyPrice: 600,
      renewPrice: 540,
      perks: { bubble: 1, badge: '/nobility/1.svg', renewDiscount: 90 },
    });

    const first = (await buy(knight.id, 1, 'nobility-key-1')).data;
    expect(first).toMatchObject({ nobility: { id: knight.id, name: '骑士' }, cost: 600, balance: 9400 });
    expect(Date.parse(first.nobility.expiresAt) - Date.now()).toBeGreaterThan(29 * DAY);
    expect((await buy(knight.id, 1, 'nobility-key-1')).data).toEqual(first);
    const renewed = (await buy(knight.id, 3)).data;
    expect(renewed.cost).toBe(540 * 3);
    expect(Date.parse(renewed.nobility.expiresAt) - Date.parse(first.nobility.expiresAt)).toBe(90 * DAY);
    // 120 days of 骑士 (600 a month) become 40 days of 子爵 (1800 a month), after the month bought.
    const upgraded = (await buy(viscount.id, 1)).data;
    expect(upgraded).toMatchObject({ nobility: { name: '子爵' }, cost: 1800 });
    const days = (Date.parse(upgraded.nobility.expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(69.9);
    expect(days).toBeLessThan(70.1);
    expect(await buy(knight.id)).toMatchObject({
      status: 400,
      msg: '您当前的贵族等级更高，到期后才能开通较低等级',
    });
    expect(await buy(knight.id, 2)).toMatchObject({ status: 400, msg: '开通时长只能选择1、3、6或12个月' });
    expect(await buy(999)).toMatchObject({ status: 404, msg: '贵族等级不存在' });
    expect(await buy(list.tiers[5].id)).toMatchObject({ code: 10020 });

    expect((await b.get('/user/center/info', undefined, { token: u.token })).data.nobility).toEqual({
      id: viscount.id,
      name: '子爵',
      expiresAt: upgraded.nobility.expiresAt,
    });
    expect((await b.get('/pay/room/nobility/list', undefined, { token: u.token })).data.current.name).toBe(
      '子爵',
    );
    const paid = (await b.post('/pay/record/trans-list', { type: 15 }, { token: u.token })).data;
    expect(paid.list.map((r: { amount: number }) => r.amount)).toEqual([-1800, -1620, -600]);
    expect(paid.list[0].typeName).toBe('开通贵族');
  });

  it('pages and filters the records (default page size 30, pageParam accepted)', async () => {
    const u = await b.newUser();
    for (let i = 0; i < 35; i++) await b.fund(u.id, i + 1);
    await b.app.services.wallet.ledger.debit({
      userId: u.id,
      currency: 'diamond',
      amount: 5,
      type: 4,
      key: 'plan-1',
    });
    const list = (body: Record<string, unknown>) =>
      b.post('/pay/record/trans-list', body, { token: u.token });
    const first = (await list({})).data;
    expect(first).toMatchObject({ total: 36, pageNum: 1, pageSize: 30 });
    expect(first.list).toHaveLength(30);
    expect(first.list[0]).toMatchObject({ type: 4, typeName: '方案购买', amount: -5 });
    expect((await list({ pageNum: 2 })).data.list).toHaveLength(6);
    expect(
      (
        await b.post(
          '/pay/record/trans-list',
          { pageParam: { pageNum: 4, pageSize: 10 } },
          { token: u.token, json: true },
        )
      ).data.list,
    ).toHaveLength(6);
    expect((await list({ pageParam: JSON.stringify({ pageNum: 2, pageSize: 20 }) })).data.list).toHaveLength(
      16,
    );
    expect((await b.post('/pay/record/income', {}, { token: u.token })).data.total).toBe(35);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ startDate: today, endDate: today })).data.total).toBe(36);
    expect((await list({ startDate: '2099-01-01' })).data.total).toBe(0);
    expect((await list({ endDate: '2020-01-01' })).data.total).toBe(0);
    expect(await list({ startDate: '2025-03-02', endDate: '2025-03-01' })).toMatchObject({
      status: 400,
      msg: '请输入正确的日期范围',
    });
    expect(await list({ startDate: '2025-02-30' })).toMatchObject({
      status: 400,
      msg: '请输入正确的日期范围',
    });
    expect((await list({ type: 16 })).status).toBe(400);
    expect((await list({ pageSize: 101 })).status).toBe(400);
    expect((await b.post('/pay/record/trans-list', {})).status).toBe(401);
  });

  it('exports the income as Excel-friendly CSV (BOM, quoted cells, no formulas)', async () => {
    const [trickster] = await b.app.db
      .insert(users)
      .values({ mobile: '13912340000', nickName: '=1+1' })
      .returning({ id: users.id });
    await b.fund(trickster.id, 100);
    await b.app.services.wallet.gifts.send(trickster.id, {
      giftId: football,
      anchorId,
      count: 1,
      key: 'csv-gift',
    });
    const download = (headers: Record<string, string>, query = '') =>
      b.gw.request(`/svc/pay/export/income/${query}`, { headers });
    const res = await download({ accessToken: anchor });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="income-\d{8}\.csv"; filename\*=UTF-8''%E6%94%B6%E5%85%A5/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines[0]).toBe('"时间","类型","币种","数量","变动后余额","对方","业务单号","备注"');
    expect(lines[1]).toMatch(
      /^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}","礼物收益","球票","66","\d+","'=1\+1","gift:\d+","足球×1"$/,
    );
    expect(lines.length).toBeGreaterThan(4);
    const byCookie = await download({ cookie: `token=${anchor}` }, '?type=7');
    expect((await byCookie.text()).trim().split('\r\n')).toEqual([
      lines[0],
      expect.stringContaining('"系统赠送","球钻","1000"'),
    ]);
    expect((await download({})).status).toBe(401);
  });
});
