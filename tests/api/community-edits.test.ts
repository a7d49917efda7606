import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBans, opsLog } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createCommunityBench, pngDataUrl, type CommunityBench } from '../support/community.ts';
import { DEMO } from '../support/live.ts';

describe.each(targets())('community post edits and pins on $name', (target) => {
  let b: CommunityBench;
  beforeAll(async () => {
    b = await createCommunityBench(target);
  }, 60_000);
  afterAll(() => b.close());

  const logOf = (postId: number) =>
    b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'post'), eq(opsLog.targetId, String(postId))));

  it('lets the author change text and pictures; the post shows it was edited; others get 403', async () => {
    const [author, other] = await Promise.all([b.user(), b.user()]);
    const [red, blue] = await Promise.all([pngDataUrl('#c0392b'), pngDataUrl('#2c6fbb')]);
    const up = await b.post(
      '/inform/post/addPic/base64',
      { files: [red, blue] },
      { token: author.token, json: true },
    );
    const [p1, p2] = up.data as { url: string }[];
    const created = await b.quickPost(author.token, { pictures: [p1.url] });
    const id = created.data.id;
    expect(created.data.editedAt).toBeNull();

    const edit = (token: string | undefined, body: Record<string, unknown>) =>
      b.post('/inform/post/edit', { postId: id, ...body }, { token, json: true });
    const done = await edit(author.token, {
      content: '改一下：下半场的换人才是关键',
      pictures: [p2.url, p1.url],
    });
    expect(done).toMatchObject({ code: 200, msg: '修改已保存' });
    expect(done.data.content).toBe('改一下：下半场的换人才是关键');
    expect(done.data.pictures.map((p: { url: string }) => p.url)).toEqual([p2.url, p1.url]);
    expect(typeof done.data.editedAt).toBe('string');
    const detail = (await b.get(`/inform/post/detail/${id}`)).data;
    expect(detail).toMatchObject({ content: '改一下：下半场的换人才是关键', editedAt: done.data.editedAt });

    expect(await edit(other.token, { content: '别人的帖子我来改改看', pictures: [] })).toMatchObject({
      status: 403,
      msg: '只能编辑自己发布的内容',
    });
    expect(await edit(undefined, { content: '游客也想改一下', pictures: [] })).toMatchObject({ status: 401 });
    expect(
      await b.post(
        '/inform/post/edit',
        { postId: 99999999, content: '不存在的帖子' },
        { token: author.token },
      ),
    ).toMatchObject({ status: 404 });
    expect((await b.get(`/inform/post/detail/${id}`)).data.content).toBe('改一下：下半场的换人才是关键');
  });

  it('edits follow the posting rules: length, sensitive words, our pictures, duplicates, bans', async () => {
    const author = await b.user();
    const id = (await b.quickPost(author.token)).data.id;
    const edit = (body: Record<string, unknown>) =>
      b.post('/inform/post/edit', { postId: id, pictures: [], ...body }, { token: author.token, json: true });
    expect(await edit({ content: '短' })).toMatchObject({ status: 400, msg: '内容至少 2 个字' });
    expect(await edit({ content: '好'.repeat(2001) })).toMatchObject({
      status: 400,
      msg: '内容不能超过 2000 个字',
    });
    expect(await edit({ content: '来这里看外围盘口' })).toMatchObject({
      status: 400,
      msg: '内容包含违规词“外围盘口”，请修改后再发布',
    });
    expect(
      await edit({ content: '<img src=x onerror=alert(1)> 看球', pictures: ['javascript:alert(1)'] }),
    ).toMatchObject({
      status: 400,
      msg: '图片地址无效，请重新上传',
    });
    expect((await edit({ content: '这个裁判是脑残吧' })).data.content).toBe('这个裁判是＊＊吧');
    const other = (await b.quickPost(author.token)).data;
    expect(await edit({ content: other.content })).toMatchObject({
      status: 400,
      msg: '请勿重复发布相同的内容',
    });
    const kept = (await b.get(`/inform/post/detail/${id}`)).data.content;
    expect(kept).not.toContain('onerror');
    await b.app.db.insert(communityBans).values({ userId: author.id, reason: '测试' });
    expect(await edit({ content: '被封禁之后还想改帖子' })).toMatchObject({
      status: 403,
      msg: '您已被禁止在社区发言',
    });
  });

  it('an operator may edit another’s post, and that edit is in the ops log', async () => {
    const author = await b.user();
    const id = (await b.quickPost(author.token)).data.id;
    const operator = await b.tokenOf(DEMO.operator);
    const res = await b.post(
      '/inform/post/edit',
      { postId: id, content: '（内容经管理员修改：删除了引战言论）', pictures: [] },
      { token: operator, json: true },
    );
    expect(res.code).toBe(200);
    expect((await logOf(id)).map((l) => l.action)).toContain('community.post.edit');
  });

  it('staff pin and unpin a post: it leads its circle’s feed, logged; others get 403', async () => {
    const [author, fan] = await Promise.all([b.user(), b.user()]);
    const circleId = b.circleId('西甲');
    const old = (await b.quickPost(author.token, { circleId })).data.id;
    await b.quickPost(author.token, { circleId });
    const feedTop = async () =>
      (await b.post('/inform/post/list/general', { circleId, sort: 'new', pageSize: 5 })).data.list[0];
    expect((await feedTop()).id).not.toBe(old);

    const pin = (token: string | undefined, pinned: number) =>
      b.post('/inform/post/pin', { postId: old, pinned }, { token });
    expect(await pin(fan.token, 1)).toMatchObject({ status: 403 });
    expect(await pin(author.token, 1)).toMatchObject({ status: 403 });
    expect(await pin(undefined, 1)).toMatchObject({ status: 401 });
    const operator = await b.tokenOf(DEMO.operator);
    expect((await pin(operator, 1)).data).toEqual({ postId: old, pinned: true });
    expect(await feedTop()).toMatchObject({ id: old, pinned: true });
    expect((await pin(operator, 0)).data).toEqual({ postId: old, pinned: false });
    expect((await feedTop()).id).not.toBe(old);
    expect((await logOf(old)).map((l) => l.action)).toEqual(
      expect.arrayContaining(['community.post.pin', 'community.post.unpin']),
    );
    expect(
      await b.post('/inform/post/pin', { postId: 99999999, pinned: 1 }, { token: operator }),
    ).toMatchObject({ status: 404 });
  });
});
