import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsLog } from '../../src/server/db/schema/index.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('staff console: feedback replies on $name', (target) => {
  let b: LiveBench;
  let operator: string;
  let fan: string;

  beforeAll(async () => {
    b = await createLiveBench(target);
    [operator, fan] = await Promise.all([DEMO.operator, DEMO.fan].map((m) => b.tokenOf(m)));
  }, 240_000);
  afterAll(() => b.close());

  it('a reply reaches the user’s 客服 thread, quoting the feedback, and marks it answered in the log', async () => {
    const u = await b.newUser();
    const sent = await b.post(
      '/inform/feedback/add',
      { content: '比分页在手机上刷新太慢', contact: '' },
      { token: u.token },
    );
    expect(sent.code, sent.msg).toBe(200);
    const id = sent.data.id as number;
    const path = `/ops/feedback/${id}/reply`;
    expect((await b.post(path, { content: '谢谢' })).status).toBe(401);
    expect((await b.post(path, { content: '谢谢' }, { token: fan })).status).toBe(403);
    expect(await b.post(path, { content: '  ' }, { token: operator })).toMatchObject({
      code: 400,
      msg: '请填写回复内容',
    });

    const r = await b.post(
      path,
      { content: '已优化比分推送，刷新后即可看到最新比分。' },
      { token: operator },
    );
    expect(r.code, r.msg).toBe(200);
    const conv = await b.app.services.messages.conversations.openService(u.id);
    expect(r.data.conversationId).toBe(conv.id);
    const thread = await b.app.services.messages.conversations.history(u.id, conv.id);
    const last = thread.list.at(-1)!;
    expect(last.content).toContain('已优化比分推送，刷新后即可看到最新比分。');
    expect(last.content).toContain('比分页在手机上刷新太慢');
    expect(await b.app.services.opsFeedback.replied([id])).toEqual(new Set([id]));
    const logged = await b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.action, 'feedback.reply'), eq(opsLog.targetId, String(id))));
    expect(logged).toHaveLength(1);
  });

  it('a visitor’s feedback cannot be answered in the site', async () => {
    const sent = await b.post('/inform/feedback/add', {
      content: '游客的建议：增加夜间模式',
      contact: 'a@example.com',
    });
    expect(sent.code, sent.msg).toBe(200);
    expect(
      await b.post(`/ops/feedback/${sent.data.id}/reply`, { content: '收到' }, { token: operator }),
    ).toMatchObject({
      code: 400,
      msg: '游客的反馈无法回复，请通过联系方式联系',
    });
  });
});
