import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayOpen } from '../../src/lib/ops/sections.ts';
import {
  adverts,
  gifts,
  nobilityTiers,
  notifications,
  opsLog,
  roomAudits,
  rooms,
  users,
  wallets,
} from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/services/accounts/password.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('staff console: anchors, users, content on $name', (target) => {
  let b: LiveBench;
  let operator: string;
  let editor: string;
  let finance: string;
  let admin: string;
  let fan: string;
  let operatorId: number;

  beforeAll(async () => {
    b = await createLiveBench(target);
    [operator, editor, admin, fan] = await Promise.all(
      [DEMO.operator, DEMO.editor, DEMO.admin, DEMO.fan].map((m) => b.tokenOf(m)),
    );
    // A finance-only colleague: the demo operator holds both roles.
    const f = await b.newUser();
    await b.app.db
      .update(users)
      .set({ roles: ['finance'] })
      .where(eq(users.id, f.id));
    finance = f.token;
    operatorId = await b.idOf(DEMO.operator);
  }, 240_000);
  afterAll(() => b.close());

  const lastLog = async (action: string) =>
    (
      await b.app.db.select().from(opsLog).where(eq(opsLog.action, action)).orderBy(desc(opsLog.id)).limit(1)
    )[0];
  const noticesOf = (userId: number) =>
    b.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id));

  it('opens the pages to operators and admins only (everyone else gets the 404 page)', () => {
    for (const path of ['/ops/anchors', '/ops/users', '/ops/users/5', '/ops/content']) {
      expect(mayOpen(path, ['operator'])).toBe(true);
      expect(mayOpen(path, ['admin'])).toBe(true);
      for (const roles of [['editor'], ['finance'], [], null]) expect(mayOpen(path, roles)).toBe(false);
    }
  });

  it('answers every new call only to operators (admins pass), 401 to visitors', async () => {
    const u = await b.newUser();
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', '/ops/users/search', { word: '主播' }],
      ['GET', `/ops/users/${u.id}`],
      ['POST', `/ops/users/${u.id}/mute`, { minutes: 60, reason: '刷屏' }],
      ['POST', `/ops/users/${u.id}/ban`, { reason: '广告' }],
      ['POST', `/ops/users/${u.id}/reset-avatar`, { reason: '头像违规' }],
      ['GET', '/ops/content/placements'],
      ['POST', '/ops/content/banner', { title: '横幅', image: '/banners/football.svg', link: '/live/all' }],
      ['POST', '/ops/content/advert/remove', { id: 1 }],
      ['GET', '/ops/content/gifts'],
      ['POST', '/ops/content/gift', { id: 1, price: 2, enabled: 1 }],
      ['GET', '/ops/content/nobility'],
      ['POST', '/ops/content/nobility', { id: 1, monthlyPrice: 100, renewDiscount: 90 }],
      ['GET', '/ops/content/circles'],
      ['POST', '/ops/content/circle', { id: 1, intro: '简介' }],
      ['GET', '/api/audit/room/list'],
      ['POST', '/api/audit/room/review', { id: 1, pass: 1 }],
      ['GET', '/api/audit/list'],
      ['POST', '/api/audit/review', { id: 1, pass: 1 }],
      ['POST', '/api/room/audit', { roomId: 1, approved: 1 }],
    ];
    const call = (method: string, path: string, body: Record<string, unknown> | undefined, token?: string) =>
      method === 'GET' ? b.get(path, body, { token }) : b.post(path, body, { token });
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body)).status, `${path} visitor`).toBe(401);
      for (const token of [fan, editor, finance])
        expect((await call(method, path, body, token)).status, `${path} non-operator`).toBe(403);
    }
    for (const token of [operator, admin]) {
      for (const path of ['/ops/users/search?word=1', '/ops/content/gifts', '/api/audit/room/list'])
        expect((await b.get(path, undefined, { token })).code, path).toBe(200);
    }
  });

  it('approving an application makes the user an anchor, logged and told', async () => {
    const u = await b.verifiedUser();
    const sub = await b.post(
      '/api/audit/submit',
      { navId: 1, intro: '十年球迷，想直播英超和中超的比赛解说。', contact: 'qq 123456' },
      { token: u.token },
    );
    const id = sub.data.application.id;
    expect((await b.post('/api/audit/review', { id, pass: 1 }, { token: operator })).data.status).toBe(
      'success',
    );
    const [me] = await b.app.db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, u.id));
    expect(me.isAnchor).toBe(1);
    expect(await b.roomOf(u.id)).toBeTruthy();
    expect(await lastLog('anchor.approve')).toMatchObject({
      actorId: operatorId,
      targetType: 'anchor_application',
      targetId: String(id),
      before: { status: 'auditing' },
      after: { status: 'success', userId: u.id },
    });
    expect((await noticesOf(u.id))[0]).toMatchObject({ kind: 'audit', title: '主播申请已通过' });
  });

  it('rejecting an application sends the reason to the user', async () => {
    const u = await b.verifiedUser();
    const sub = await b.post(
      '/api/audit/submit',
      { navId: 2, intro: '篮球爱好者，想试试直播 CBA 的比赛。', contact: '' },
      { token: u.token },
    );
    const id = sub.data.application.id;
    await b.post('/api/audit/review', { id, pass: 0, note: '请补充直播经历' }, { token: operator });
    expect((await noticesOf(u.id))[0]).toMatchObject({
      kind: 'audit',
      title: '主播申请未通过',
      body: expect.stringContaining('请补充直播经历'),
    });
    expect(await lastLog('anchor.reject')).toMatchObject({ reason: '请补充直播经历' });
  });

  it('queues room changes for review; a refusal puts the old value back and tells the anchor', async () => {
    const a = await b.anchor();
    const oldTitle = a.room.title;
    await b.post(
      '/api/room/update',
      { title: '今晚英超焦点战解说', notice: '欢迎来到直播间' },
      { token: a.token },
    );
    const list = (await b.get('/api/audit/room/list', { status: 'pending' }, { token: operator })).data.list;
    const mine = list.filter((r: { roomId: number }) => r.roomId === a.room.id);
    expect(mine.map((r: { field: string }) => r.field).sort()).toEqual(['notice', 'title']);
    const title = mine.find((r: { field: string }) => r.field === 'title');
    const notice = mine.find((r: { field: string }) => r.field === 'notice');
    expect(
      await b.post('/api/audit/room/review', { id: title.id, pass: 0 }, { token: operator }),
    ).toMatchObject({
      status: 400,
      msg: '驳回时请填写原因（1-100字）',
    });
    // The anchor cannot review the audit of their own room even with the role.
    await b.app.db
      .update(users)
      .set({ roles: ['operator'] })
      .where(eq(users.id, a.id));
    expect(
      await b.post('/api/audit/room/review', { id: title.id, pass: 1 }, { token: a.token }),
    ).toMatchObject({ status: 403 });
    await b.app.db.update(users).set({ roles: [] }).where(eq(users.id, a.id));

    expect(
      (
        await b.post(
          '/api/audit/room/review',
          { id: title.id, pass: 0, reason: '标题含引流信息' },
          { token: operator },
        )
      ).data,
    ).toMatchObject({ status: 'rejected', reverted: true });
    expect((await b.roomOf(a.id)).title).toBe(oldTitle);
    expect((await noticesOf(a.id))[0]).toMatchObject({
      title: '直播间标题未通过审核',
      body: expect.stringContaining('标题含引流信息'),
    });
    expect(await lastLog('room.audit.reject')).toMatchObject({
      before: { title: '今晚英超焦点战解说' },
      after: { title: oldTitle, audit: 'rejected' },
    });
    expect(
      (await b.post('/api/audit/room/review', { id: notice.id, pass: 1 }, { token: operator })).data.status,
    ).toBe('approved');
    expect((await b.roomOf(a.id)).notice).toBe('欢迎来到直播间');
    expect(
      await b.post('/api/audit/room/review', { id: notice.id, pass: 1 }, { token: operator }),
    ).toMatchObject({
      status: 400,
      msg: '该申请已审核',
    });
    const [row] = await b.app.db.select().from(roomAudits).where(eq(roomAudits.id, notice.id));
    expect(row.reviewerId).toBe(operatorId);
  });

  it('suspends a live room with a reason (offline at once, logged, anchor told) and lifts it', async () => {
    const a = await b.anchor();
    await b.post('/api/room/up', {}, { token: a.token });
    await b.post(
      '/api/room/audit',
      { roomId: a.room.id, approved: 0, reason: '直播内容违规' },
      { token: operator },
    );
    expect(await b.roomOf(a.id)).toMatchObject({ auditState: 0, liveState: 0 });
    expect(await lastLog('room.suspend')).toMatchObject({
      targetId: String(a.room.id),
      before: { auditState: 1, liveState: 1 },
      after: { auditState: 0, liveState: 0 },
      reason: '直播内容违规',
    });
    expect((await noticesOf(a.id))[0]).toMatchObject({ title: '你的直播间已被封禁' });
    await b.post('/api/room/audit', { roomId: a.room.id, approved: 1 }, { token: operator });
    expect((await b.roomOf(a.id)).auditState).toBe(1);
    expect(await lastLog('room.restore')).toMatchObject({ targetId: String(a.room.id) });
  });

  it('finds users by phone, id and nickname with phone and id-card numbers masked', async () => {
    const u = await b.verifiedUser();
    await b.fund(u.id, 321);
    const [me] = await b.app.db.select().from(users).where(eq(users.id, u.id));
    for (const word of [u.mobile, String(u.id), me.nickName.slice(2)]) {
      const found = (await b.get('/ops/users/search', { word }, { token: operator })).data;
      const hit = found.find((r: { id: number }) => r.id === u.id);
      expect(hit, word).toBeTruthy();
      expect(hit.mobile).toBe(`${u.mobile.slice(0, 3)}****${u.mobile.slice(7)}`);
    }
    const detail = await b.get(`/ops/users/${u.id}`, undefined, { token: operator });
    expect(JSON.stringify(detail)).not.toContain(u.mobile);
    expect(detail.data.realName).toMatchObject({
      name: '张**',
      idCard: expect.stringMatching(/^\d{4}\*{10}[\dX]{4}$/),
    });
    expect(detail.data.wallet.diamond).toBe(321);
    expect(detail.data.logins.length).toBeGreaterThan(0);
    expect(detail.data.logins[0]).toMatchObject({ active: true });
    expect(JSON.stringify(detail)).not.toMatch(/tokenHash|token_hash|passwordHash/);
  });

  it('mutes for a time: chat refused until unmuted, logged with before/after and reason', async () => {
    const u = await b.viewer({ level: 3 });
    expect(await b.post(`/ops/users/${u.id}/mute`, { minutes: 60 }, { token: operator })).toMatchObject({
      status: 400,
      msg: '请填写原因（1-100字），将记入操作日志',
    });
    expect(
      await b.post(`/ops/users/${u.id}/mute`, { minutes: 7, reason: '刷屏' }, { token: operator }),
    ).toMatchObject({
      status: 400,
      msg: '禁言时长无效',
    });
    expect(
      (await b.post(`/ops/users/${u.id}/mute`, { minutes: 60, reason: '刷屏' }, { token: operator })).code,
    ).toBe(200);
    const said = await b.post(
      '/api/chat/msg',
      { roomId: b.demoRoom.id, content: '大家好' },
      { token: u.token },
    );
    expect(said).toMatchObject({ status: 403, msg: expect.stringContaining('您已被禁言至') });
    const log = await lastLog('user.mute');
    expect(log).toMatchObject({ targetId: String(u.id), reason: '刷屏', before: { mutedUntil: null } });
    expect((log.after as { mutedUntil: string }).mutedUntil).toBeTruthy();
    await b.post(`/ops/users/${u.id}/unmute`, { reason: '误判' }, { token: operator });
    expect(
      (await b.post('/api/chat/msg', { roomId: b.demoRoom.id, content: '大家好' }, { token: u.token })).code,
    ).toBe(200);
  });

  it('bans: sessions end, login and acting refused; unban lets them back; staff are protected', async () => {
    const u = await b.newUser();
    await b.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('demo123456') })
      .where(eq(users.id, u.id));
    // A ban needs the second factor: a code sent to the operator's own phone.
    expect(await b.post(`/ops/users/${u.id}/ban`, { reason: '发布广告' }, { token: operator })).toMatchObject(
      {
        status: 400,
        msg: '请填写发送到您手机的6位验证码（二次验证）',
      },
    );
    expect((await b.post('/user/staff/second-factor', {}, { token: operator })).code).toBe(200);
    const secondFactorCode = await b.outboxCode(DEMO.operator);
    const ban = { reason: '发布广告', secondFactorCode };
    expect((await b.post(`/ops/users/${u.id}/ban`, ban, { token: operator })).code).toBe(200);
    expect(await b.get('/message/unread', undefined, { token: u.token })).toMatchObject({ status: 401 });
    expect(await b.loginByPassword(u.mobile, 'demo123456')).toMatchObject({
      status: 403,
      msg: '账号已被停用，请联系客服',
    });
    expect(await lastLog('user.ban')).toMatchObject({
      actorId: operatorId,
      before: { status: 1 },
      after: { status: 0 },
      reason: '发布广告',
    });
    expect(await b.post(`/ops/users/${u.id}/ban`, { reason: '再次' }, { token: operator })).toMatchObject({
      status: 400,
      msg: '该账号已被封禁',
    });
    await b.post(`/ops/users/${u.id}/unban`, { reason: '申诉通过' }, { token: operator });
    expect((await b.loginByPassword(u.mobile, 'demo123456')).code).toBe(200);

    const editorId = await b.idOf(DEMO.editor);
    expect(await b.post(`/ops/users/${editorId}/ban`, { reason: '测试' }, { token: operator })).toMatchObject(
      {
        status: 403,
        msg: '只有管理员可以处理工作人员的账号',
      },
    );
    expect(
      await b.post(`/ops/users/${operatorId}/mute`, { minutes: 60, reason: '测试' }, { token: operator }),
    ).toMatchObject({
      status: 403,
      msg: '不能处理自己的账号',
    });
  });

  it('resets a nickname and an avatar, logging both values and telling the user', async () => {
    const u = await b.newUser();
    await b.app.db.update(users).set({ portrait: '/uploads/x.webp' }).where(eq(users.id, u.id));
    const [before] = await b.app.db.select().from(users).where(eq(users.id, u.id));
    expect(
      (await b.post(`/ops/users/${u.id}/reset-nickname`, { reason: '昵称不雅' }, { token: operator })).data
        .nickName,
    ).toBe(`球友${u.id}`);
    expect(await lastLog('user.reset_nickname')).toMatchObject({
      before: { nickName: before.nickName },
      after: { nickName: `球友${u.id}` },
    });
    await b.post(`/ops/users/${u.id}/reset-avatar`, { reason: '头像违规' }, { token: operator });
    const [after] = await b.app.db.select().from(users).where(eq(users.id, u.id));
    expect(after.portrait).toBeNull();
    expect((await noticesOf(u.id)).map((n) => n.title)).toEqual(['你的头像已被重置', '你的昵称已被重置']);
  });

  it('schedules adverts by placeCode: shown only inside the window', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const save = (body: Record<string, unknown>) => b.post('/ops/content/advert', body, { token: operator });
    expect(
      await save({ placeCode: 'ops_test', title: '坏链接', image: '/a.png', link: 'javascript:alert(1)' }),
    ).toMatchObject({ status: 400, msg: '链接必须是本站路径（以 / 开头）或 https:// 地址' });
    const live = await save({
      placeCode: 'ops_test',
      title: '进行中',
      image: '/a.png',
      link: '/live/all',
      startsAt: iso(now - 60_000),
      endsAt: iso(now + 3600_000),
    });
    await save({
      placeCode: 'ops_test',
      title: '未开始',
      image: '/a.png',
      link: '/live/all',
      startsAt: iso(now + 3600_000),
    });
    await save({
      placeCode: 'ops_test',
      title: '已结束',
      image: '/a.png',
      link: '/live/all',
      endsAt: iso(now - 60_000),
    });
    const shown = (await b.app.services.site.adverts('ops_test')).map((a) => a.title);
    expect(shown).toEqual(['进行中']);
    expect(await lastLog('content.advert.create')).toMatchObject({ targetType: 'advert' });
    await b.post('/ops/content/advert/remove', { id: live.data.id }, { token: operator });
    expect(await b.app.db.select().from(adverts).where(eq(adverts.id, live.data.id))).toEqual([]);
    expect(await b.app.services.site.adverts('ops_test')).toEqual([]);
  });

  it('a gift or nobility price change holds for the next purchase at once', async () => {
    const [gift] = await b.app.db.select().from(gifts).where(eq(gifts.enabled, true)).limit(1);
    const [tier] = await b.app.db.select().from(nobilityTiers).orderBy(nobilityTiers.level).limit(1);
    // Warm the caches with the old prices.
    await b.app.services.wallet.gifts.catalogue();
    await b.app.services.wallet.nobility.list();
    await b.post(
      '/ops/content/gift',
      { id: gift.id, price: gift.price + 7, enabled: 1, sort: gift.sort },
      { token: operator },
    );
    await b.post(
      '/ops/content/nobility',
      { id: tier.id, monthlyPrice: tier.monthlyPrice + 11, renewDiscount: tier.renewDiscount },
      { token: operator },
    );
    expect(await lastLog('content.gift.update')).toMatchObject({
      before: { price: gift.price },
      after: { price: gift.price + 7 },
    });
    const v = await b.viewer({ diamonds: 100_000 });
    const sent = await b.app.services.wallet.gifts.send(v.id, {
      giftId: gift.id,
      anchorId: b.demoAnchorId,
      count: 1,
      key: `ops-${v.id}`,
    });
    expect(sent.cost).toBe(gift.price + 7);
    const bought = await b.app.services.wallet.nobility.purchase(v.id, {
      tierId: tier.id,
      months: 1,
      key: `ops-n-${v.id}`,
    });
    expect(bought.cost).toBe(tier.monthlyPrice + 11);
    const [w] = await b.app.db.select().from(wallets).where(eq(wallets.userId, v.id));
    expect(w.balance).toBe(100_000 - (gift.price + 7) - (tier.monthlyPrice + 11));
    await b.post(
      '/ops/content/gift',
      { id: gift.id, price: gift.price, enabled: 1, sort: gift.sort },
      { token: operator },
    );
    await b.post(
      '/ops/content/nobility',
      { id: tier.id, monthlyPrice: tier.monthlyPrice, renewDiscount: tier.renewDiscount },
      { token: operator },
    );
  });

  it('edits a circle and logs it', async () => {
    const circles = (await b.get('/ops/content/circles', undefined, { token: operator })).data;
    if (circles.length === 0) return;
    const c = circles[0];
    const res = await b.post(
      '/ops/content/circle',
      { id: c.id, intro: '新的圈子简介', rules: c.rules, sort: c.sort },
      { token: operator },
    );
    expect(res.data).toMatchObject({ intro: '新的圈子简介' });
    expect(await lastLog('content.circle.update')).toMatchObject({
      targetId: String(c.id),
      before: { intro: c.intro },
      after: { intro: '新的圈子简介' },
    });
    expect(await b.post('/ops/content/circle', { id: c.id, intro: '' }, { token: operator })).toMatchObject({
      status: 400,
      msg: '圈子简介为 1-200 字，规则不超过 1000 字',
    });
  });

  it('seeds anchor applications and room audits waiting', async () => {
    const apps = (await b.get('/api/audit/list', { status: 'auditing' }, { token: operator })).data;
    expect(apps.total).toBeGreaterThan(0);
    const [pending] = await b.app.db
      .select()
      .from(roomAudits)
      .innerJoin(rooms, eq(rooms.id, roomAudits.roomId))
      .where(and(eq(roomAudits.status, 'pending')));
    expect(pending).toBeTruthy();
  });
});
