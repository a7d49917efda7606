import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBans, newsComments, notifications } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { createNewsBench, type NewsBench } from '../support/news.ts';

describe.each(targets())('news comments and collections on $name', (target) => {
  let b: NewsBench;
  let articleId: number;
  beforeAll(async () => {
    b = await createNewsBench(target);
    articleId = await b.published();
  }, 240_000);
  afterAll(() => b.close());

  const reply = (token: string, body: Record<string, unknown>) =>
    b.post('/inform/info/comment/reply', { articleId, ...body }, { token, json: true });

  it('lets logged-in users comment and reply in two levels; the replied-to author is notified', async () => {
    const [a, c] = [await b.user(), await b.user()];
    expect(await b.post('/inform/info/comment/reply', { articleId, content: '你好' })).toMatchObject({
      status: 401,
    });
    const top = await reply(a.token, { content: '<script>alert(1)</script> 这场分析写得很细' });
    expect(top.code).toBe(200);
    expect(top.data.content).toBe('<script>alert(1)</script> 这场分析写得很细'); // stored raw, escaped on output
    const r1 = await reply(c.token, { content: '同意楼上', parentId: top.data.id });
    const r2 = await reply(a.token, { content: '回复你的回复', parentId: r1.data.id });
    expect(r2.data).toMatchObject({ parentId: top.data.id, replyTo: { id: c.id } });
    const list = await b.get('/inform/info/comment/list', { articleId });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0].replies.map((x: { id: number }) => x.id)).toEqual([r1.data.id, r2.data.id]);
    const notes = await b.app.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(notes.some((n) => n.link === `/news/${articleId}#c${r1.data.id}`)).toBe(true);
  });

  it('refuses empty, too long, sensitive and too frequent comments, and banned users', async () => {
    const u = await b.user();
    expect(await reply(u.token, { content: '   ' })).toMatchObject({ status: 400, msg: '评论内容不能为空' });
    expect(await reply(u.token, { content: '长'.repeat(501) })).toMatchObject({
      status: 400,
      msg: '评论不能超过 500 个字',
    });
    const bad = await reply(u.token, { content: '这里有外围盘口可以玩' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/违规词/);
    expect(await reply(u.token, { content: '回复', parentId: 999999 })).toMatchObject({ status: 404 });
    const draft = await b.draft();
    expect(
      await b.post(
        '/inform/info/comment/reply',
        { articleId: draft.data.id, content: '草稿' },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 404 });
    const spam = await b.user();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await reply(spam.token, { content: `第${i}条评论` })).code);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const banned = await b.user();
    await b.app.db.insert(communityBans).values({ userId: banned.id, reason: '测试', bannedBy: banned.id });
    expect(await reply(banned.token, { content: '我被禁言了吗' })).toMatchObject({ status: 403 });
  });

  it('toggles comment likes and hides a comment after three distinct reports', async () => {
    const [author, x, y, z] = [await b.user(), await b.user(), await b.user(), await b.user()];
    const c = await reply(author.token, { content: '会被举报的评论' });
    const like = await b.get(`/inform/info/comment/like/${c.data.id}`, {}, { token: x.token });
    expect(like.data).toEqual({ liked: true, likeCount: 1 });
    expect(
      (await b.get(`/inform/info/comment/like/${c.data.id}`, { like: '1' }, { token: x.token })).data
        .likeCount,
    ).toBe(1);
    expect((await b.get(`/inform/info/comment/like/${c.data.id}`, {}, { token: x.token })).data).toEqual({
      liked: false,
      likeCount: 0,
    });
    const report = (token: string, reason = '垃圾广告') =>
      b.post('/inform/info/comment/report', { commentId: c.data.id, reason }, { token, json: true });
    expect(await report(author.token)).toMatchObject({ status: 400, msg: '不能举报自己的评论' });
    expect(await report(x.token, '随便')).toMatchObject({ status: 400, msg: '请选择举报原因' });
    expect((await report(x.token)).data.hidden).toBe(false);
    expect(await report(x.token)).toMatchObject({ status: 400 });
    expect((await report(y.token)).data.hidden).toBe(false);
    expect((await report(z.token)).data.hidden).toBe(true);
    const [row] = await b.app.db.select().from(newsComments).where(eq(newsComments.id, c.data.id));
    expect(row.status).toBe('hidden');
  });

  it('keeps the article’s comment count to its visible comments; reports staff dismissed no longer count', async () => {
    const id = await b.published();
    const [author, x, y, z, w] = [
      await b.user(),
      await b.user(),
      await b.user(),
      await b.user(),
      await b.user(),
    ];
    const operator = await b.tokenOf(DEMO.operator);
    const count = async () => (await b.get(`/inform/info/detail/${id}`)).data.commentCount;
    const c = await b.post(
      '/inform/info/comment/reply',
      { articleId: id, content: '先被隐藏后又恢复的评论' },
      { token: author.token, json: true },
    );
    expect(await count()).toBe(1);
    const report = (token: string) =>
      b.post(
        '/inform/info/comment/report',
        { commentId: c.data.id, reason: '垃圾广告' },
        { token, json: true },
      );
    const decide = (action: string) =>
      b.post(
        '/ops/reports/decide',
        { source: 'newsComment', targetId: c.data.id, action, reason: '审核' },
        { token: operator },
      );
    expect((await report(x.token)).data.hidden).toBe(false);
    expect((await report(y.token)).data.hidden).toBe(false);
    expect((await report(z.token)).data.hidden).toBe(true);
    expect(await count()).toBe(0);
    expect((await decide('dismiss')).code).toBe(200);
    expect(await count()).toBe(1);
    expect((await b.get('/inform/info/comment/list', { articleId: id })).data.total).toBe(1);
    // The three dismissed reports are closed: a fourth reporter alone does not hide it again.
    expect((await report(w.token)).data.hidden).toBe(false);
    expect((await decide('hide')).code).toBe(200);
    expect(await count()).toBe(0);
    expect((await b.get('/inform/info/comment/list', { articleId: id })).data.total).toBe(0);
  });

  it('collects and uncollects with /inform/info/collect and lists my collections', async () => {
    const u = await b.user();
    expect(await b.get('/inform/info/collect', { collectId: articleId })).toMatchObject({ status: 401 });
    const on = await b.get(
      '/inform/info/collect',
      { collectId: articleId, flag: '1', type: '1' },
      { token: u.token },
    );
    expect(on.data).toMatchObject({ collected: true });
    const count = on.data.collectCount;
    expect(
      (await b.get('/inform/info/collect', { collectId: articleId, flag: '1' }, { token: u.token })).data
        .collectCount,
    ).toBe(count);
    const mine = await b.get('/inform/info/my/collect', {}, { token: u.token });
    expect(mine.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 30 });
    expect(mine.data.list[0]).toMatchObject({ id: articleId });
    const detail = await b.get(`/inform/info/detail/${articleId}`, {}, { token: u.token });
    expect(detail.data.collected).toBe(true);
    const off = await b.get('/inform/info/collect', { collectId: articleId }, { token: u.token });
    expect(off.data).toEqual({ collected: false, collectCount: count - 1 });
    expect((await b.get('/inform/info/my/collect', {}, { token: u.token })).data.total).toBe(0);
    expect(
      await b.get('/inform/info/collect', { collectId: articleId, type: '2' }, { token: u.token }),
    ).toMatchObject({ status: 400 });
    expect(await b.get('/inform/info/collect', { collectId: 999999 }, { token: u.token })).toMatchObject({
      status: 404,
    });
    expect(await b.get('/inform/info/collect', {}, { token: u.token })).toMatchObject({ status: 400 });
  });

  it('says what the caller collected, liked, reported and wrote on an article (mine), for the caller only', async () => {
    const [u, other, author] = [await b.user(), await b.user(), await b.user()];
    const [c1, c2] = [
      await reply(author.token, { content: '第一条' }),
      await reply(author.token, { content: '第二条' }),
    ];
    const mine = (token?: string, commentIds = `${c1.data.id},${c2.data.id}`) =>
      b.get('/inform/info/mine', { articleId, commentIds }, token ? { token } : {});
    const none = { collected: false, liked: [], reported: [], own: [] };
    expect(await mine()).toMatchObject({ status: 401 });
    expect((await mine(u.token)).data).toEqual(none);
    await b.get('/inform/info/collect', { collectId: articleId, flag: '1' }, { token: u.token });
    await b.get(`/inform/info/comment/like/${c2.data.id}`, { like: '1' }, { token: u.token });
    // A report is kept after a reload: the page shows 已举报 from this (issue 33 item 14).
    await b.post(
      '/inform/info/comment/report',
      { commentId: c1.data.id, reason: '垃圾广告' },
      { token: u.token, json: true },
    );
    expect((await mine(u.token)).data).toEqual({
      collected: true,
      liked: [c2.data.id],
      reported: [c1.data.id],
      own: [],
    });
    expect((await mine(other.token)).data).toEqual(none);
    expect((await mine(author.token)).data).toEqual({ ...none, own: [c1.data.id, c2.data.id] });
    expect((await mine(u.token, '')).data).toEqual({ collected: true, liked: [], reported: [], own: [] });
    expect(await mine(u.token, 'abc')).toMatchObject({ status: 400 });
    expect(await b.get('/inform/info/mine', {}, { token: u.token })).toMatchObject({ status: 400 });
  });
});
