import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsArticles, opsLog } from '../../src/server/db/schema/index.ts';
import { pngDataUrl } from '../support/community.ts';
import { targets } from '../support/context.ts';
import { createNewsBench, type NewsBench } from '../support/news.ts';

describe.each(targets())('news editors on $name', (target) => {
  let b: NewsBench;
  beforeAll(async () => {
    b = await createNewsBench(target);
  }, 240_000);
  afterAll(() => b.close());

  it('is for editors only', async () => {
    const u = await b.user();
    expect(await b.get('/inform/info/editor/list')).toMatchObject({ status: 401 });
    expect(await b.get('/inform/info/editor/list', {}, { token: u.token })).toMatchObject({ status: 403 });
    expect((await b.get('/inform/info/editor/list', {}, { token: b.editor })).code).toBe(200);
  });

  it('validates the fields with messages naming them', async () => {
    expect(await b.draft({ title: '  ' })).toMatchObject({
      status: 400,
      msg: '参数 title 无效：标题不能为空',
    });
    expect(await b.draft({ title: '长'.repeat(81) })).toMatchObject({
      status: 400,
      msg: '参数 title 无效：标题不能超过 80 个字',
    });
    expect(await b.draft({ body: '<script></script>' })).toMatchObject({
      status: 400,
      msg: '参数 body 无效：正文不能为空',
    });
    expect(await b.draft({ columnId: 99999 })).toMatchObject({
      status: 400,
      msg: '参数 columnId 无效：栏目不存在',
    });
    expect(await b.draft({ cover: 'https://evil.example/x.png' })).toMatchObject({
      status: 400,
      msg: '参数 cover 无效：封面必须是本站上传的图片',
    });
    expect(await b.draft({ teamIds: [999999] })).toMatchObject({
      status: 400,
      msg: '参数 tags 无效：球队 999999 不存在',
    });
    expect(await b.draft({ tags: [{ kind: 'coach', refId: 1 }] })).toMatchObject({ status: 400 });
  });

  it('strips script, event handlers and javascript: links on save and on render', async () => {
    const body = [
      '正文<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[点我](javascript:alert(3))',
      '![图](https://tracker.example/p.png)',
      '[站内](/news/pages) [外链](https://example.com)',
      '<a href="#" onclick="alert(4)">链接</a>',
    ].join('\n\n');
    const saved = await b.draft({ body });
    expect(saved.code).toBe(200);
    expect(saved.data.body).not.toMatch(/<script|onerror|onclick|javascript:/i);
    // A body written straight into the database (an old row) is cleaned again when rendered.
    await b.app.db.update(newsArticles).set({ body }).where(eq(newsArticles.id, saved.data.id));
    await b.post('/inform/info/editor/publish', { id: saved.data.id }, { token: b.editor, json: true });
    const html: string = (await b.get(`/inform/info/detail/${saved.data.id}`)).data.html;
    expect(html).not.toMatch(/<script|onerror=|onclick=|javascript:|tracker\.example/i);
    expect(html).toContain('<a href="/news/pages">站内</a>');
    expect(html).toContain('rel="nofollow noopener"');
  });

  it('takes a draft through preview, scheduled publish, unpublish and delete, logging each step', async () => {
    const saved = await b.draft({ title: '定时发布的文章' });
    const id = saved.data.id;
    const token = saved.data.previewToken;
    expect(await b.app.services.news.articles.preview(token)).toMatchObject({ id, status: 'draft' });
    expect(await b.app.services.news.articles.preview('not-a-real-token-at-all')).toBeNull();
    const later = new Date(Date.now() + 3600_000).toISOString();
    const sched = await b.post(
      '/inform/info/editor/publish',
      { id, publishAt: later },
      { token: b.editor, json: true },
    );
    expect(sched.data.status).toBe('published');
    expect(await b.get(`/inform/info/detail/${id}`)).toMatchObject({ status: 404 });
    expect(
      await b.post('/inform/info/editor/publish', { id, publishAt: '明天' }, { token: b.editor, json: true }),
    ).toMatchObject({
      status: 400,
      msg: '参数 publishAt 无效：请填写正确的发布时间',
    });
    await b.post('/inform/info/editor/publish', { id }, { token: b.editor, json: true });
    expect((await b.get(`/inform/info/detail/${id}`)).code).toBe(200);
    await b.post('/inform/info/editor/unpublish', { id }, { token: b.editor, json: true });
    expect(await b.get(`/inform/info/detail/${id}`)).toMatchObject({ status: 404 });
    await b.post(
      '/inform/info/editor/save',
      { id, columnId: b.columnId('csl'), title: '改过的标题', body: '改过的正文' },
      { token: b.editor, json: true },
    );
    await b.post('/inform/info/editor/delete', { id }, { token: b.editor, json: true });
    expect(await b.get(`/inform/info/detail/${id}`)).toMatchObject({ status: 410 });
    expect(
      await b.post(
        '/inform/info/editor/save',
        { id, columnId: b.columnId('csl'), title: 'x', body: 'y' },
        { token: b.editor, json: true },
      ),
    ).toMatchObject({ status: 400 });
    const detail = await b.get(`/inform/info/editor/detail/${id}`, {}, { token: b.editor });
    expect(detail.data.history.map((h: { action: string }) => h.action)).toEqual([
      'delete',
      'update',
      'unpublish',
      'publish',
      'schedule',
      'create',
    ]);
    const logged = await b.app.db
      .select({ action: opsLog.action })
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'news_article'), eq(opsLog.targetId, String(id))));
    expect(logged.map((l) => l.action).sort()).toEqual(
      ['news.create', 'news.delete', 'news.publish', 'news.schedule', 'news.unpublish', 'news.update'].sort(),
    );
  });

  it('uploads pictures as WebP without EXIF and refuses non-images', async () => {
    const up = await b.post(
      '/inform/info/editor/image',
      { files: [await pngDataUrl('#123456', true)] },
      { token: b.editor, json: true },
    );
    expect(up.code).toBe(200);
    const url: string = up.data[0];
    expect(url).toMatch(/^\/uploads\/.+\.webp$/);
    const file = await b.app.services.uploads.storage.get(b.app.services.uploads.storage.nameOf(url)!);
    const meta = await sharp(file!.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const bad = await b.post(
      '/inform/info/editor/image',
      { files: [`data:image/png;base64,${Buffer.from('not an image').toString('base64')}`] },
      { token: b.editor, json: true },
    );
    expect(bad.status).toBe(400);
    const withCover = await b.draft({ cover: url });
    expect(withCover.data.cover).toBe(url);
  });
});
