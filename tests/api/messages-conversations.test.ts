import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { follows, opsLog } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createCommunityBench, pngDataUrl, type CommunityBench } from '../support/community.ts';
import { DEMO } from '../support/live.ts';
import { delivery, startHub } from '../support/live-socket.ts';

describe.each(targets())('private messages on $name', (target) => {
  let b: CommunityBench;
  let hub: Awaited<ReturnType<typeof startHub>>;
  beforeAll(async () => {
    b = await createCommunityBench(target);
    hub = await startHub(b.app);
  }, 120_000);
  afterAll(async () => {
    await hub.stop();
    await b.close();
  });

  /** Both users follow each other, so the first-message rule does not apply. */
  const befriend = (a: number, c: number) =>
    b.app.db.insert(follows).values([
      { userId: a, targetType: 'user', targetId: c },
      { userId: c, targetType: 'user', targetId: a },
    ]);
  const open = (token: string, userId: number) => b.post('/message/open', { userId }, { token });
  const send = (token: string, conversationId: number, content: string, kind = 'text') =>
    b.post('/message/send', { conversationId, content, kind }, { token, json: true });

  it('keeps a thread to its two members: a third user can neither read nor write nor mark it', async () => {
    const [alice, bob, eve] = await Promise.all([b.user(), b.user(), b.user()]);
    await befriend(alice.id, bob.id);
    const conv = (await open(alice.token, bob.id)).data;
    expect(conv).toMatchObject({ kind: 'direct', peer: { id: bob.id }, unread: 0, lastMessage: null });
    expect((await send(alice.token, conv.id, '今晚一起看德比？')).code).toBe(200);
    // Bob opening the pair gets the same conversation.
    expect((await open(bob.token, alice.id)).data.id).toBe(conv.id);

    const peek = await b.get('/message/history', { conversationId: conv.id }, { token: eve.token });
    expect(peek).toMatchObject({ status: 403, msg: '你不在该会话中' });
    expect(await send(eve.token, conv.id, '插一句')).toMatchObject({ status: 403 });
    expect(await b.post('/message/read', { conversationId: conv.id }, { token: eve.token })).toMatchObject({
      status: 403,
    });
    expect((await b.get('/message/conversations', {}, { token: eve.token })).data).toEqual([]);
    expect(await b.get('/message/history', { conversationId: 999999 }, { token: eve.token })).toMatchObject({
      status: 404,
    });
    expect(await b.get('/message/history', { conversationId: conv.id })).toMatchObject({ status: 401 });
    expect(await open(alice.token, alice.id)).toMatchObject({ status: 400, msg: '不能给自己发私信' });

    const thread = await b.get('/message/history', { conversationId: conv.id }, { token: bob.token });
    expect(thread.data.list.map((m: { content: string }) => m.content)).toEqual(['今晚一起看德比？']);
  });

  it('allows one message until answered between users who do not follow each other', async () => {
    const [fan, star] = await Promise.all([b.user(), b.user()]);
    const conv = (await open(fan.token, star.id)).data;
    expect((await send(fan.token, conv.id, '你好，想请教一下战术分析')).code).toBe(200);
    expect(await send(fan.token, conv.id, '在吗？')).toMatchObject({
      status: 403,
      msg: '你们尚未互相关注，对方回复前只能发送一条消息',
    });
    // Concurrent attempts cannot sneak a second message past the rule either.
    const burst = await Promise.all([1, 2, 3].map((i) => send(fan.token, conv.id, `第${i}次追问`)));
    expect(burst.every((r) => r.status === 403)).toBe(true);
    expect((await send(star.token, conv.id, '你好，请说')).code).toBe(200);
    expect((await send(fan.token, conv.id, '谢谢回复！')).code).toBe(200);
    expect((await send(fan.token, conv.id, '我想问阵型的问题')).code).toBe(200);
  });

  it('blocks: neither side can write until the block is lifted', async () => {
    const [a, c] = await Promise.all([b.user(), b.user()]);
    await befriend(a.id, c.id);
    const conv = (await open(a.token, c.id)).data;
    expect((await b.post('/message/block', { userId: c.id }, { token: a.token })).data).toEqual({
      blocked: true,
    });
    expect(await send(c.token, conv.id, '为什么拉黑我')).toMatchObject({
      status: 403,
      msg: '对方已拒收你的消息',
    });
    expect(await send(a.token, conv.id, '我先说一句')).toMatchObject({
      status: 403,
      msg: '你已将对方拉黑，解除后才能发送消息',
    });
    expect((await b.get('/message/blocks', {}, { token: a.token })).data).toEqual([
      expect.objectContaining({ id: c.id }),
    ]);
    expect((await open(a.token, c.id)).data.blocked).toBe(true);
    expect(await b.post('/message/block', { userId: a.id }, { token: a.token })).toMatchObject({
      status: 400,
    });
    await b.post('/message/block', { userId: c.id, cancel: 1 }, { token: a.token });
    expect((await send(c.token, conv.id, '好了')).code).toBe(200);
  });

  it('screens text, refuses foreign pictures, bounds length and pace', async () => {
    const [a, c] = await Promise.all([b.user(), b.user()]);
    await befriend(a.id, c.id);
    const conv = (await open(a.token, c.id)).data;
    expect(await send(a.token, conv.id, '   ')).toMatchObject({ status: 400, msg: '请输入消息内容' });
    expect(await send(a.token, conv.id, '字'.repeat(501))).toMatchObject({
      status: 400,
      msg: '消息不能超过 500 个字',
    });
    expect((await send(a.token, conv.id, '这个裁判傻逼')).data.content).toBe('这个裁判＊＊');
    expect(await send(a.token, conv.id, 'javascript:alert(1)', 'image')).toMatchObject({
      status: 400,
      msg: '图片地址无效，请重新上传',
    });
    const [url] = (
      await b.post(
        '/user/common/multiUploadBase64',
        { files: [await pngDataUrl()] },
        { token: a.token, json: true },
      )
    ).data;
    expect((await send(a.token, conv.id, url, 'image')).data).toMatchObject({ kind: 'image', content: url });
    expect(await send(a.token, conv.id, 'x', 'video')).toMatchObject({ status: 400 });
    const results = [];
    for (let i = 0; i < 20; i++) results.push((await send(a.token, conv.id, `刷屏${i}`)).status);
    expect(results).toContain(429);
  });

  it('counts unread under concurrent sends, delivers live, and sends read receipts', async () => {
    const [a, c] = await Promise.all([b.user(), b.user()]);
    await befriend(a.id, c.id);
    const conv = (await open(a.token, c.id)).data;
    const sock = await hub.connect(c, CHANNEL.user(c.id));
    const aSock = await hub.connect(a, CHANNEL.user(a.id));
    const sent = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(a.token, conv.id, `并发消息${i}`)),
    );
    expect(sent.every((r) => r.code === 200)).toBe(true);
    const live = await sock.next(delivery(WS_CODE.privateMessage, (p) => p.type === 'message'));
    expect(live.data.payload).toMatchObject({ conversationId: conv.id, message: { senderId: a.id } });

    expect((await b.get('/message/unread', {}, { token: c.token })).data).toEqual({
      messages: 8,
      notices: 0,
      all: 8,
    });
    const list = (await b.get('/message/conversations', {}, { token: c.token })).data;
    expect(list[0]).toMatchObject({ id: conv.id, unread: 8, peer: { id: a.id } });
    expect(list[0].lastMessage.id).toBe(Math.max(...sent.map((r) => r.data.id)));
    // The sender has nothing unread, and sees nothing read yet.
    expect((await b.get('/message/unread', {}, { token: a.token })).data.messages).toBe(0);

    const read = await b.post('/message/read', { conversationId: conv.id }, { token: c.token });
    expect(read.data.lastReadId).toBe(list[0].lastMessage.id);
    const receipt = await aSock.next(delivery(WS_CODE.privateMessage, (p) => p.type === 'read'));
    expect(receipt.data.payload).toMatchObject({
      conversationId: conv.id,
      readerId: c.id,
      lastReadId: read.data.lastReadId,
    });
    expect((await b.get('/message/unread', {}, { token: c.token })).data.messages).toBe(0);
    expect((await open(a.token, c.id)).data.peerReadId).toBe(read.data.lastReadId);
    sock.close();
    aSock.close();
  });

  it('pages a thread back in time', async () => {
    const [a, c] = await Promise.all([b.user(), b.user()]);
    await befriend(a.id, c.id);
    const conv = (await open(a.token, c.id)).data;
    for (let i = 0; i < 18; i++) await send(i % 2 ? c.token : a.token, conv.id, `第${i}条`);
    for (let i = 18; i < 34; i++) await send(i % 2 ? a.token : c.token, conv.id, `第${i}条`);
    const first = (await b.get('/message/history', { conversationId: conv.id }, { token: a.token })).data;
    expect(first.list).toHaveLength(30);
    expect(first.hasMore).toBe(true);
    expect(first.list.at(-1).content).toBe('第33条');
    const older = (
      await b.get(
        '/message/history',
        { conversationId: conv.id, beforeId: first.list[0].id },
        { token: a.token },
      )
    ).data;
    expect(older.list.map((m: { content: string }) => m.content)).toEqual([
      '第0条',
      '第1条',
      '第2条',
      '第3条',
    ]);
    expect(older.hasMore).toBe(false);
  });

  it('客服: a user opens a service conversation, an operator answers from the desk (logged)', async () => {
    const u = await b.user();
    const operator = await b.tokenOf(DEMO.operator);
    const conv = (await b.post('/message/open', { service: 1 }, { token: u.token })).data;
    expect(conv).toMatchObject({ kind: 'service', peer: { id: 0, nickName: '客服' } });
    await send(u.token, conv.id, '充值没有到账');
    expect(await b.get('/message/service/list', {}, { token: u.token })).toMatchObject({ status: 403 });
    const desk = (await b.get('/message/service/list', {}, { token: operator })).data;
    expect(desk.find((d: { id: number }) => d.id === conv.id)).toMatchObject({
      unread: 1,
      user: { id: u.id },
    });
    const sock = await hub.connect(u, CHANNEL.user(u.id));
    await b.get('/message/service/history', { conversationId: conv.id }, { token: operator });
    const reply = await b.post(
      '/message/service/reply',
      { conversationId: conv.id, content: '您好，请提供订单号' },
      { token: operator },
    );
    expect(reply.data).toMatchObject({ fromService: true, content: '您好，请提供订单号' });
    const live = await sock.next(delivery(WS_CODE.privateMessage, (p) => p.type === 'message'));
    expect(live.data.payload.message.fromService).toBe(true);
    expect((await b.get('/message/unread', {}, { token: u.token })).data.messages).toBe(1);
    expect(
      (await b.get('/message/history', { conversationId: conv.id }, { token: u.token })).data.conversation
        .peerReadId,
    ).toBeGreaterThan(0);
    const logged = await b.app.db.select().from(opsLog).where(eq(opsLog.action, 'message.service.reply'));
    expect(logged.some((l) => l.targetId === String(conv.id))).toBe(true);
    // A direct conversation is not the desk's.
    const other = await b.user();
    const direct = (await open(u.token, other.id)).data;
    expect(
      await b.post(
        '/message/service/reply',
        { conversationId: direct.id, content: '你好' },
        { token: operator },
      ),
    ).toMatchObject({ status: 400, msg: '该会话不是客服会话' });
    sock.close();
  });
});
