import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { createNewsBench, type NewsBench } from '../support/news.ts';

/** Editing a published article: the change waits beside it (preview link only) until published. */
describe.each(targets())('pending changes of published articles on $name', (target) => {
  let b: NewsBench;
  beforeAll(async () => {
    b = await createNewsBench(target);
  }, 240_000);
  afterAll(() => b.close());

  const save = (id: number, title: string, body: string) =>
    b.post(
      '/inform/info/editor/save',
      { id, columnId: b.columnId('csl'), title, body },
      { token: b.editor, json: true },
    );
  const publish = (id: number, publishAt?: string) =>
    b.post('/inform/info/editor/publish', { id, publishAt }, { token: b.editor, json: true });

  it('keeps the published text for readers until the change is published', async () => {
    const created = await b.draft({ title: '发布后再修改的文章' });
    const { id, previewToken } = created.data;
    await publish(id);
    const firstPublish = (await b.get(`/inform/info/detail/${id}`)).data.publishedAt;

    const edited = await save(id, '修改后的标题', '修改后的正文');
    expect(edited.code).toBe(200);
    expect(edited.data).toMatchObject({ title: '发布后再修改的文章', draft: { title: '修改后的标题' } });
    // Readers: unchanged. The preview link: the change.
    expect((await b.get(`/inform/info/detail/${id}`)).data.title).toBe('发布后再修改的文章');
    expect(await b.app.services.news.articles.preview(previewToken)).toMatchObject({
      title: '修改后的标题',
      pending: true,
      html: expect.stringContaining('修改后的正文'),
    });
    const form = await b.get(`/inform/info/editor/detail/${id}`, {}, { token: b.editor });
    expect(form.data).toMatchObject({ hasDraft: true, source: { title: '修改后的标题' } });

    // A published article's change goes out now, not at a time.
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(await publish(id, later)).toMatchObject({
      status: 400,
      msg: '已发布文章的修改只能立即发布，不能定时',
    });
    expect((await publish(id)).code).toBe(200);
    const read = (await b.get(`/inform/info/detail/${id}`)).data;
    expect(read).toMatchObject({ title: '修改后的标题', publishedAt: firstPublish });
    expect(read.html).toContain('修改后的正文');
    const after = await b.get(`/inform/info/editor/detail/${id}`, {}, { token: b.editor });
    expect(after.data.hasDraft).toBe(false);
    expect(after.data.history.map((h: { action: string }) => h.action).slice(0, 3)).toEqual([
      'publish',
      'draft',
      'publish',
    ]);
  });

  it('throws a pending change away on revert, and refuses a revert with nothing pending', async () => {
    const created = await b.draft({ title: '撤销修改的文章' });
    const { id, previewToken } = created.data;
    await publish(id);
    await save(id, '不要的修改', '不要的正文');
    expect((await b.post('/inform/info/editor/revert', { id }, { token: b.editor, json: true })).code).toBe(
      200,
    );
    expect((await b.get(`/inform/info/detail/${id}`)).data.title).toBe('撤销修改的文章');
    expect(await b.app.services.news.articles.preview(previewToken)).toMatchObject({
      title: '撤销修改的文章',
    });
    expect(await b.post('/inform/info/editor/revert', { id }, { token: b.editor, json: true })).toMatchObject(
      {
        status: 400,
        msg: '这篇文章没有待发布的修改',
      },
    );
    const user = await b.user();
    expect(
      await b.post('/inform/info/editor/revert', { id }, { token: user.token, json: true }),
    ).toMatchObject({ status: 403 });
  });

  it('saves a draft or an unpublished article in place', async () => {
    const created = await b.draft({ title: '还没发布的文章' });
    const saved = await save(created.data.id, '直接改的标题', '直接改的正文');
    expect(saved.data).toMatchObject({ title: '直接改的标题', draft: null });
  });
});
