import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { createTipsBench } from '../support/tips.ts';
import { randomCardNo } from '../support/wallet.ts';

/**
 * Calls that act on an object refuse another user's: posts, private conversations, recharge orders,
 * bank cards and withdrawals, expert plans, room moderation. Each is tried by a stranger, and the
 * object is checked to be unchanged afterwards.
 */
describe.each(targets())("another user's objects on $name", (target) => {
  let b: Awaited<ReturnType<typeof createTipsBench>>;
  let owner: string;
  let stranger: { token: string; id: number };
  beforeAll(async () => {
    b = await createTipsBench(target);
    owner = await b.tokenOf(DEMO.fan);
    stranger = await b.viewer({ level: 5 });
  }, 120_000);
  afterAll(() => b.close());

  const refused = (r: { code: number; msg: string }, where: string) => {
    expect(r.code, `${where}: ${r.msg}`).not.toBe(200);
    expect([400, 401, 403, 404, 10020], `${where}: ${r.code}`).toContain(r.code);
    expect(r.msg, where).toMatch(/[\u4e00-\u9fff]/);
  };

  it('posts: a stranger can neither edit nor delete them', async () => {
    const circles = (await b.get('/inform/circle/list', {}, { token: owner })).data as { id: number }[];
    const content = `我的帖子 ${Date.now()}：周末的比赛值得一看`;
    const post = await b.post(
      '/inform/post/addSave',
      { circleId: circles[0].id, content, type: 1 },
      { token: owner },
    );
    expect(post.code, post.msg).toBe(200);
    const postId = post.data.id as number;
    refused(
      await b.post('/inform/post/edit', { postId, content: '被改了' }, { token: stranger.token }),
      'edit',
    );
    refused(await b.get('/inform/post/anchor/delete', { postId }, { token: stranger.token }), 'delete');
    const after = await b.get(`/inform/post/detail/${postId}`, {}, { token: owner });
    expect(after.code).toBe(200);
    expect(JSON.stringify(after.data)).toContain(content);
  });

  it('private conversations: a stranger can neither read, write nor mark one', async () => {
    const expertId = await b.idOf(DEMO.expert);
    const conv = await b.post('/message/open', { userId: expertId }, { token: owner });
    expect(conv.code, conv.msg).toBe(200);
    const conversationId = conv.data.id as number;
    expect(
      (await b.post('/message/send', { conversationId, kind: 'text', content: '你好' }, { token: owner }))
        .code,
    ).toBe(200);
    refused(await b.get('/message/history', { conversationId }, { token: stranger.token }), 'history');
    refused(
      await b.post(
        '/message/send',
        { conversationId, kind: 'text', content: '插一句' },
        { token: stranger.token },
      ),
      'send',
    );
    refused(await b.post('/message/read', { conversationId }, { token: stranger.token }), 'read');
    const history = await b.get('/message/history', { conversationId }, { token: owner });
    expect(JSON.stringify(history.data)).not.toContain('插一句');
  });

  it('recharge orders: a stranger can neither see nor pay one', async () => {
    const order = await b.post('/pay/recharge', { packageId: 'p6', method: 'alipay' }, { token: owner });
    expect(order.code, order.msg).toBe(200);
    const orderNo = order.data.orderNo as string;
    refused(await b.get(`/pay/order/${orderNo}`, {}, { token: stranger.token }), 'order');
    refused(await b.post(`/pay/sandbox/${orderNo}/pay`, {}, { token: stranger.token }), 'sandbox pay');
    expect((await b.get(`/pay/order/${orderNo}`, {}, { token: owner })).data.status).toBe(order.data.status);
  });

  it("bank cards: a stranger can neither unbind another's card nor withdraw to it", async () => {
    const a = await b.verifiedUser();
    const card = (
      await b.post('/pay/bind-card', { cardNo: randomCardNo(), bankName: '中国工商银行' }, { token: a.token })
    ).data;
    const s = await b.verifiedUser();
    expect((await b.setPayPassword(s, '258036')).code).toBe(200);
    await b.fund(s.id, 10_000, 'ticket');
    refused(await b.post(`/pay/unbind-card/${card.id}`, {}, { token: s.token }), 'unbind');
    refused(
      await b.post(
        '/pay/withdraw',
        { amount: 2000, cardId: card.id, ...(await b.sealedPay('258036')) },
        { token: s.token },
      ),
      'withdraw',
    );
    expect((await b.get('/pay/balances', undefined, { token: s.token })).data.ticket).toBe(10_000);
    // Still the owner's: the owner can unbind it.
    expect((await b.post(`/pay/unbind-card/${card.id}`, {}, { token: a.token })).code).toBe(200);
  });

  it("expert plans: a stranger cannot withdraw another expert's plan", async () => {
    const e = await b.expert();
    const other = await b.expert();
    const plan = (await b.publish(e.token, { matchId: await b.pricedMatch(), price: 30 })).data;
    refused(
      await b.post('/tj/recommend/withdraw', { planId: plan.id }, { token: other.token }),
      'withdraw plan',
    );
    refused(
      await b.post('/tj/recommend/withdraw', { planId: plan.id }, { token: stranger.token }),
      'withdraw plan',
    );
    expect((await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: e.token })).code).toBe(200);
  });

  it("rooms: a stranger can neither mute people nor name managers in another's room", async () => {
    const roomId = b.demoRoom.id;
    refused(
      await b.get('/api/forbid/add', { roomId, nickName: '球迷小王' }, { token: stranger.token }),
      'forbid',
    );
    refused(
      await b.get('/api/manager/add', { roomId, nickName: '球迷小王' }, { token: stranger.token }),
      'manager',
    );
  });
});
