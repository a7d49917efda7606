import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createCommunityBench, type CommunityBench } from '../support/community.ts';

describe.each(targets())('follows of users and experts (/v/concern) on $name', (target) => {
  let b: CommunityBench;
  beforeAll(async () => {
    b = await createCommunityBench(target);
  }, 120_000);
  afterAll(async () => {
    await b.close();
  });

  const follow = (token: string, targetId: number, extra: Record<string, unknown> = {}) =>
    b.post('/user/info/follow', { targetId, ...extra }, { token });

  it('follows, lists both directions with the mutual flag, counts on the personal space, unfollows', async () => {
    const [me, pal, pundit] = await Promise.all([b.user(), b.user(), b.user()]);
    await b.app.db.update(users).set({ isExpert: 1 }).where(eq(users.id, pundit.id));
    expect((await follow(me.token, pal.id)).data).toMatchObject({
      followed: true,
      following: true,
      followsMe: false,
      followers: 1,
    });
    expect((await follow(me.token, pundit.id)).data.following).toBe(true);
    expect((await follow(pal.token, me.id)).data).toMatchObject({ followsMe: true });

    const mine = (await b.get('/user/info/following', {}, { token: me.token })).data;
    expect(mine.total).toBe(2);
    expect(mine.list.map((p: { id: number }) => p.id)).toEqual([pundit.id, pal.id]);
    expect(mine.list.find((p: { id: number }) => p.id === pundit.id)).toMatchObject({
      followType: 'expert',
      mutual: false,
    });
    expect(mine.list.find((p: { id: number }) => p.id === pal.id)).toMatchObject({
      followType: 'user',
      mutual: true,
    });

    const fans = (await b.get('/user/info/fans', {}, { token: pundit.token })).data;
    expect(fans).toMatchObject({ total: 1, list: [{ id: me.id, followed: false }] });
    expect((await b.get('/user/info/personal-space', { id: me.id })).data).toMatchObject({
      followers: 1,
      following: 2,
    });

    // Following twice changes nothing; unfollowing removes it.
    await follow(me.token, pal.id);
    expect((await b.get('/user/info/following', {}, { token: me.token })).data.total).toBe(2);
    expect((await follow(me.token, pal.id, { cancel: 1 })).data).toMatchObject({
      following: false,
      followers: 0,
    });
    expect((await b.get('/user/info/fans', {}, { token: pal.token })).data.total).toBe(0);
  });

  it('refuses self, unknown users, a non-expert followed as expert, and visitors', async () => {
    const [me, pal] = await Promise.all([b.user(), b.user()]);
    expect(await follow(me.token, me.id)).toMatchObject({ status: 400, msg: '不能关注自己' });
    expect(await follow(me.token, 999999)).toMatchObject({ status: 404 });
    expect(await follow(me.token, pal.id, { type: 'expert' })).toMatchObject({ status: 400 });
    expect(await b.post('/user/info/follow', { targetId: pal.id })).toMatchObject({ status: 401 });
    expect(await b.get('/user/info/fans')).toMatchObject({ status: 401 });
  });

  it('lifts the one-message rule of private messages once both follow each other', async () => {
    const [a, c] = await Promise.all([b.user(), b.user()]);
    const conv = (await b.post('/message/open', { userId: c.id }, { token: a.token })).data;
    const send = (content: string) =>
      b.post('/message/send', { conversationId: conv.id, content }, { token: a.token });
    expect((await send('你好')).code).toBe(200);
    expect((await send('在吗')).status).toBe(403);
    await follow(a.token, c.id);
    expect((await send('在吗')).status).toBe(403);
    await follow(c.token, a.id);
    expect((await send('在吗')).code).toBe(200);
  });
});
