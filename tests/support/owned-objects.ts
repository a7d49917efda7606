import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  anchorSchedules,
  bankCards,
  conversationMembers,
  directMessages,
  experts,
  liveSessions,
  posts,
  rechargeOrders,
  roomForbids,
  roomManagers,
  rooms,
  tipPlans,
  users,
  withdrawals,
  youliaoClips,
} from '../../src/server/db/schema/index.ts';
import type { createTipsBench } from './tips.ts';
import { randomCardNo, randomIdCard } from './wallet.ts';

/* The objects users own, for tests/api/security-ownership.test.ts: a person who owns them, and how each is made. */

/** What a route acts on. `account` is the user themself (/pay/card-list/{id} takes the user's id). */
export type Kind =
  | 'post'
  | 'conversation'
  | 'order'
  | 'card'
  | 'account'
  | 'plan'
  | 'room'
  | 'mute'
  | 'manager'
  | 'schedule'
  | 'broadcast';

/** The object made for one check: its id and the owner's rows of it, to compare before and after. */
export interface Made {
  id: number | string;
  rows: () => Promise<unknown>;
}

export const PAY_PASSWORD = '258036';

export function ownedObjects(b: Awaited<ReturnType<typeof createTipsBench>>) {
  const { db } = b.app;

  /** An anchor (with a room), expert, real-name verified, with a pay password and money. */
  async function person() {
    const u = await b.anchor();
    await db.update(users).set({ isExpert: 1, level: 5 }).where(eq(users.id, u.id));
    await db.insert(experts).values({ userId: u.id, title: '测试专家', intro: '专注欧洲联赛' });
    const realName = { realName: '张三丰', idCard: randomIdCard() };
    expect((await b.post('/user/center/real-name', realName, { token: u.token })).code).toBe(200);
    expect((await b.setPayPassword(u, PAY_PASSWORD)).code).toBe(200);
    await b.fund(u.id, 10_000);
    await b.fund(u.id, 10_000, 'ticket');
    return u;
  }

  const made = async (reply: { code: number; msg: string; data: any }) => {
    expect(reply.code, reply.msg).toBe(200);
    return reply.data;
  };

  /** Makes an object of `kind` as `owner`. */
  const make: Record<Kind, (owner: Awaited<ReturnType<typeof person>>) => Promise<Made>> = {
    post: async (owner) => {
      const circles = (await b.get('/inform/circle/list', {}, { token: owner.token })).data;
      const post = {
        circleId: circles[0].id,
        content: `我的帖子 ${Date.now()}：周末的比赛值得一看`,
        type: 1,
      };
      const { id } = await made(await b.post('/inform/post/addSave', post, { token: owner.token }));
      return { id, rows: () => db.select().from(posts).where(eq(posts.id, id)) };
    },
    conversation: async (owner) => {
      const peer = await b.viewer();
      const { id } = await made(await b.post('/message/open', { userId: peer.id }, { token: owner.token }));
      const hello = { conversationId: id, kind: 'text', content: '你好' };
      await made(await b.post('/message/send', hello, { token: owner.token }));
      // A reply opens the thread both ways: only a check of who asks can stop a stranger then.
      await made(await b.post('/message/send', { ...hello, content: '你好呀' }, { token: peer.token }));
      const rows = async () => [
        await db.select().from(directMessages).where(eq(directMessages.conversationId, id)),
        await db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, id)),
      ];
      return { id, rows };
    },
    order: async (owner) => {
      const order = { packageId: 'p6', method: 'alipay' };
      const { orderNo } = await made(await b.post('/pay/recharge', order, { token: owner.token }));
      return {
        id: orderNo,
        rows: () => db.select().from(rechargeOrders).where(eq(rechargeOrders.orderNo, orderNo)),
      };
    },
    card: async (owner) => {
      const card = { cardNo: randomCardNo(), bankName: '中国工商银行' };
      const { id } = await made(await b.post('/pay/bind-card', card, { token: owner.token }));
      const rows = async () => [
        await db.select().from(bankCards).where(eq(bankCards.id, id)),
        await db.select({ n: count() }).from(withdrawals),
      ];
      return { id, rows };
    },
    account: async (owner) => ({
      id: owner.id,
      rows: () => db.select().from(bankCards).where(eq(bankCards.userId, owner.id)),
    }),
    plan: async (owner) => {
      const { id } = await made(await b.publish(owner.token, { matchId: await b.pricedMatch(), price: 30 }));
      return { id, rows: () => db.select().from(tipPlans).where(eq(tipPlans.id, id)) };
    },
    room: async (owner) => {
      const id = owner.room.id;
      // On air, so a stranger's "take it down" would show.
      await db.update(rooms).set({ liveState: 1 }).where(eq(rooms.id, id));
      const rows = async () => [
        await db.select().from(rooms).where(eq(rooms.id, id)),
        await db.select().from(roomForbids).where(eq(roomForbids.roomId, id)),
        await db.select().from(roomManagers).where(eq(roomManagers.roomId, id)),
      ];
      return { id, rows };
    },
    mute: async (owner) => {
      const mute = { roomId: owner.room.id, nickName: (await b.viewer()).nickName };
      const { id } = await made(await b.get('/api/forbid/add', mute, { token: owner.token }));
      return { id, rows: () => db.select().from(roomForbids).where(eq(roomForbids.id, id)) };
    },
    manager: async (owner) => {
      const manager = { roomId: owner.room.id, nickName: (await b.viewer()).nickName };
      const { id } = await made(await b.get('/api/manager/add', manager, { token: owner.token }));
      return { id, rows: () => db.select().from(roomManagers).where(eq(roomManagers.id, id)) };
    },
    schedule: async (owner) => {
      const plan = { title: '周末英超直播解说', startAt: Date.now() + 86_400_000 };
      const { id } = await made(await b.post('/api/anchor/schedule/add', plan, { token: owner.token }));
      return { id, rows: () => db.select().from(anchorSchedules).where(eq(anchorSchedules.id, id)) };
    },
    broadcast: async (owner) => {
      const [{ id }] = await db
        .insert(liveSessions)
        .values({
          roomId: owner.room.id,
          anchorId: owner.id,
          title: '测试直播',
          navId: 1,
          startedAt: new Date(Date.now() - 3600_000),
          endedAt: new Date(),
          replayUrl: '/media/demo/master.m3u8',
        })
        .returning({ id: liveSessions.id });
      return { id, rows: () => db.select().from(youliaoClips).where(eq(youliaoClips.sessionId, id)) };
    },
  };

  return { person, make };
}

export type Person = Awaited<ReturnType<ReturnType<typeof ownedObjects>['person']>>;
