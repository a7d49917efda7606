import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  notifications,
  opsLog,
  roomForbids,
  rooms,
  users,
} from '../../src/server/db/schema/index.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('staff console: the one report queue on $name', (target) => {
  let b: LiveBench;
  let operator: string;
  let editor: string;
  let fan: string;
  let operatorId: number;

  beforeAll(async () => {
    b = await createLiveBench(target);
    [operator, editor, fan] = await Promise.all(
      [DEMO.operator, DEMO.editor, DEMO.fan].map((m) => b.tokenOf(m)),
    );
    operatorId = await b.idOf(DEMO.operator);
  }, 240_000);
  afterAll(() => b.close());

  /** A new user's message in the demo room; its id. */
  async function message(content: string) {
    const sender = await b.viewer({ level: 3 });
    const r = await b.post(
      '/api/chat/msg',
      { roomId: b.demoRoom.id, platform: 1, content },
      { token: sender.token },
    );
    expect(r.code, r.msg).toBe(200);
    const [m] = await b.app.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.userId, sender.id))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    return { sender, id: m.id };
  }
  const lastNotice = async (userId: number) =>
    (
      await b.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .limit(1)
    )[0];
  const lastLog = async (action: string) =>
    (
      await b.app.db.select().from(opsLog).where(eq(opsLog.action, action)).orderBy(desc(opsLog.id)).limit(1)
    )[0];
  const decide = (body: Record<string, unknown>, token = operator) =>
    b.post('/ops/reports/decide', body, { token });

  it('takes a chat message report once, never one of your own, and shows it in the queue with its context', async () => {
    const before = await message('前一句正常聊天');
    const { sender, id } = await message('我这里有稳赚的比分，私聊');
    const reporter = await b.viewer();
    const body = { messageId: id, reason: '垃圾广告', detail: '发广告' };
    expect((await b.post('/api/report/message', body)).status).toBe(401);
    expect(
      await b.post('/api/report/message', { ...body, reason: '随便' }, { token: reporter.token }),
    ).toMatchObject({ code: 400, msg: '请选择举报原因' });
    expect((await b.post('/api/report/message', body, { token: reporter.token })).code).toBe(200);
    expect(await b.post('/api/report/message', body, { token: reporter.token })).toMatchObject({
      code: 400,
      msg: '您已经举报过该内容，请等待处理',
    });
    expect(await b.post('/api/report/message', body, { token: sender.token })).toMatchObject({
      code: 400,
      msg: '不能举报自己发布的内容',
    });

    const queue = await b.get('/ops/reports', undefined, { token: operator });
    const kase = queue.data.find(
      (c: { source: string; targetId: number }) => c.source === 'chat' && c.targetId === id,
    );
    expect(kase).toMatchObject({
      reports: 1,
      reasons: ['垃圾广告'],
      content: '我这里有稳赚的比分，私聊',
      authorId: sender.id,
      roomId: b.demoRoom.id,
    });
    const ctx = await b.app.services.opsReports.queue.context('chat', id);
    const ids = ctx.lines.map((l) => l.id);
    expect(ids).toContain(before.id);
    expect(ctx.lines.find((l) => l.reported)?.id).toBe(id);
    const reports = await b.get(`/ops/reports/chat/${id}`, undefined, { token: operator });
    expect(reports.data[0]).toMatchObject({ reporterId: reporter.id, reason: '垃圾广告', detail: '发广告' });
  });

  it('mutes the sender for the chosen time, logs it and tells the reporter; a second decision is refused', async () => {
    const { sender, id } = await message('你们都是托');
    const reporters = [await b.viewer(), await b.viewer()];
    for (const r of reporters)
      await b.post('/api/report/message', { messageId: id, reason: '辱骂引战' }, { token: r.token });
    expect(await decide({ source: 'chat', targetId: id, action: 'mute', reason: '辱骂' })).toMatchObject({
      code: 400,
      msg: '请选择禁言时长',
    });
    const res = await decide({
      source: 'chat',
      targetId: id,
      action: 'mute',
      minutes: 1440,
      reason: '辱骂其他球友',
    });
    expect(res).toMatchObject({ code: 200, data: { decision: 'mute', reporters: 2 } });
    const [u] = await b.app.db
      .select({ mutedUntil: users.mutedUntil })
      .from(users)
      .where(eq(users.id, sender.id));
    expect(u.mutedUntil!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(await lastLog('report.mute')).toMatchObject({
      actorId: operatorId,
      targetType: 'chat',
      targetId: String(id),
      reason: '辱骂其他球友',
      after: { action: 'mute', minutes: 1440 },
    });
    expect((await lastLog('user.mute'))?.targetId).toBe(String(sender.id));
    for (const r of reporters)
      expect(await lastNotice(r.id)).toMatchObject({
        kind: 'system',
        title: '举报处理结果',
        body: '您举报的聊天消息经核实违规，已对其发布者禁言1天',
      });
    expect(await decide({ source: 'chat', targetId: id, action: 'dismiss', reason: '再处理' })).toMatchObject(
      { code: 400, msg: '该举报已处理' },
    );
    const queue = await b.get('/ops/reports', undefined, { token: operator });
    expect(
      queue.data.some((c: { source: string; targetId: number }) => c.source === 'chat' && c.targetId === id),
    ).toBe(false);
  });

  it('hides a message (kept in the case) and bans a sender from the room', async () => {
    const hidden = await message('广告链接');
    const reporter = await b.viewer();
    await b.post(
      '/api/report/message',
      { messageId: hidden.id, reason: '垃圾广告' },
      { token: reporter.token },
    );
    expect((await decide({ source: 'chat', targetId: hidden.id, action: 'hide', reason: '广告' })).code).toBe(
      200,
    );
    expect(await b.app.db.select().from(chatMessages).where(eq(chatMessages.id, hidden.id))).toHaveLength(0);
    expect(await b.app.services.opsReports.queue.describe('chat', hidden.id)).toMatchObject({
      content: '广告链接',
      gone: true,
    });
    expect((await lastNotice(reporter.id))?.body).toBe('您举报的聊天消息经核实违规，已被隐藏');

    const rude = await message('骂人的话');
    await b.post(
      '/api/report/message',
      { messageId: rude.id, reason: '辱骂引战' },
      { token: reporter.token },
    );
    expect(
      (await decide({ source: 'chat', targetId: rude.id, action: 'roomBan', minutes: 60, reason: '辱骂' }))
        .code,
    ).toBe(200);
    const [f] = await b.app.db
      .select()
      .from(roomForbids)
      .where(and(eq(roomForbids.roomId, b.demoRoom.id), eq(roomForbids.userId, rude.sender.id)));
    expect(f.byUserId).toBe(operatorId);
    const again = await b.post(
      '/api/chat/msg',
      { roomId: b.demoRoom.id, platform: 1, content: '还想说' },
      { token: rude.sender.token },
    );
    expect(again.code).not.toBe(200);
  });

  it('dismisses a user report and suspends a reported room; a user has no hide', async () => {
    const target = await b.viewer();
    const reporter = await b.viewer();
    expect(
      (await b.post('/api/report/user', { userId: target.id, reason: '冒充他人' }, { token: reporter.token }))
        .code,
    ).toBe(200);
    expect(
      await decide({ source: 'user', targetId: target.id, action: 'hide', reason: '隐藏' }),
    ).toMatchObject({ code: 400, msg: '该举报不能执行此操作' });
    expect(
      (await decide({ source: 'user', targetId: target.id, action: 'dismiss', reason: '未发现冒充' })).code,
    ).toBe(200);
    expect((await lastNotice(reporter.id))?.body).toBe('您举报的用户经核实未发现违规，感谢您的反馈');

    const a = await b.anchor();
    const add = await b.post(
      '/api/report/add',
      { roomId: a.room.id, reason: '侵权盗播' },
      { token: reporter.token },
    );
    expect(add.code, add.msg).toBe(200);
    const queue = await b.get('/ops/reports', undefined, { token: operator });
    expect(
      queue.data.find(
        (c: { source: string; targetId: number }) => c.source === 'room' && c.targetId === a.room.id,
      ),
    ).toMatchObject({ reasons: ['侵权盗播'], authorId: a.id });
    expect((await decide({ source: 'room', targetId: a.room.id, action: 'hide', reason: '盗播' })).code).toBe(
      200,
    );
    const [r] = await b.app.db
      .select({ auditState: rooms.auditState })
      .from(rooms)
      .where(eq(rooms.id, a.room.id));
    expect(r.auditState).toBe(0);
    expect((await lastNotice(reporter.id))?.body).toBe('您举报的直播间经核实违规，已被封禁');
  });

  it('answers the queue only to operators: 401 to visitors, 403 to fans, editors', async () => {
    for (const [method, path] of [
      ['GET', '/ops/reports'],
      ['GET', '/ops/reports/chat/1'],
      ['POST', '/ops/reports/decide'],
    ] as const) {
      const call = (token?: string) =>
        method === 'GET'
          ? b.get(path, undefined, { token })
          : b.post(path, { source: 'chat', targetId: 1, action: 'dismiss', reason: 'x' }, { token });
      expect((await call()).status).toBe(401);
      for (const t of [fan, editor]) expect((await call(t)).status).toBe(403);
    }
  });
});
