import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBans, follows, posts } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createCommunityBench, pngDataUrl, type CommunityBench } from '../support/community.ts';
import { DEMO, insertMatch } from '../support/live.ts';

describe.each(targets())('community circles and posts on $name', (target) => {
  let b: CommunityBench;
  beforeAll(async () => {
    b = await createCommunityBench(target);
  }, 60_000);
  afterAll(() => b.close());

  it('lists the eleven circles and lets a user join and leave', async () => {
    const u = await b.user();
    const list = await b.get('/inform/circle/list', {}, { token: u.token });
    expect(list.data.map((c: { name: string }) => c.name)).toEqual([
      '英超',
      '西甲',
      '意甲',
      '德甲',
      '法甲',
      '欧冠',
      '中超',
      'NBA',
      'CBA',
      '竞彩',
      '综合',
    ]);
    expect(list.data[0]).toMatchObject({ icon: '/community/epl.svg', joined: false });
    const id = b.circleId('西甲');
    // The demo's authors are members of the circles they write in (issue 33): one more joins.
    const before = list.data.find((c: { id: number }) => c.id === id).memberCount as number;
    expect((await b.post('/inform/circle/join', { circleId: id }, { token: u.token })).data).toMatchObject({
      joined: true,
      memberCount: before + 1,
    });
    expect((await b.post('/inform/circle/join', { circleId: id }, { token: u.token })).data.memberCount).toBe(
      before + 1,
    );
    expect(
      (await b.get('/inform/circle/list', {}, { token: u.token })).data.find(
        (c: { id: number }) => c.id === id,
      ).joined,
    ).toBe(true);
    expect((await b.post('/inform/circle/leave', { circleId: id }, { token: u.token })).data).toMatchObject({
      joined: false,
      memberCount: before,
    });
    expect(await b.post('/inform/circle/join', { circleId: id })).toMatchObject({ status: 401 });
    expect(await b.post('/inform/circle/join', { circleId: 99999 }, { token: u.token })).toMatchObject({
      status: 404,
      msg: '圈子不存在',
    });
  });

  it('stores pictures as WebP without EXIF, with a thumbnail, and refuses non-images and oversize files', async () => {
    const u = await b.user();
    const up = await b.post(
      '/inform/post/addPic/base64',
      { files: [await pngDataUrl('#123456', true)] },
      { token: u.token, json: true },
    );
    expect(up.code).toBe(200);
    const [{ url, thumb }] = up.data;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(thumb).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const stored = await b.app.services.uploads.storage.get(url.slice('/uploads/'.length));
    const meta = await sharp(stored!.data).metadata();
    expect(meta).toMatchObject({ format: 'webp' });
    expect(meta.exif).toBeUndefined();
    const small = await sharp((await b.app.services.uploads.storage.get(thumb.slice(9)))!.data).metadata();
    expect(small).toMatchObject({ width: 360, height: 360 });
    const text = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    expect(
      await b.post('/inform/post/addPic/base64', { files: [text] }, { token: u.token, json: true }),
    ).toMatchObject({ status: 400, msg: '仅支持上传 JPG、PNG、WebP、GIF 格式的图片' });
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(
      await b.post(
        '/inform/post/addPic/base64',
        { files: [big.toString('base64')] },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 400, msg: '单张图片不能超过5MB' });
    expect(
      await b.post('/inform/post/addPic/base64', { files: [await pngDataUrl()] }, { json: true }),
    ).toMatchObject({ status: 401 });
  });

  it('publishes a post with pictures and a linked match, shows it in the circle, and refuses the same text again', async () => {
    const u = await b.user();
    const pics = (
      await b.post(
        '/inform/post/addPic/base64',
        { files: [await pngDataUrl('#aa0000'), await pngDataUrl('#00aa00')] },
        { token: u.token, json: true },
      )
    ).data;
    const matchId = await insertMatch(b.app.db);
    const content = '红队今晚主场，看好一场胜利！';
    const saved = await b.post(
      '/inform/post/addSave',
      { circleId: b.circleId('英超'), content, pictures: pics.map((p: { url: string }) => p.url), matchId },
      { token: u.token, json: true },
    );
    expect(saved.data).toMatchObject({
      content,
      status: 'visible',
      circle: { name: '英超' },
      match: { id: matchId, home: '红队', away: '蓝队' },
      author: { id: u.id },
    });
    expect(saved.data.pictures).toEqual(pics);
    const feed = await b.post(
      '/inform/post/list/general',
      { circleId: b.circleId('英超'), pageParam: { pageNum: 1, pageSize: 30 } },
      { json: true },
    );
    expect(feed.data.list[0]).toMatchObject({ id: saved.data.id, content });
    expect(feed.data).toMatchObject({ pageNum: 1, pageSize: 30 });
    expect((await b.get(`/inform/post/detail/${saved.data.id}`)).data).toMatchObject({
      id: saved.data.id,
      likeCount: 0,
      commentCount: 0,
    });
    const circle = (await b.get('/inform/circle/list')).data.find((c: { name: string }) => c.name === '英超');
    expect(circle.postCount).toBeGreaterThanOrEqual(1);
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('英超'), content: ` ${content}  ` },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 400, msg: '请勿重复发布相同的内容' });
  });

  it('validates text, circle, pictures and the match; refuses sensitive words and masks insults', async () => {
    const u = await b.user();
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '好' },
        { token: u.token },
      ),
    ).toMatchObject({ status: 400, msg: '内容至少 2 个字' });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '长'.repeat(2001) },
        { token: u.token },
      ),
    ).toMatchObject({ status: 400, msg: '内容不能超过 2000 个字' });
    expect(
      await b.post('/inform/post/addSave', { content: '没有圈子的帖子' }, { token: u.token }),
    ).toMatchObject({ status: 400, msg: '请选择要发布到的圈子' });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: 9999, content: '圈子不存在的帖子' },
        { token: u.token },
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '外链图片', pictures: ['javascript:alert(1)'] },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 400, msg: '图片地址无效，请重新上传' });
    expect(
      await b.post(
        '/inform/post/addSave',
        {
          circleId: b.circleId('综合'),
          content: '别人的图',
          pictures: ['https://evil.example/x.webp"onerror="alert(1)'],
        },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '十张图', pictures: Array(10).fill('/uploads/x.webp') },
        { token: u.token, json: true },
      ),
    ).toMatchObject({ status: 400, msg: '最多上传 9 张图片' });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '这场比赛', matchId: 987654 },
        { token: u.token },
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await b.post(
        '/inform/post/addSave',
        { circleId: b.circleId('综合'), content: '欢迎来玩外围 盘口，稳赚' },
        { token: u.token },
      ),
    ).toMatchObject({ status: 400, msg: '内容包含违规词“外围盘口”，请修改后再发布' });
    const masked = await b.post(
      '/inform/post/addSave',
      { circleId: b.circleId('综合'), content: '这个裁判是脑残吧' },
      { token: u.token },
    );
    expect(masked.data.content).toBe('这个裁判是＊＊吧');
  });

  it('stores script, event handlers and javascript: links as text and the post page escapes them', async () => {
    const u = await b.user();
    const content = '<script>alert(1)</script><img src=x onerror="alert(2)"> [点我](javascript:alert(3))';
    const saved = await b.post(
      '/inform/post/addSave',
      { circleId: b.circleId('综合'), content },
      { token: u.token },
    );
    expect(saved.data.content).toBe(content);
    expect(saved.data.status).toBe('visible');
  });

  it('holds a new author’s post with a link for review; only the author sees it', async () => {
    const u = await b.user();
    const other = await b.user();
    const saved = await b.post(
      '/inform/post/addSave',
      { circleId: b.circleId('综合'), content: '看直播来 www.example.com 这里' },
      { token: u.token },
    );
    expect(saved).toMatchObject({
      code: 200,
      msg: '内容包含链接，审核通过后将对所有人可见',
      data: { status: 'review' },
    });
    expect((await b.get(`/inform/post/detail/${saved.data.id}`, {}, { token: u.token })).data.status).toBe(
      'review',
    );
    expect(await b.get(`/inform/post/detail/${saved.data.id}`, {}, { token: other.token })).toMatchObject({
      status: 404,
    });
    const feed = await b.post('/inform/post/list/general', { circleId: b.circleId('综合'), pageNum: 1 });
    expect(feed.data.list.map((p: { id: number }) => p.id)).not.toContain(saved.data.id);
  });

  it('lets only the author or staff delete; a banned user cannot post', async () => {
    const [u, other] = await Promise.all([b.user(), b.user()]);
    const id = (await b.quickPost(u.token)).data.id;
    expect(await b.get('/inform/post/anchor/delete', { postId: id }, { token: other.token })).toMatchObject({
      status: 403,
      msg: '只能删除自己发布的内容',
    });
    expect(await b.get('/inform/post/anchor/delete', { postId: id })).toMatchObject({ status: 401 });
    expect((await b.get('/inform/post/anchor/delete', { postId: id }, { token: u.token })).data).toEqual({
      postId: id,
      deleted: true,
    });
    expect(await b.get(`/inform/post/detail/${id}`, {}, { token: u.token })).toMatchObject({ status: 404 });
    const id2 = (await b.quickPost(u.token)).data.id;
    const operator = await b.tokenOf(DEMO.operator);
    expect((await b.get('/inform/post/anchor/delete', { postId: id2 }, { token: operator })).code).toBe(200);
    await b.app.db.insert(communityBans).values({ userId: u.id, reason: '测试' });
    expect(await b.quickPost(u.token)).toMatchObject({ status: 403, msg: '您已被禁止在社区发言' });
    expect(
      await b.post(
        '/inform/comment/reply',
        { postId: (await b.quickPost(other.token)).data.id, content: '还能评论吗' },
        { token: u.token },
      ),
    ).toMatchObject({ status: 403, msg: '您已被禁止在社区发言' });
  });

  it('limits how fast one user posts', async () => {
    const u = await b.user();
    for (let i = 0; i < 5; i++) expect((await b.quickPost(u.token)).code).toBe(200);
    expect(await b.quickPost(u.token)).toMatchObject({ status: 429, msg: '发帖太频繁，请稍后再试' });
  });

  it('anchor dynamics: only anchors post them; followers, the anchor’s list, mine and delete', async () => {
    const a = await b.anchor();
    const fan = await b.user();
    expect(
      await b.post(
        '/inform/post/addSave',
        { type: 2, content: '今晚八点直播英超焦点战' },
        { token: fan.token },
      ),
    ).toMatchObject({ status: 403, msg: '只有主播可以发布主播动态' });
    const dyn = await b.post(
      '/inform/post/addSave',
      { type: 2, content: '今晚八点直播英超焦点战' },
      { token: a.token },
    );
    expect(dyn.data).toMatchObject({ kind: 2, circle: null });
    const byAnchor = await b.post(
      '/inform/post/list/anchor',
      { anchorId: a.id, pageParam: { pageNum: 1, pageSize: 30 } },
      { json: true },
    );
    expect(byAnchor.data.list.map((p: { id: number }) => p.id)).toEqual([dyn.data.id]);
    await b.app.db
      .insert(follows)
      .values({ userId: fan.id, targetType: 'anchor', targetId: a.id })
      .onConflictDoNothing();
    const followed = await b.post('/inform/post/list/anchor', { pageNum: 1 }, { token: fan.token });
    expect(followed.data.list.map((p: { id: number }) => p.id)).toEqual([dyn.data.id]);
    const mine = await b.get('/inform/post/list/anchor/my', {}, { token: a.token });
    expect(mine.data).toMatchObject({ total: 1, list: [{ id: dyn.data.id }] });
    expect(await b.get('/inform/post/list/anchor/my')).toMatchObject({ status: 401 });
    expect(
      await b.get('/inform/post/anchor/delete', { postId: dyn.data.id }, { token: fan.token }),
    ).toMatchObject({ status: 403 });
    expect(
      (await b.get('/inform/post/anchor/delete', { postId: dyn.data.id }, { token: a.token })).code,
    ).toBe(200);
    expect((await b.get('/inform/post/list/anchor/my', {}, { token: a.token })).data.total).toBe(0);
    const [row] = await b.app.db.select().from(posts).where(eq(posts.id, dyn.data.id));
    expect(row.status).toBe('deleted');
  });

  it('honours the spec paging body: keyword and authorId, in pageParam or flat (issue 33)', async () => {
    const [a, other] = [await b.anchor(), await b.anchor()];
    const circleId = b.circleId('德甲');
    const tag = `检索${a.id}`;
    const write = (userId: number, kind: 1 | 2, content: string) =>
      b.app.db
        .insert(posts)
        .values({
          userId,
          kind,
          circleId: kind === 1 ? circleId : null,
          content,
          contentHash: `kw-${content}`,
        })
        .returning({ id: posts.id })
        .then((r) => r[0].id);
    const hit = await write(a.id, 1, `${tag} 拜仁今晚主场`);
    await write(other.id, 1, `多特客场 ${a.id}`);
    const dynA = await write(a.id, 2, `今晚直播 ${tag}`);
    const dynOther = await write(other.id, 2, `明天直播 ${tag}`);
    const ids = (res: { data: { list: { id: number }[] } }) => res.data.list.map((p) => p.id);

    const general = (pageParam: Record<string, unknown>) =>
      b.post(
        '/inform/post/list/general',
        { circleId, pageParam: { pageNum: 1, ...pageParam } },
        { json: true },
      );
    expect(ids(await general({ keyword: tag }))).toEqual([hit]);
    expect(ids(await general({ keyword: `  ${tag}  ` }))).toEqual([hit]);
    // The keyword is text, not a LIKE pattern.
    expect(ids(await general({ keyword: '%' }))).toEqual([]);
    expect(ids(await general({ keyword: tag, authorId: other.id }))).toEqual([]);
    expect(ids(await b.post('/inform/post/list/general', { circleId, keyword: tag }))).toEqual([hit]);

    const anchor = (pageParam: Record<string, unknown>) =>
      b.post('/inform/post/list/anchor', { pageParam: { pageNum: 1, ...pageParam } }, { json: true });
    expect(ids(await anchor({ authorId: a.id }))).toEqual([dynA]);
    expect(ids(await b.post('/inform/post/list/anchor', { authorId: a.id }))).toEqual([dynA]);
    expect(ids(await anchor({ keyword: tag })).sort()).toEqual([dynA, dynOther].sort());
    expect(ids(await anchor({ keyword: '拜仁', authorId: a.id }))).toEqual([]);
    expect(await anchor({ authorId: 'abc' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('authorId'),
    });
    expect(await general({ keyword: '球'.repeat(51) })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('keyword'),
    });
  });

  it('最新 lists the newest first by when they were posted, not by row order: circles, dynamics, an anchor’s space, mine', async () => {
    const a = await b.anchor();
    const circleId = b.circleId('意甲');
    // Rows written oldest-last, as an import or the demo seed may write them: ids do not follow time.
    const hoursAgo = [1, 5, 3];
    const write = (kind: 1 | 2) =>
      b.app.db
        .insert(posts)
        .values(
          hoursAgo.map((h, i) => ({
            userId: a.id,
            kind,
            circleId: kind === 1 ? circleId : null,
            content: `排序测试${kind}-${i}`,
            contentHash: `order-${kind}-${i}-${a.id}`,
            createdAt: new Date(Date.now() - h * 3600_000),
          })),
        )
        .returning({ id: posts.id });
    const [circlePosts, dynamics] = [await write(1), await write(2)];
    const newestFirst = (rows: { id: number }[]) => [rows[0].id, rows[2].id, rows[1].id];
    const ids = (list: { id: number; createdAt?: string }[], of: { id: number }[]) =>
      list.map((p) => p.id).filter((id) => of.some((o) => o.id === id));

    const general = await b.post(
      '/inform/post/list/general',
      { circleId, sort: 'new', pageParam: { pageNum: 1, pageSize: 30 } },
      { json: true },
    );
    expect(ids(general.data.list, circlePosts)).toEqual(newestFirst(circlePosts));
    const anchor = await b.post(
      '/inform/post/list/anchor',
      { anchorId: a.id, pageParam: { pageNum: 1, pageSize: 30 } },
      { json: true },
    );
    expect(ids(anchor.data.list, dynamics)).toEqual(newestFirst(dynamics));
    const all = await b.post(
      '/inform/post/list/anchor',
      { pageParam: { pageNum: 1, pageSize: 30 } },
      { json: true },
    );
    expect(ids(all.data.list, dynamics)).toEqual(newestFirst(dynamics));
    const mine = await b.get('/inform/post/list/anchor/my', {}, { token: a.token });
    expect(ids(mine.data.list, dynamics)).toEqual(newestFirst(dynamics));
    const space = await b.app.services.community.feeds.byAuthor(a.id, {
      pageNum: 1,
      pageSize: 30,
      viewerId: null,
    });
    expect(ids(space.list, [...circlePosts, ...dynamics])).toEqual(
      [...circlePosts, ...dynamics]
        .map((p, i) => ({ id: p.id, h: hoursAgo[i % 3] }))
        .sort((x, y) => x.h - y.h || y.id - x.id)
        .map((p) => p.id),
    );
  });
});
