import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { redPackets, tradeRecords } from '../../src/server/db/schema/index.ts';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, type LiveBench } from '../support/live.ts';
import { delivery, startHub } from '../support/live-socket.ts';

describe.each(targets())('money in live rooms on $name', (target) => {
  let b: LiveBench;
  let hub: Awaited<ReturnType<typeof startHub>>;
  let football: number;
  beforeAll(async () => {
    b = await createLiveBench(target);
    hub = await startHub(b.app);
    football = (await b.get('/api/chat/gift/all')).data.find((g: { name: string }) => g.name === '足球').id;
  }, 60_000);
  afterAll(async () => {
    await hub.stop();
    await b.close();
  });

  const balances = (userId: number) => b.wallet.ledger.balances(userId);

  it('sends a gift in a room: paid once, shown to everyone, counted as a combo and as heat', async () => {
    const a = await b.anchor();
    const fan = await b.viewer({ diamonds: 1_000 });
    const watcher = await hub.connect(null, CHANNEL.room(a.room.id));
    const heatBefore = (await b.get('/api/room/info', { roomId: a.room.id })).data.heat;
    const first = await b.post(
      '/pay/gift',
      { roomId: a.room.id, giftId: football, count: 2, requestId: 'gift-once-0001' },
      { token: fan.token },
    );
    expect(first.data).toMatchObject({
      count: 2,
      cost: 132,
      balance: 868,
      combo: 2,
      heat: heatBefore + 132,
      anchor: { id: a.id },
    });
    const effect = await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'gift'));
    expect(effect.data.payload).toMatchObject({
      gift: { name: '足球', tier: 1 },
      count: 2,
      combo: 2,
      user: { id: fan.id },
    });
    expect(
      (await watcher.next(delivery(WS_CODE.chatMessage, (p) => p.kind === 'gift'))).data.payload.content,
    ).toBe('送出 足球×2');

    const replay = await b.post(
      '/pay/gift',
      { roomId: a.room.id, giftId: football, count: 2, requestId: 'gift-once-0001' },
      { token: fan.token },
    );
    expect(replay.data.recordId).toBe(first.data.recordId);
    expect(await balances(fan.id)).toMatchObject({ balance: 868 });
    const again = await b.post(
      '/pay/gift',
      { roomId: a.room.id, giftId: football, count: 1 },
      { token: fan.token },
    );
    expect(again.data.combo).toBe(3);
    expect(await balances(a.id)).toMatchObject({ ticket: 198 });
    const chat = (await b.post('/api/chat/page', { roomId: a.room.id })).data.list.filter(
      (m: { kind: string }) => m.kind === 'gift',
    );
    expect(chat).toHaveLength(2);
    expect(
      await b.post(
        '/pay/gift',
        { roomId: a.room.id, giftId: football, anchorId: b.demoAnchorId },
        { token: fan.token },
      ),
    ).toMatchObject({ status: 400, msg: '主播不存在' });
    const rank = await b.get('/pay/room/user/rank', { anchorId: a.id, rankType: 'day' });
    expect(rank.data[0]).toMatchObject({ userId: fan.id, amount: 198 });
    watcher.close();
  });

  it('keeps the ledger right when 20 viewers send gifts at once, each twice with the same key', async () => {
    const a = await b.anchor();
    const fans = await Promise.all(Array.from({ length: 20 }, () => b.viewer({ diamonds: 200 })));
    const sends = fans.flatMap((f, i) =>
      [0, 1].map(() =>
        b.post(
          '/pay/gift',
          { roomId: a.room.id, giftId: football, count: 3, requestId: `burst-${i}-key` },
          { token: f.token },
        ),
      ),
    );
    const results = await Promise.all(sends);
    expect(results.filter((r) => r.code === 200).length).toBe(40);
    for (const f of fans) expect(await balances(f.id)).toMatchObject({ balance: 200 - 198 });
    expect(await balances(a.id)).toMatchObject({ ticket: 20 * 198 });
    expect(
      await b.app.db.$count(
        tradeRecords,
        and(eq(tradeRecords.userId, a.id), eq(tradeRecords.type, TRADE_TYPE.giftIncome)),
      ),
    ).toBe(20);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('sends a red packet: level 3, the sender pays it all (type 10), shares sum to the total', async () => {
    const roomId = b.demoRoom.id;
    const low = await b.viewer({ level: 2, diamonds: 500 });
    expect(
      await b.post('/api/redPacket/send', { roomId, total: 100, count: 5, mode: 1 }, { token: low.token }),
    ).toMatchObject({ status: 403, msg: '等级达到Lv3才能发红包' });
    const rich = await b.viewer({ level: 3, diamonds: 500 });
    expect(
      await b.post('/api/redPacket/send', { roomId, total: 4, count: 5, mode: 1 }, { token: rich.token }),
    ).toMatchObject({ status: 400, msg: '红包总额为1-1000000球钻，且每个红包至少1球钻' });
    expect(
      await b.post('/api/redPacket/send', { roomId, total: 100, count: 101, mode: 1 }, { token: rich.token }),
    ).toMatchObject({ status: 400, msg: '红包个数为1-100个' });
    expect(
      await b.post('/api/redPacket/send', { roomId, total: 100, count: 5, mode: 3 }, { token: rich.token }),
    ).toMatchObject({ status: 400, msg: '请选择拼手气红包或普通红包' });
    expect(
      await b.post('/api/redPacket/send', { roomId, total: 600, count: 5, mode: 1 }, { token: rich.token }),
    ).toMatchObject({ code: 10020, msg: '球钻余额不足，请先充值' });
    const watcher = await hub.connect(null, CHANNEL.room(roomId));
    const sent = await b.post(
      '/api/redPacket/send',
      { roomId, total: 100, count: 5, mode: 1, requestId: 'packet-key-01' },
      { token: rich.token },
    );
    expect(sent.data).toMatchObject({
      total: 100,
      count: 5,
      grabbed: 0,
      amountLeft: 100,
      status: 'open',
      hasPassword: false,
      grabs: [],
    });
    expect(sent.data.shares).toBeUndefined();
    expect(
      (await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'redPacket'))).data.payload,
    ).toMatchObject({ packetId: sent.data.id, total: 100, count: 5 });
    const again = await b.post(
      '/api/redPacket/send',
      { roomId, total: 100, count: 5, mode: 1, requestId: 'packet-key-01' },
      { token: rich.token },
    );
    expect(again.data.id).toBe(sent.data.id);
    expect(await balances(rich.id)).toMatchObject({ balance: 400 });
    const [row] = await b.app.db.select().from(redPackets).where(eq(redPackets.id, sent.data.id));
    expect(row.shares.reduce((s, x) => s + x, 0)).toBe(100);
    expect(row.shares.every((x) => x >= 1)).toBe(true);
    watcher.close();
  });

  it('lets each user grab once, asks for the password, and says when it is all gone', async () => {
    const sender = await b.viewer({ level: 3, diamonds: 100 });
    const packet = (
      await b.post(
        '/api/redPacket/send',
        { roomId: b.demoRoom.id, total: 10, count: 2, mode: 2, password: '球友圈' },
        { token: sender.token },
      )
    ).data;
    const [x, y, z] = await Promise.all([b.viewer(), b.viewer(), b.viewer()]);
    expect(await b.post('/api/redPacket/grab', { packetId: packet.id }, { token: x.token })).toMatchObject({
      status: 400,
      msg: '口令不正确',
    });
    const got = await b.post(
      '/api/redPacket/grab',
      { packetId: packet.id, password: '球友圈' },
      { token: x.token },
    );
    expect(got.data).toMatchObject({ amount: 5, balance: 5, packet: { mine: 5, grabbed: 1 } });
    expect(
      await b.post('/api/redPacket/grab', { packetId: packet.id, password: '球友圈' }, { token: x.token }),
    ).toMatchObject({ status: 400, msg: '您已经抢过这个红包了' });
    expect(
      (await b.post('/api/redPacket/grab', { packetId: packet.id, password: '球友圈' }, { token: y.token }))
        .data.amount,
    ).toBe(5);
    expect(
      await b.post('/api/redPacket/grab', { packetId: packet.id, password: '球友圈' }, { token: z.token }),
    ).toMatchObject({ status: 400, msg: '手慢了，红包已被抢完' });
    const detail = await b.get('/api/redPacket/detail', { packetId: packet.id });
    expect(detail.data).toMatchObject({ status: 'done', amountLeft: 0, grabbed: 2 });
    expect(detail.data.grabs.map((g: { userId: number }) => g.userId)).toEqual([x.id, y.id]);
    expect(
      (await b.get('/api/redPacket/list', { roomId: b.demoRoom.id })).data.some(
        (p: { id: number }) => p.id === packet.id,
      ),
    ).toBe(true);
  });

  it('pays out exactly the total when 30 users grab a 25-share packet at once', async () => {
    const sender = await b.viewer({ level: 3, diamonds: 1_000 });
    const packet = (
      await b.post(
        '/api/redPacket/send',
        { roomId: b.demoRoom.id, total: 777, count: 25, mode: 1 },
        { token: sender.token },
      )
    ).data;
    const grabbers = await Promise.all(Array.from({ length: 30 }, () => b.viewer()));
    const results = await Promise.all(
      grabbers.flatMap((g) =>
        [g, g].map((u) => b.post('/api/redPacket/grab', { packetId: packet.id }, { token: u.token })),
      ),
    );
    const won = results.filter((r) => r.code === 200);
    expect(won).toHaveLength(25);
    expect(won.reduce((s, r) => s + r.data.amount, 0)).toBe(777);
    expect(
      results.filter((r) => r.msg === '您已经抢过这个红包了').length +
        results.filter((r) => r.msg === '手慢了，红包已被抢完').length,
    ).toBe(35);
    const ids = grabbers.map((g) => g.id);
    const credits = await b.app.db
      .select()
      .from(tradeRecords)
      .where(and(inArray(tradeRecords.userId, ids), eq(tradeRecords.type, TRADE_TYPE.grabRedPacket)));
    expect(credits).toHaveLength(25);
    expect(new Set(credits.map((c) => c.userId)).size).toBe(25);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('returns what is left to the sender when the packet expires after 24 h (type 12), once', async () => {
    const sender = await b.viewer({ level: 3, diamonds: 300 });
    const packet = (
      await b.post(
        '/api/redPacket/send',
        { roomId: b.demoRoom.id, total: 90, count: 3, mode: 2 },
        { token: sender.token },
      )
    ).data;
    const taker = await b.viewer();
    await b.post('/api/redPacket/grab', { packetId: packet.id }, { token: taker.token });
    const live = b.app.services.live.redPackets;
    expect(await live.expireDue(new Date(Date.now() + 23 * 3600_000))).toBe(0);
    const later = new Date(Date.now() + 24 * 3600_000 + 60_000);
    expect(await live.expireDue(later)).toBeGreaterThanOrEqual(1);
    expect(await live.expireDue(later)).toBe(0);
    expect(await balances(sender.id)).toMatchObject({ balance: 300 - 90 + 60 });
    const returned = await b.app.db
      .select()
      .from(tradeRecords)
      .where(and(eq(tradeRecords.userId, sender.id), eq(tradeRecords.type, TRADE_TYPE.redPacketReturned)));
    expect(returned.map((r) => r.amount)).toEqual([60]);
    expect((await b.get('/api/redPacket/detail', { packetId: packet.id })).data).toMatchObject({
      status: 'expired',
      amountLeft: 0,
    });
    expect(await auditLedger(b.app.db)).toEqual([]);
  });

  it('settles an expired packet when someone tries to grab it before the sweep does', async () => {
    const sender = await b.viewer({ level: 3, diamonds: 50 });
    const packet = (
      await b.post(
        '/api/redPacket/send',
        { roomId: b.demoRoom.id, total: 50, count: 5, mode: 1 },
        { token: sender.token },
      )
    ).data;
    await b.app.db
      .update(redPackets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(redPackets.id, packet.id));
    expect(
      await b.post('/api/redPacket/grab', { packetId: packet.id }, { token: (await b.viewer()).token }),
    ).toMatchObject({ status: 400, msg: '红包已过期' });
    expect(await balances(sender.id)).toMatchObject({ balance: 50 });
    expect((await b.get('/api/redPacket/detail', { packetId: packet.id })).data.status).toBe('expired');
  });

  it('sends a paid horn to every live room (type 8) and lists it', async () => {
    const u = await b.viewer({ diamonds: 150 });
    const info = await b.get('/api/horn/info', {}, { token: u.token });
    expect(info.data).toMatchObject({ price: 100, maxLength: 40 });
    expect(await b.post('/api/horn/send', { content: '' }, { token: u.token })).toMatchObject({
      status: 400,
      msg: '喇叭内容为1-40个字',
    });
    const watcher = await hub.connect(null, CHANNEL.room(b.demoRoom.id));
    const sent = await b.post(
      '/api/horn/send',
      { content: '今晚八点阿杰直播间见！', requestId: 'horn-key-001' },
      { token: u.token },
    );
    expect(sent.data).toMatchObject({
      balance: 50,
      horn: { content: '今晚八点阿杰直播间见！', nickName: u.nickName },
    });
    expect(
      (await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'horn'))).data.payload.content,
    ).toBe('今晚八点阿杰直播间见！');
    expect(
      (
        await b.post(
          '/api/horn/send',
          { content: '今晚八点阿杰直播间见！', requestId: 'horn-key-001' },
          { token: u.token },
        )
      ).data.horn.id,
    ).toBe(sent.data.horn.id);
    expect(await b.post('/api/horn/send', { content: '再来一条' }, { token: u.token })).toMatchObject({
      code: 10020,
    });
    expect(await balances(u.id)).toMatchObject({ balance: 50 });
    expect((await b.get('/api/horn/list')).data.list[0]).toMatchObject({ id: sent.data.horn.id });
    watcher.close();
  });

  it('buys nobility from the room (type 15), announces it, and applies its bubble', async () => {
    const u = await b.viewer({ diamonds: 1_000 });
    const knight = (await b.get('/pay/room/nobility/list')).data.tiers.find(
      (t: { level: number }) => t.level === 1,
    );
    expect((await b.get('/api/nobility/bubble', {}, { token: u.token })).data).toMatchObject({
      mine: 0,
      list: expect.arrayContaining([expect.objectContaining({ id: 1 })]),
    });
    const watcher = await hub.connect(null, CHANNEL.room(b.demoRoom.id));
    const bought = await b.get(
      '/api/nobility/active',
      { nobilityId: knight.id, months: 1, roomId: b.demoRoom.id, requestId: 'noble-key-01' },
      { token: u.token },
    );
    expect(bought.data).toMatchObject({ nobility: { name: '骑士' }, cost: 600, balance: 400 });
    expect(
      (await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'nobility'))).data.payload,
    ).toMatchObject({ name: '骑士', user: { id: u.id, nobility: { name: '骑士' } } });
    const bag = await b.get('/api/nobility/bag', {}, { token: u.token });
    expect(bag.data).toMatchObject({ bubble: 1, current: { name: '骑士', expiresAt: expect.any(String) } });
    const msg = await b.post(
      '/api/chat/msg',
      { roomId: b.demoRoom.id, content: '骑士报到', barrage: 4 },
      { token: u.token },
    );
    expect(msg.data).toMatchObject({ barrage: 4, sender: { bubble: 1, nobility: { name: '骑士' } } });
    const welcome = await b.post('/api/chat/welcome', { roomId: b.demoRoom.id }, { token: u.token });
    expect(welcome.data).toMatchObject({ entry: true, me: { nobilityLevel: 1, balance: 400 } });
    expect(
      (await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'entry'))).data.payload.effect,
    ).toBe('银色流光入场');
    watcher.close();
  });

  it('ranks anchors by 球票 earned and givers by 球钻 spent', async () => {
    const anchors = await b.get('/api/rank/anchor', { rankType: 'day' });
    expect(anchors.data.length).toBeGreaterThan(0);
    expect(anchors.data[0].amount).toBeGreaterThanOrEqual(anchors.data.at(-1).amount);
    const givers = await b.get('/api/rank/price', { rankType: 'month' });
    expect(givers.data[0]).toMatchObject({ rank: 1, amount: expect.any(Number) });
    expect(await b.get('/api/rank/price', { rankType: 'year' })).toMatchObject({ status: 400 });
  });
});
