import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';
import { delivery, startHub } from '../support/live-socket.ts';

describe.each(targets())('rooms and the sports engine on $name', (target) => {
  let b: LiveBench;
  let hub: Awaited<ReturnType<typeof startHub>>;
  let matchId: number;
  beforeAll(async () => {
    b = await createLiveBench(target);
    hub = await startHub(b.app);
    matchId = await insertMatch(b.app.db);
  }, 120_000);
  afterAll(async () => {
    await hub.stop();
    await b.close();
  });

  it('links a room to a match, shows its brief, and lists the room for the match', async () => {
    const a = await b.anchor();
    expect((await b.post('/api/room/update', { matchId }, { token: a.token })).data.matchId).toBe(matchId);
    const detail = (await b.get('/api/room/detail', { roomId: a.room.id })).data;
    expect(detail.match).toMatchObject({
      id: matchId,
      home: expect.any(String),
      away: expect.any(String),
      phase: 'scheduled',
    });
    const byMatch = await b.get('/api/match/pcAnchorByMatch', { matchId, matchType: detail.match.sport });
    expect(byMatch.data.rooms.map((r: { id: number }) => r.id)).toContain(a.room.id);
    expect((await b.post('/api/room/update', { matchId: 0 }, { token: a.token })).data.matchId).toBeNull();
  });

  it('announces a broadcast for a match with its kickoff time and teams as defaults', async () => {
    const a = await b.anchor();
    const pickable = await b.get('/api/anchor/schedule/matches', {}, { token: a.token });
    expect(pickable.data.some((m: { id: number }) => m.id === matchId)).toBe(true);
    const added = await b.post('/api/anchor/schedule/add', { matchId }, { token: a.token });
    expect(added.data.title).toBe(`${added.data.match.home} vs ${added.data.match.away}`);
    expect(added.data.startAt).toBe(added.data.match.kickoffAt);
    const anchors = (await b.get('/api/match/pcAnchorByMatch', { matchId })).data.anchors;
    expect(anchors).toContainEqual(expect.objectContaining({ anchorId: a.id, roomId: a.room.id }));
    expect((await b.get('/api/match/list', { anchorId: a.id })).data[0]).toMatchObject({
      matchId,
      match: { id: matchId },
    });
  });

  it('runs the chat of a match on match:{id}, with the same rules as room chat', async () => {
    const u = await b.viewer({ level: 2 });
    const welcome = await b.post('/chat/welcome', { matchId });
    expect(welcome.data.welcome).toMatch(/^欢迎来到 红队 vs 蓝队 的聊天室！/);
    const watcher = await hub.connect(null, CHANNEL.match(matchId));
    const sent = await b.post(
      '/chat/msg',
      { matchId, content: '这场谁赢？', platform: 1 },
      { token: u.token },
    );
    expect(sent.data).toMatchObject({ matchId, roomId: null, content: '这场谁赢？' });
    expect(
      (await watcher.next(delivery(WS_CODE.chatMessage, (p) => p.id === sent.data.id))).data.channel,
    ).toBe(`match:${matchId}`);
    expect(
      (await b.post('/chat/page', { matchId, pageSize: 20 })).data.list.map((m: { id: number }) => m.id),
    ).toContain(sent.data.id);
    expect(await b.post('/chat/msg', { matchId, content: '' }, { token: u.token })).toMatchObject({
      status: 400,
      msg: '请输入聊天内容',
    });
    expect(
      await b.post('/chat/msg', { matchId: 99_999_999, content: 'hi' }, { token: u.token }),
    ).toMatchObject({ status: 404, msg: '比赛不存在' });
    expect(await b.post('/chat/msg', { matchId, content: 'hi' })).toMatchObject({ status: 401 });
    watcher.close();
  });

  it('uploads a cover through /api/upload/multiUploadBase64 and sets it', async () => {
    const a = await b.anchor();
    const png = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#0a7d4f' } })
      .png()
      .toBuffer();
    const up = await b.post(
      '/api/upload/multiUploadBase64',
      { files: [`data:image/png;base64,${png.toString('base64')}`] },
      { token: a.token, json: true },
    );
    expect(up.data).toEqual([expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/)]);
    expect((await b.post('/api/room/update', { cover: up.data[0] }, { token: a.token })).data.cover).toBe(
      up.data[0],
    );
    expect(
      await b.post(
        '/api/upload/multiUploadBase64',
        { files: ['bm90IGFuIGltYWdl'] },
        { token: a.token, json: true },
      ),
    ).toMatchObject({ status: 400, msg: '仅支持上传 JPG、PNG、WebP、GIF 格式的图片' });
  });
});
