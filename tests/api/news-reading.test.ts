import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticles } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createNewsBench, type NewsBench } from '../support/news.ts';

describe.each(targets())('news columns, lists and articles on $name', (target) => {
  let b: NewsBench;
  beforeAll(async () => {
    b = await createNewsBench(target);
  }, 240_000);
  afterAll(() => b.close());

  it('lists the twelve columns in tab order with their counts', async () => {
    const res = await b.post('/inform/info/listCategory', {});
    expect(res.code).toBe(200);
    expect(res.data.map((c: { name: string }) => c.name)).toEqual([
      '头条',
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
      '专题',
    ]);
    await b.published({ columnId: b.columnId('nba') });
    const again = await b.post('/inform/info/listCategory', {});
    expect(again.data.find((c: { slug: string }) => c.slug === 'nba').count).toBeGreaterThanOrEqual(1);
  });

  it('pages the list (30 by default), filters by column, keyword and author, and refuses bad input', async () => {
    const tag = `关键词${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 33; i++)
      ids.push(await b.published({ columnId: b.columnId('laliga'), title: `${tag} 第${i}篇` }));
    const first = await b.post(
      '/inform/info/list',
      { columnNo: b.columnId('laliga'), keyword: tag },
      { json: true },
    );
    expect(first.data).toMatchObject({ total: 33, pageNum: 1, pageSize: 30 });
    expect(first.data.list).toHaveLength(30);
    expect(first.data.list[0].id).toBe(ids[32]);
    const second = await b.post(
      '/inform/info/list',
      { columnNo: b.columnId('laliga'), keyword: tag, pageParam: { pageNum: 2, pageSize: 30 } },
      { json: true },
    );
    expect(second.data.list.map((a: { id: number }) => a.id)).toEqual([ids[2], ids[1], ids[0]]);
    // 头条 lists every column; another column none of these.
    const headline = await b.post(
      '/inform/info/list',
      { columnNo: b.columnId('headline'), keyword: tag },
      { json: true },
    );
    expect(headline.data.total).toBe(33);
    const other = await b.post(
      '/inform/info/list',
      { columnNo: b.columnId('seriea'), keyword: tag },
      { json: true },
    );
    expect(other.data.total).toBe(0);
    const editorId = (await b.app.db.select().from(newsArticles).where(eq(newsArticles.id, ids[0])))[0]
      .authorId;
    const byAuthor = await b.post(
      '/inform/info/list',
      { authorId: editorId, keyword: tag, pageSize: 5 },
      { json: true },
    );
    expect(byAuthor.data).toMatchObject({ total: 33, pageSize: 5 });
    const nobody = await b.post('/inform/info/list', { authorId: 999999, keyword: tag }, { json: true });
    expect(nobody.data.total).toBe(0);
    expect(await b.post('/inform/info/list', { columnNo: 99999 }, { json: true })).toMatchObject({
      status: 400,
      msg: '参数 columnNo 无效：栏目不存在',
    });
    expect(await b.post('/inform/info/list', { pageParam: { pageNum: 0 } }, { json: true })).toMatchObject({
      status: 400,
    });
    expect(await b.post('/inform/info/list', { pageSize: 101 }, { json: true })).toMatchObject({
      status: 400,
    });
    // LIKE wildcards are text, not patterns.
    expect((await b.post('/inform/info/list', { keyword: '%' }, { json: true })).data.total).toBe(0);
  });

  it('shows a published article with its tags; drafts are 404, deleted ones 410 naming the column', async () => {
    const id = await b.published({ columnId: b.columnId('bundesliga') });
    const res = await b.get(`/inform/info/detail/${id}`);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ id, column: { slug: 'bundesliga', name: '德甲' }, status: 'published' });
    expect(res.data.html).toContain('<h2>小标题</h2>');
    const draft = await b.draft();
    expect(await b.get(`/inform/info/detail/${draft.data.id}`)).toMatchObject({
      status: 404,
      msg: '文章不存在或已下线',
    });
    expect(await b.get('/inform/info/detail/999999')).toMatchObject({ status: 404 });
    expect(await b.get('/inform/info/detail/abc')).toMatchObject({ status: 400 });
    await b.post('/inform/info/editor/delete', { id }, { token: b.editor, json: true });
    expect(await b.get(`/inform/info/detail/${id}`)).toMatchObject({
      status: 410,
      msg: '这篇文章已被删除',
      data: { column: { slug: 'bundesliga', name: '德甲' } },
    });
  });

  it('counts views in the KV store and writes them to the database in one flush', async () => {
    const id = await b.published();
    for (let i = 0; i < 5; i++) await b.get(`/inform/info/detail/${id}`);
    const row = async () => (await b.app.db.select().from(newsArticles).where(eq(newsArticles.id, id)))[0];
    expect((await row()).views).toBe(0);
    expect(await b.app.services.news.views.flush()).toBeGreaterThanOrEqual(1);
    expect((await row()).views).toBe(5);
    await b.get(`/inform/info/detail/${id}`);
    await b.app.services.news.views.flush();
    expect((await row()).views).toBe(6);
    expect(await b.app.services.news.views.flush()).toBe(0);
  });

  it('serves banner, hot and recommend lists of readable articles only', async () => {
    const id = await b.published({ columnId: b.columnId('ligue1') });
    const hot = await b.get('/inform/info/hot', { columnNo: b.columnId('ligue1') });
    expect(hot.data.map((a: { id: number }) => a.id)).toContain(id);
    const banner = await b.get('/inform/info/banner', { columnNo: b.columnId('ligue1') });
    expect(banner.code).toBe(200);
    expect(banner.data.every((a: { cover: string | null }) => a.cover)).toBe(true);
    const rec = await b.get('/inform/info/recommend');
    expect(rec.code).toBe(200);
    const draft = await b.draft({ columnId: b.columnId('ligue1') });
    const hot2 = await b.get('/inform/info/hot', { columnNo: b.columnId('ligue1') });
    expect(hot2.data.map((a: { id: number }) => a.id)).not.toContain(draft.data.id);
  });
});
