import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aboutPages, opsLog } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { createNewsBench, type NewsBench } from '../support/news.ts';
import { nearMiss } from '../support/near-miss.ts';

const API = '/inform/about/editor';

describe.each(targets())('about and help page editors on $name', (target) => {
  let b: NewsBench;
  let operator: string;
  beforeAll(async () => {
    b = await createNewsBench(target);
    operator = await b.tokenOf(DEMO.operator);
  }, 240_000);
  afterAll(() => b.close());

  const call = (path: string, body: Record<string, unknown>, token = b.editor) =>
    b.post(`${API}${path}`, body, { token, json: true });
  const reader = (id: number, category = 'about') => b.app.services.site.aboutPage({ id, category });

  it('is for editors only', async () => {
    const fan = await b.tokenOf(DEMO.fan);
    expect(await b.get(`${API}/list`)).toMatchObject({ status: 401 });
    expect(await b.get(`${API}/list`, {}, { token: fan })).toMatchObject({ status: 403 });
    expect(await b.get(`${API}/list`, {}, { token: operator })).toMatchObject({ status: 403 });
    expect(await call('/save', { id: 10003, title: 'x', body: 'y' }, operator)).toMatchObject({
      status: 403,
    });
    expect(await call('/publish', { id: 10003 }, fan)).toMatchObject({ status: 403 });
    const list = await b.get(`${API}/list`, {}, { token: b.editor });
    expect(list.code).toBe(200);
    const ids = list.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([10001, 10006, 20001, 2, 3, 4]));
  });

  it('keeps a draft from readers, shows it only through its preview link, then publishes it', async () => {
    const before = (await reader(10003))!;
    const detail = await b.get(`${API}/detail/10003`, {}, { token: b.editor });
    // The seed's HTML comes to the form as Markdown.
    expect(detail.data.source.body).toMatch(/^## |\n## /);
    expect(detail.data.source.body).not.toMatch(/<p>|<h2>/);

    const saved = await call('/save', {
      id: 10003,
      title: '版权声明（修订）',
      summary: '修订后的版权说明。',
      body: '## 修订说明\n\n本页已经修订，**请以此为准**。',
    });
    expect(saved.code).toBe(200);
    const token: string = saved.data.previewToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const hidden = (await reader(10003))!;
    expect(hidden.title).toBe(before.title);
    expect(hidden.body).toBe(before.body);
    expect(hidden.body).not.toContain('修订说明');

    const preview = await b.app.services.pages.preview(token);
    expect(preview).toMatchObject({ id: 10003, title: '版权声明（修订）' });
    expect(preview!.body).toContain('<h2>修订说明</h2>');
    expect(preview!.body).toContain('<strong>请以此为准</strong>');
    expect(await b.app.services.pages.preview('not-a-real-token-at-all')).toBeNull();
    expect(await b.app.services.pages.preview(nearMiss(token))).toBeNull();

    // A second save keeps the same preview link.
    const again = await call('/save', {
      id: 10003,
      title: '版权声明（修订）',
      body: '## 修订说明\n\n第二稿。',
    });
    expect(again.data.previewToken).toBe(token);

    const published = await call('/publish', { id: 10003 });
    expect(published.code).toBe(200);
    const after = (await reader(10003))!;
    expect(after.title).toBe('版权声明（修订）');
    expect(after.body).toContain('<h2>修订说明</h2>');
    expect(after.body).toContain('第二稿');
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // The draft is gone, and its link with it.
    expect(await b.app.services.pages.preview(token)).toBeNull();
    expect(await call('/publish', { id: 10003 })).toMatchObject({
      status: 400,
      msg: '这个页面没有待发布的草稿',
    });

    // The history keeps the seed's body and the published one.
    const history = (await b.get(`${API}/detail/10003`, {}, { token: b.editor })).data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['publish', 'original']);
    const original = await b.get(`${API}/version/10003/${history[1].id}`, {}, { token: b.editor });
    expect(original.data.body).toBe(before.body);
    expect(original.data.title).toBe(before.title);
    expect(await b.get(`${API}/version/10001/${history[1].id}`, {}, { token: b.editor })).toMatchObject({
      status: 404,
    });
  });

  it('reverts a draft and leaves the help page as it was', async () => {
    const before = (await reader(3, 'live'))!;
    const saved = await call('/save', { id: 3, title: '主播协议草稿', body: '草稿正文' });
    expect(saved.code).toBe(200);
    const reverted = await call('/revert', { id: 3 });
    expect(reverted.code).toBe(200);
    expect(await b.app.services.pages.preview(saved.data.previewToken)).toBeNull();
    const [row] = await b.app.db.select().from(aboutPages).where(eq(aboutPages.id, 3));
    expect(row).toMatchObject({ draftBody: null, previewToken: null, title: before.title });
    expect(await reader(3, 'live')).toEqual(before);
    expect(await call('/revert', { id: 3 })).toMatchObject({ status: 400 });
  });

  it('validates and sanitises: no script, event handler or javascript: link survives', async () => {
    expect(await call('/save', { id: 10004, title: ' ', body: 'x' })).toMatchObject({
      status: 400,
      msg: '参数 title 无效：标题不能为空',
    });
    expect(await call('/save', { id: 10004, title: '免责声明', body: '<script></script>' })).toMatchObject({
      status: 400,
      msg: '参数 body 无效：正文不能为空',
    });
    expect(await call('/save', { id: 99999, title: 't', body: 'b' })).toMatchObject({ status: 404 });
    const body = [
      '正文<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[点我](javascript:alert(3))',
      '<a href="#" onclick="alert(4)">链接</a>',
      '[站内](/about/10006)',
    ].join('\n\n');
    const saved = await call('/save', { id: 10004, title: '免责声明', body });
    expect(saved.code).toBe(200);
    expect(saved.data.draftBody).not.toMatch(/<script|onerror|onclick|javascript:/i);
    // A draft written straight into the database is cleaned again when rendered.
    await b.app.db.update(aboutPages).set({ draftBody: body }).where(eq(aboutPages.id, 10004));
    const preview = (await b.app.services.pages.preview(saved.data.previewToken))!;
    expect(preview.body).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    await call('/publish', { id: 10004 });
    const page = (await reader(10004))!;
    expect(page.body).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    expect(page.body).toContain('<a href="/about/10006">站内</a>');
  });

  it('writes an ops-log line for every action', async () => {
    await call('/save', { id: 10005, title: '用户协议', body: '## 一\n\n第一稿' });
    await call('/revert', { id: 10005 });
    await call('/save', { id: 10005, title: '用户协议', body: '## 一\n\n第二稿' });
    await call('/publish', { id: 10005 });
    const logged = await b.app.db
      .select({ action: opsLog.action, after: opsLog.after })
      .from(opsLog)
      .where(and(eq(opsLog.targetType, 'about_page'), eq(opsLog.targetId, '10005')))
      .orderBy(opsLog.id);
    expect(logged.map((l) => l.action)).toEqual([
      'about.draft',
      'about.revert',
      'about.draft',
      'about.publish',
    ]);
    expect(logged[3].after).toMatchObject({ body: '## 一\n\n第二稿', format: 'markdown', draft: null });
  });
});
