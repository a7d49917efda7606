import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';
import { delivery, startHub } from '../support/live-socket.ts';
import { randomIdCard } from '../support/wallet.ts';

describe.each(targets())('room moderation and anchor applications on $name', (target) => {
  let b: LiveBench;
  let hub: Awaited<ReturnType<typeof startHub>>;
  let operator: string;
  beforeAll(async () => {
    b = await createLiveBench(target);
    hub = await startHub(b.app);
    operator = await b.tokenOf(DEMO.operator);
  }, 60_000);
  afterAll(async () => {
    await hub.stop();
    await b.close();
  });

  /** A room with its anchor, a manager and two viewers. */
  async function cast() {
    const a = await b.anchor();
    const [manager, viewer, other] = await Promise.all([b.viewer(), b.viewer(), b.viewer()]);
    const added = await b.get(
      '/api/manager/add',
      { nickName: manager.nickName, roomId: a.room.id },
      { token: a.token },
    );
    expect(added.data).toMatchObject({ roomId: a.room.id, userId: manager.id, nickName: manager.nickName });
    return { a, manager, viewer, other, roomId: a.room.id, managerRow: added.data.id as number };
  }

  it('lets only the anchor appoint and remove managers', async () => {
    const { a, manager, viewer, roomId, managerRow } = await cast();
    expect(
      await b.get('/api/manager/add', { nickName: viewer.nickName, roomId }, { token: manager.token }),
    ).toMatchObject({ status: 403, msg: '只有主播本人可以管理房管' });
    expect(
      await b.get('/api/manager/add', { nickName: viewer.nickName, roomId }, { token: viewer.token }),
    ).toMatchObject({ status: 403 });
    expect(await b.get('/api/manager/add', { nickName: viewer.nickName, roomId })).toMatchObject({
      status: 401,
    });
    expect(
      await b.get('/api/manager/add', { nickName: manager.nickName, roomId }, { token: a.token }),
    ).toMatchObject({ status: 400, msg: '该用户已经是房管' });
    expect(
      await b.get('/api/manager/add', { nickName: a.nickName, roomId }, { token: a.token }),
    ).toMatchObject({ status: 400, msg: '主播本人无需设为房管' });
    expect(
      await b.get('/api/manager/add', { nickName: '查无此人', roomId }, { token: a.token }),
    ).toMatchObject({ status: 404, msg: '找不到昵称为“查无此人”的用户' });
    expect(await b.get('/api/manager/remove', { id: managerRow }, { token: manager.token })).toMatchObject({
      status: 403,
    });
    const list = await b.get('/api/manager/list', {}, { token: a.token });
    expect(list.data).toMatchObject({ roomId, max: 20, list: [{ userId: manager.id }] });
    expect((await b.get('/api/manager/list', { roomId }, { token: manager.token })).data.list).toHaveLength(
      1,
    );
    expect(await b.get('/api/manager/list', { roomId }, { token: viewer.token })).toMatchObject({
      status: 403,
      msg: '只有主播或房管可以执行此操作',
    });
    expect((await b.get('/api/manager/remove', { id: managerRow }, { token: a.token })).code).toBe(200);
    expect((await b.get('/api/manager/list', {}, { token: a.token })).data.list).toEqual([]);
  });

  it('lets the anchor and managers ban; a viewer cannot; the banned user cannot send until unbanned', async () => {
    const { a, manager, viewer, other, roomId } = await cast();
    expect(
      await b.get('/api/forbid/add', { nickName: other.nickName, roomId }, { token: viewer.token }),
    ).toMatchObject({ status: 403, msg: '只有主播或房管可以执行此操作' });
    const watcher = await hub.connect(viewer, CHANNEL.room(roomId));
    const ban = await b.get(
      '/api/forbid/add',
      { nickName: viewer.nickName, roomId },
      { token: manager.token },
    );
    expect(ban.data).toMatchObject({ userId: viewer.id, nickName: viewer.nickName, until: null });
    expect(
      (await watcher.next(delivery(WS_CODE.roomEvent, (p) => p.type === 'forbid'))).data.payload,
    ).toMatchObject({ userId: viewer.id });
    expect(
      await b.post('/api/chat/msg', { roomId, content: '还能说话吗' }, { token: viewer.token }),
    ).toMatchObject({ status: 403, msg: '您已被禁言，暂时无法发言' });
    watcher.send({ code: WS_CODE.chatSend, data: { roomId, content: '换个通道' } });
    expect((await watcher.next((f) => f.code === WS_CODE.error)).data).toMatchObject({
      reason: 'refused',
      code: 403,
      msg: '您已被禁言，暂时无法发言',
    });
    expect((await b.get('/api/chat/info', { roomId }, { token: viewer.token })).data).toMatchObject({
      forbidden: true,
      canSend: false,
    });
    expect((await b.get('/api/room/detail', { roomId }, { token: viewer.token })).data.forbidden).toBe(true);
    expect(
      await b.get('/api/forbid/add', { nickName: viewer.nickName, roomId }, { token: a.token }),
    ).toMatchObject({ status: 400, msg: '该用户已被禁言' });

    const list = await b.get(
      '/api/forbid/list',
      { roomId, nickName: viewer.nickName.slice(0, 4) },
      { token: a.token },
    );
    expect(list.data).toMatchObject({
      total: 1,
      list: [{ id: ban.data.id, userId: viewer.id, active: true, expiresAt: null }],
    });
    expect(await b.get('/api/forbid/list', { roomId }, { token: viewer.token })).toMatchObject({
      status: 403,
    });
    expect(await b.get('/api/forbid/remove', { id: ban.data.id }, { token: other.token })).toMatchObject({
      status: 403,
    });
    expect((await b.get('/api/forbid/remove', { id: ban.data.id }, { token: a.token })).code).toBe(200);
    expect(
      (await b.post('/api/chat/msg', { roomId, content: '我回来了' }, { token: viewer.token })).code,
    ).toBe(200);
    watcher.close();
  });

  it('keeps managers from banning the anchor, other managers or themselves; the anchor may ban a manager', async () => {
    const { a, manager, roomId } = await cast();
    const second = await b.viewer();
    await b.get('/api/manager/add', { nickName: second.nickName, roomId }, { token: a.token });
    expect(
      await b.get('/api/forbid/add', { nickName: a.nickName, roomId }, { token: manager.token }),
    ).toMatchObject({ status: 403, msg: '不能禁言主播' });
    expect(
      await b.get('/api/forbid/add', { nickName: second.nickName, roomId }, { token: manager.token }),
    ).toMatchObject({ status: 403, msg: '只有主播可以禁言房管' });
    expect(
      await b.get('/api/forbid/add', { nickName: manager.nickName, roomId }, { token: manager.token }),
    ).toMatchObject({ status: 400, msg: '不能禁言自己' });
    expect(
      (await b.get('/api/forbid/add', { nickName: second.nickName, roomId }, { token: a.token })).code,
    ).toBe(200);
  });

  it('times a ban out after its minutes, and operators may moderate any room', async () => {
    const { roomId, viewer } = await cast();
    expect(
      await b.get('/api/forbid/add', { nickName: viewer.nickName, roomId, minutes: 0 }, { token: operator }),
    ).toMatchObject({ status: 400 });
    expect(
      await b.get(
        '/api/forbid/add',
        { nickName: viewer.nickName, roomId, minutes: 50_000 },
        { token: operator },
      ),
    ).toMatchObject({ status: 400, msg: '禁言时长为1-43200分钟，不填为永久' });
    const ban = await b.get(
      '/api/forbid/add',
      { nickName: viewer.nickName, roomId, minutes: 10 },
      { token: operator },
    );
    expect(Date.parse(ban.data.until) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await b.post('/api/chat/msg', { roomId, content: 'x' }, { token: viewer.token })).toMatchObject({
      status: 403,
    });
  });

  it('takes an anchor application only with real name, and an operator turns it into a room', async () => {
    const u = await b.viewer();
    expect((await b.get('/api/audit/info', {}, { token: u.token })).data).toMatchObject({
      status: 'none',
      isAnchor: 0,
      realNameVerified: false,
      application: null,
    });
    const form = { navId: 2, intro: '十年篮球爱好者，擅长NBA战术解读', contact: 'QQ 123456' };
    expect(await b.post('/api/audit/submit', form, { token: u.token })).toMatchObject({
      status: 403,
      msg: '请先完成实名认证',
    });
    await b.post('/user/center/real-name', { realName: '李四', idCard: randomIdCard() }, { token: u.token });
    expect(await b.post('/api/audit/submit', { ...form, intro: '太短' }, { token: u.token })).toMatchObject({
      status: 400,
      msg: '请填写10-200字的个人介绍',
    });
    expect(await b.post('/api/audit/submit', { ...form, navId: 7 }, { token: u.token })).toMatchObject({
      status: 400,
      msg: '请选择直播分类',
    });
    const submitted = await b.post('/api/audit/submit', form, { token: u.token });
    expect(submitted.data).toMatchObject({
      status: 'auditing',
      application: { navId: 2, intro: form.intro },
    });
    expect(await b.post('/api/audit/submit', form, { token: u.token })).toMatchObject({
      status: 400,
      msg: '您的主播申请正在审核中，请耐心等待',
    });

    const id = submitted.data.application.id;
    expect(await b.get('/api/audit/list', {}, { token: u.token })).toMatchObject({
      status: 403,
      msg: '仅运营人员可以执行此操作',
    });
    expect(await b.post('/api/audit/review', { id, pass: 1 }, { token: u.token })).toMatchObject({
      status: 403,
    });
    expect(
      (await b.get('/api/audit/list', { status: 'auditing' }, { token: operator })).data.list.some(
        (r: { id: number }) => r.id === id,
      ),
    ).toBe(true);
    expect(await b.post('/api/audit/review', { id, pass: 0 }, { token: operator })).toMatchObject({
      status: 400,
      msg: '驳回时请填写原因（1-100字）',
    });
    expect(
      (await b.post('/api/audit/review', { id, pass: 0, note: '介绍过于简单' }, { token: operator })).data
        .status,
    ).toBe('error');
    expect((await b.get('/api/audit/info', {}, { token: u.token })).data).toMatchObject({
      status: 'error',
      application: { reviewNote: '介绍过于简单' },
    });
    expect(await b.post('/api/audit/review', { id, pass: 1 }, { token: operator })).toMatchObject({
      status: 400,
      msg: '该申请已审核',
    });

    expect((await b.post('/api/audit/submit', form, { token: u.token })).data.status).toBe('auditing');
    expect((await b.post('/api/audit/review', { id, pass: 1 }, { token: operator })).data.status).toBe(
      'success',
    );
    const [me] = await b.app.db.select({ isAnchor: users.isAnchor }).from(users).where(eq(users.id, u.id));
    expect(me.isAnchor).toBe(1);
    const room = await b.roomOf(u.id);
    expect(room).toMatchObject({ title: `${u.nickName}的直播间`, navId: 2, liveState: 0 });
    expect((await b.get('/api/audit/info', {}, { token: u.token })).data.status).toBe('success');
    expect(await b.post('/api/audit/submit', form, { token: u.token })).toMatchObject({
      status: 400,
      msg: '您已经是主播了',
    });
    expect((await b.post('/api/room/up', {}, { token: u.token })).data.liveState).toBe(1);
  });

  it('follows and unfollows anchors and pages the followed ones, live first', async () => {
    const u = await b.viewer();
    const zhang = await b.idOf('13800000101');
    const wei = await b.idOf('13800000105');
    expect(
      await b.get('/api/attention/operAttention', { targetId: zhang, operateType: 1, type: 1 }),
    ).toMatchObject({ status: 401 });
    expect(
      (
        await b.get(
          '/api/attention/operAttention',
          { targetId: wei, operateType: 1, type: 1 },
          { token: u.token },
        )
      ).data,
    ).toMatchObject({ anchorId: wei, isFollowed: true, followers: 1 });
    expect(
      (
        await b.get(
          '/api/attention/operAttention',
          { targetId: zhang, operateType: 1, type: 1 },
          { token: u.token },
        )
      ).data.isFollowed,
    ).toBe(true);
    const page = await b.get('/api/attention/pageAttention', { attentionType: 1 }, { token: u.token });
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((r: { id: number }) => r.id)).toEqual([zhang, wei]);
    expect(
      await b.get(
        '/api/attention/operAttention',
        { targetId: u.id, operateType: 1, type: 1 },
        { token: u.token },
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await b.get(
        '/api/attention/operAttention',
        { targetId: await b.idOf(DEMO.fan), operateType: 1, type: 1 },
        { token: u.token },
      ),
    ).toMatchObject({ status: 404, msg: '主播不存在' });
    expect(
      (
        await b.get(
          '/api/attention/operAttention',
          { targetId: wei, operateType: 0, type: 1 },
          { token: u.token },
        )
      ).data.isFollowed,
    ).toBe(false);
    expect((await b.get('/user/info/attention', { type: 1 }, { token: u.token })).data.total).toBe(1);
  });

  it('serves anchor lists, a user card and the caller balances', async () => {
    const rec = await b.get('/api/user/recommend');
    expect(rec.data[0]).toMatchObject({ liveState: 1 });
    const hot = await b.get('/api/user/hot', { size: 20, type: 2 });
    expect(hot.data.every((r: { navId: number }) => r.navId === 2)).toBe(true);
    const dir = await b.get('/api/user/pageList', { word: '老' });
    expect(dir.data.list.map((r: { nickName: string }) => r.nickName).sort()).toEqual([
      '中超老周',
      '篮球老张',
    ]);
    const fan = await b.tokenOf(DEMO.fan);
    const card = await b.get('/api/user/info', { userId: b.demoAnchorId }, { token: fan });
    expect(card.data).toMatchObject({
      nickName: '主播阿杰',
      isAnchor: 1,
      isFollowed: true,
      roomId: b.demoRoom.id,
    });
    expect((await b.get('/api/user/info', {}, { token: fan })).data.nickName).toBe('球迷小王');
    expect(await b.get('/api/user/info')).toMatchObject({ status: 401 });
    const coin = await b.get('/api/user/coin', {}, { token: fan });
    expect(coin.data).toEqual({ balance: expect.any(Number), ticket: expect.any(Number) });
  });

  it('takes a report with a listed reason, from a logged-in user', async () => {
    const u = await b.viewer();
    const roomId = b.demoRoom.id;
    expect(await b.post('/api/report/add', { roomId, reason: '色情低俗' })).toMatchObject({ status: 401 });
    expect(await b.post('/api/report/add', { roomId, reason: '不喜欢' }, { token: u.token })).toMatchObject({
      status: 400,
      msg: '请选择举报原因',
    });
    expect(
      await b.post(
        '/api/report/add',
        { roomId, reason: '其他', detail: '长'.repeat(201) },
        { token: u.token },
      ),
    ).toMatchObject({ status: 400, msg: '补充说明不能超过200字' });
    expect(
      await b.post('/api/report/add', { roomId, reason: '其他', images: '/etc/passwd' }, { token: u.token }),
    ).toMatchObject({ status: 400 });
    expect(
      (
        await b.post(
          '/api/report/add',
          { roomId, reason: '辱骂引战', detail: '弹幕有人骂人' },
          { token: u.token },
        )
      ).data.id,
    ).toEqual(expect.any(Number));
  });

  it('refuses an anchor reporting their own room', async () => {
    const a = await b.anchor();
    expect(
      await b.post('/api/report/add', { roomId: a.room.id, reason: '其他' }, { token: a.token }),
    ).toMatchObject({ status: 400, msg: '不能举报自己的直播间' });
  });
});
