import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { communityBans, opsLog } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createCommunityBench, type CommunityBench } from '../support/community.ts';
import { DEMO } from '../support/live.ts';
import { delivery, startHub } from '../support/live-socket.ts';

describe.each(targets())('community likes, comments, reports and notifications on $name', (target) => {
  let b: CommunityBench;
  let hub: Awaited<ReturnType<typeof startHub>>;
  beforeAll(async () => {
    b = await createCommunityBench(target);
    hub = await startHub(b.app);
  }, 60_000);
  afterAll(async () => {
    await hub.stop();
    await b.close();
  });

  it('counts each user’s like once under concurrent toggles', async () => {
    const author = await b.user();
    const id = (await b.quickPost(author.token)).data.id;
    const fans = await Promise.all(Array.from({ length: 8 }, () => b.user()));
    const likes = await Promise.all(
      fans.map((f) => b.get(`/inform/post/like/${id}`, { like: 1 }, { token: f.token })),
    );
    expect(likes.every((r) => r.code === 200)).toBe(true);
    expect((await b.get(`/inform/post/detail/${id}`)).data.likeCount).toBe(8);
    // One user hammering the same explicit like: still one.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        b.get(`/inform/post/like/${id}`, { like: 1 }, { token: fans[0].token }),
      ),
    );
    expect((await b.get(`/inform/post/detail/${id}`, {}, { token: fans[0].token })).data).toMatchObject({
      likeCount: 8,
      liked: true,
    });
    // Toggles: concurrent ones from one user leave the count equal to the rows.
    await Promise.all(
      Array.from({ length: 5 }, () => b.get(`/inform/post/like/${id}`, {}, { token: fans[1].token })),
    );
    const after = (await b.get(`/inform/post/detail/${id}`, {}, { token: fans[1].token })).data;
    expect(after.likeCount).toBe(after.liked ? 8 : 7);
    expect(
      (await b.get(`/inform/post/like/${id}`, { like: 0 }, { token: fans[2].token })).data,
    ).toMatchObject({ liked: false });
    expect(await b.get(`/inform/post/like/${id}`)).toMatchObject({ status: 401 });
    expect(await b.get('/inform/post/like/999999', {}, { token: fans[0].token })).toMatchObject({
      status: 404,
    });
  });

  it('comments in two levels, likes comments, and notifies the author live', async () => {
    const [author, fan, third] = await Promise.all([b.user(), b.user(), b.user()]);
    const postId = (await b.quickPost(author.token)).data.id;
    const sock = await hub.connect(author, CHANNEL.user(author.id));
    const top = await b.post(
      '/inform/comment/reply',
      { postId, content: '同意，中场控制得很好' },
      { token: fan.token },
    );
    expect(top.data).toMatchObject({ postId, parentId: null, author: { id: fan.id }, replyTo: null });
    const live = await sock.next(delivery(WS_CODE.userNotice, (p) => p.type === 'notice'));
    expect(live.data.payload.notice).toMatchObject({
      kind: 'reply',
      link: `/community/post/${postId}#c${top.data.id}`,
      read: false,
    });
    const reply = await b.post(
      '/inform/comment/reply',
      { postId, parentId: top.data.id, content: '下半场体能是问题' },
      { token: third.token },
    );
    expect(reply.data).toMatchObject({ parentId: top.data.id, replyTo: { id: fan.id } });
    const deeper = await b.post(
      '/inform/comment/reply',
      { postId, parentId: reply.data.id, content: '换人太晚了' },
      { token: fan.token },
    );
    expect(deeper.data).toMatchObject({ parentId: top.data.id, replyTo: { id: third.id } });
    const liked = await b.get(`/inform/comment/like/${top.data.id}`, {}, { token: author.token });
    expect(liked.data).toEqual({ liked: true, likeCount: 1 });
    const list = await b.get('/inform/comment/list/byPost', { postId }, { token: author.token });
    expect(list.data).toMatchObject({
      total: 1,
      list: [
        {
          id: top.data.id,
          liked: true,
          likeCount: 1,
          replies: [{ id: reply.data.id }, { id: deeper.data.id }],
        },
      ],
    });
    expect((await b.get(`/inform/post/detail/${postId}`)).data.commentCount).toBe(3);
    expect(
      await b.post('/inform/comment/reply', { postId, content: '   ' }, { token: fan.token }),
    ).toMatchObject({ status: 400, msg: '评论内容不能为空' });
    expect(
      await b.post('/inform/comment/reply', { postId, content: '长'.repeat(501) }, { token: fan.token }),
    ).toMatchObject({ status: 400, msg: '评论不能超过 500 个字' });
    expect(await b.post('/inform/comment/reply', { postId, content: '未登录' })).toMatchObject({
      status: 401,
    });
    sock.close();
  });

  it('keeps notifications by kind with unread counts and marks them read', async () => {
    const [author, fan] = await Promise.all([b.user(), b.user()]);
    const postId = (await b.quickPost(author.token)).data.id;
    await b.get(`/inform/post/like/${postId}`, {}, { token: fan.token });
    await b.post('/inform/comment/reply', { postId, content: '好帖' }, { token: fan.token });
    const unread = await b.get('/inform/message/unread', {}, { token: author.token });
    expect(unread.data).toMatchObject({ all: 2, like: 1, reply: 1, mention: 0 });
    const likes = await b.get('/inform/message/list', { kind: 'like' }, { token: author.token });
    expect(likes.data.list).toHaveLength(1);
    expect(likes.data.list[0].title).toMatch(/赞了你的帖子$/);
    expect(
      (await b.post('/inform/message/read', { kind: 'like' }, { token: author.token })).data.changed,
    ).toBe(1);
    expect((await b.get('/inform/message/unread', {}, { token: author.token })).data).toMatchObject({
      all: 1,
      like: 0,
    });
    expect((await b.post('/inform/message/read', {}, { token: fan.token })).data.changed).toBe(0);
    expect((await b.post('/inform/message/read', {}, { token: author.token })).data.changed).toBe(1);
    expect(await b.get('/inform/message/list')).toMatchObject({ status: 401 });
  });

  it('notifies users @mentioned in a post', async () => {
    const [author, named] = await Promise.all([b.user(), b.viewer()]);
    const saved = await b.post(
      '/inform/post/addSave',
      { circleId: b.circleId('综合'), content: `@${named.nickName} 一起来看球` },
      { token: author.token },
    );
    expect(saved.data.mentions).toEqual([{ id: named.id, nickName: named.nickName }]);
    const list = await b.get('/inform/message/list', { kind: 'mention' }, { token: named.token });
    expect(list.data.list[0]).toMatchObject({ kind: 'mention', link: `/community/post/${saved.data.id}` });
  });

  it('shields a post or an author from my feed', async () => {
    const [author, me] = await Promise.all([b.user(), b.user()]);
    const p1 = (await b.quickPost(author.token)).data.id;
    const p2 = (await b.quickPost(author.token)).data.id;
    const ids = async () =>
      (
        await b.post(
          '/inform/post/list/general',
          { circleId: b.circleId('综合'), pageSize: 100 },
          { token: me.token },
        )
      ).data.list.map((p: { id: number }) => p.id);
    expect(await ids()).toEqual(expect.arrayContaining([p1, p2]));
    expect((await b.post('/inform/post/shield', { postId: p1 }, { token: me.token })).data).toMatchObject({
      postId: p1,
      shielded: true,
    });
    expect(await ids()).not.toContain(p1);
    await b.post('/inform/post/shield', { authorId: author.id }, { token: me.token });
    expect(await ids()).not.toContain(p2);
    // What the shared /community page hides in this fan's browser: theirs alone.
    const mine = (token?: string) => b.get('/inform/post/shield/mine', {}, token ? { token } : {});
    expect((await mine(me.token)).data).toEqual({ postIds: [p1], authorIds: [author.id] });
    expect((await mine(author.token)).data).toEqual({ postIds: [], authorIds: [] });
    expect(await mine()).toMatchObject({ status: 401 });
    await b.post('/inform/post/shield', { authorId: author.id, cancel: 1 }, { token: me.token });
    expect(await ids()).toContain(p2);
    expect((await mine(me.token)).data).toEqual({ postIds: [p1], authorIds: [] });
    expect(await b.post('/inform/post/shield', {}, { token: me.token })).toMatchObject({
      status: 400,
      msg: '请指定要屏蔽的帖子或作者',
    });
    expect(await b.post('/inform/post/shield', { authorId: me.id }, { token: me.token })).toMatchObject({
      status: 400,
      msg: '不能屏蔽自己',
    });
  });

  it('hides an item reported by three users at once; staff restore, hide or ban, logged, reporters told', async () => {
    const [author, r1, r2, r3] = await Promise.all([b.user(), b.user(), b.user(), b.user()]);
    const postId = (await b.quickPost(author.token)).data.id;
    const report = (token: string, reason = '垃圾广告') =>
      b.post('/inform/report/add', { targetType: 'post', targetId: postId, reason }, { token });
    expect(await report(author.token)).toMatchObject({ status: 400, msg: '不能举报自己发布的内容' });
    expect(await report(r1.token, '随便')).toMatchObject({ status: 400, msg: '请选择举报原因' });
    expect((await report(r1.token)).data).toEqual({ reported: true, hidden: false });
    expect(await report(r1.token)).toMatchObject({ status: 400, msg: '您已经举报过该内容，请等待处理' });
    const [second, third] = await Promise.all([report(r2.token), report(r3.token, '辱骂引战')]);
    expect([second.data.hidden, third.data.hidden]).toContain(true);
    expect(await b.get(`/inform/post/detail/${postId}`)).toMatchObject({ status: 404 });
    const feed = await b.post('/inform/post/list/general', { circleId: b.circleId('综合'), pageSize: 100 });
    expect(feed.data.list.map((p: { id: number }) => p.id)).not.toContain(postId);
    const fan = await b.user();
    expect(
      await b.post(
        '/inform/report/review',
        { targetType: 'post', targetId: postId, decision: 'restore' },
        { token: fan.token },
      ),
    ).toMatchObject({ status: 403 });
    const operator = await b.tokenOf(DEMO.operator);
    const queue = await b.app.services.community.reports.queue();
    expect(queue.find((q) => q.targetId === postId)).toMatchObject({ reports: 3, status: 'hidden' });
    expect(
      (
        await b.post(
          '/inform/report/review',
          { targetType: 'post', targetId: postId, decision: 'restore', reason: '误报' },
          { token: operator },
        )
      ).data,
    ).toEqual({ decision: 'restore', reporters: 3 });
    expect((await b.get(`/inform/post/detail/${postId}`)).data.status).toBe('visible');
    expect(
      await b.post(
        '/inform/report/review',
        { targetType: 'post', targetId: postId, decision: 'hide' },
        { token: operator },
      ),
    ).toMatchObject({ status: 400, msg: '该举报已处理' });
    expect(
      (await b.get('/inform/message/list', { kind: 'system' }, { token: r1.token })).data.list[0].title,
    ).toBe('你举报的内容经审核未违规，已恢复显示');
    // A comment reported again and the author banned.
    const commentId = (
      await b.post('/inform/comment/reply', { postId, content: '广告位招租' }, { token: author.token })
    ).data.id;
    for (const r of [r1, r2, r3])
      await b.post(
        '/inform/report/add',
        { targetType: 'comment', targetId: commentId, reason: '垃圾广告' },
        { token: r.token },
      );
    expect((await b.get('/inform/comment/list/byPost', { postId })).data.total).toBe(0);
    expect(
      (
        await b.post(
          '/inform/report/review',
          { targetType: 'comment', targetId: commentId, decision: 'ban', reason: '广告' },
          { token: operator },
        )
      ).code,
    ).toBe(200);
    expect(
      await b.app.db.select().from(communityBans).where(eq(communityBans.userId, author.id)),
    ).toHaveLength(1);
    const logged = await b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'comment'), eq(opsLog.targetId, String(commentId))));
    expect(logged[0]).toMatchObject({ action: 'community.report.ban', reason: '广告' });
    expect(await b.quickPost(author.token)).toMatchObject({ status: 403 });
  });

  it('stores feedback with a contact and an optional screenshot of ours', async () => {
    const fan = await b.user();
    expect(
      (
        await b.post(
          '/inform/feedback/add',
          { content: '比分页希望加上角球数', contact: 'qq 12345' },
          { token: fan.token },
        )
      ).data.id,
    ).toBeGreaterThan(0);
    expect((await b.post('/inform/feedback/add', { content: '游客也能反馈' })).code).toBe(200);
    expect(await b.post('/inform/feedback/add', { content: '' })).toMatchObject({
      status: 400,
      msg: '请填写反馈内容',
    });
    expect(
      await b.post('/inform/feedback/add', { content: '截图', screenshot: 'javascript:alert(1)' }),
    ).toMatchObject({ status: 400 });
    const list = await b.app.services.community.feedback.list({ pageNum: 1, pageSize: 10 });
    expect(list.list[0]).toMatchObject({ content: '游客也能反馈', userId: null });
  });

  it('limits likes and comments per user', async () => {
    const [author, fan] = await Promise.all([b.user(), b.user()]);
    const postId = (await b.quickPost(author.token)).data.id;
    for (let i = 0; i < 10; i++)
      await b.post('/inform/comment/reply', { postId, content: `第${i}条评论` }, { token: fan.token });
    expect(
      await b.post('/inform/comment/reply', { postId, content: '再来一条' }, { token: fan.token }),
    ).toMatchObject({ status: 429, msg: '评论太频繁，请稍后再试' });
    for (let i = 0; i < 60; i++) await b.get(`/inform/post/like/${postId}`, {}, { token: author.token });
    expect(await b.get(`/inform/post/like/${postId}`, {}, { token: author.token })).toMatchObject({
      status: 429,
      msg: '点赞太频繁，请稍后再试',
    });
  });
});
