import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { follows } from '../../src/server/db/schema/index.ts';
import { createCommunityBench, type CommunityBench } from '../support/community.ts';
import { targets } from '../support/context.ts';

/**
 * The header's figures come with the login in one query (sessions.loginByToken, issue #34): they
 * must be the very counts the rest of the site shows (the unread totals of /message/unread, the
 * wallet's balances), whatever mix of read and unread there is.
 */
describe.each(targets())("the header's figures read with the login on $name", (target) => {
  let b: CommunityBench;
  beforeAll(async () => {
    b = await createCommunityBench(target);
  }, 120_000);
  afterAll(async () => {
    await b.close();
  });

  const figuresOf = async (token: string) => (await b.app.services.sessions.loginByToken(token))?.header;
  const expected = async (userId: number) => {
    const { balance, ticket } = await b.app.services.wallet.ledger.balances(userId);
    const { messages, notices } = await b.app.services.messages.reads.totals(userId);
    return { balance, ticket, unreadMessages: messages, unreadNotices: notices };
  };

  it('are the unread totals and the balances, for a fan with none of them and with a mix of each', async () => {
    const [fan, peer, third] = await Promise.all([b.user(), b.user(), b.user()]);
    expect(await figuresOf(fan.token)).toEqual({
      balance: 0,
      ticket: 0,
      unreadMessages: 0,
      unreadNotices: 0,
    });

    const { ledger } = b.app.services.wallet;
    const key = () => `figures:${Math.random()}`;
    await ledger.credit({
      userId: fan.id,
      currency: 'diamond',
      amount: 500,
      type: TRADE_TYPE.recharge,
      key: key(),
    });
    await ledger.credit({
      userId: fan.id,
      currency: 'ticket',
      amount: 7,
      type: TRADE_TYPE.giftIncome,
      key: key(),
    });
    // Two threads: one read halfway, one unread; the fan's own messages never count.
    const { messages, notifications } = b.app.services;
    for (const other of [peer, third]) {
      await b.app.db.insert(follows).values([
        { userId: fan.id, targetType: 'user', targetId: other.id },
        { userId: other.id, targetType: 'user', targetId: fan.id },
      ]);
    }
    const withPeer = await messages.conversations.openDirect(fan.id, peer.id);
    const withThird = await messages.conversations.openDirect(third.id, fan.id);
    const say = (from: number, conversationId: number) =>
      messages.sender.send(from, { conversationId, kind: 'text', content: '比赛开始了' });
    await say(peer.id, withPeer.id);
    await say(fan.id, withPeer.id);
    await messages.reads.markRead(fan.id, withPeer.id);
    await say(peer.id, withPeer.id);
    await say(third.id, withThird.id);
    await say(third.id, withThird.id);
    // Three notices, one of them read; another user's notice is not the fan's.
    const notices = [];
    for (const title of ['一', '二', '三'])
      notices.push(await notifications.notify(b.app.db, { userId: fan.id, kind: 'system', title }));
    await notifications.notify(b.app.db, { userId: peer.id, kind: 'system', title: '别人的' });
    await notifications.markRead(fan.id, { ids: [notices[1].id] });

    const figures = await figuresOf(fan.token);
    expect(figures).toEqual(await expected(fan.id));
    expect(figures).toEqual({ balance: 500, ticket: 7, unreadMessages: 3, unreadNotices: 2 });
    expect(await figuresOf(peer.token)).toEqual(await expected(peer.id));
  });

  it('log nobody in for a bad token, as the plain lookup does', async () => {
    expect(await b.app.services.sessions.loginByToken('x'.repeat(40))).toBeNull();
    expect(await b.app.services.sessions.loginByToken('short')).toBeNull();
  });
});
