import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOULIAO_MSG } from '../../src/lib/youliao/rules.ts';
import { DEMO_CLIPS } from '../../src/server/seed/youliao.ts';
import { createClipCutter } from '../../src/server/services/youliao/clips.ts';
import { playlistSeconds } from '../../src/server/services/youliao/source.ts';
import { targets } from '../support/context.ts';
import { createYouliaoBench, type YouliaoBench } from '../support/youliao.ts';

/** The seconds a demo title promises: "前10秒" 10, "6-18秒" 12, "完整20秒" 20, "后10秒" 10. */
function titledSeconds(title: string): number {
  const range = /(\d+)-(\d+)秒/.exec(title);
  if (range) return Number(range[2]) - Number(range[1]);
  return Number(/(\d+)秒/.exec(title)![1]);
}

/** 有料 without ffmpeg (issue 33 items 8 and 13): seeded clips that play, and a plain answer to a cut. */
describe.each(targets())('有料 demo clips on $name', (target) => {
  let b: YouliaoBench;
  beforeAll(async () => {
    b = await createYouliaoBench(target);
  }, 120_000);
  afterAll(() => b.close());

  it('lists the seeded clips as ready, each exactly as long as its title says', async () => {
    const list = await b.get('/inform/movie/list', { pageSize: 20 });
    const titles = list.data.list.map((c: { title: string }) => c.title);
    expect(titles.sort()).toEqual(DEMO_CLIPS.map((c) => c.title).sort());
    for (const c of list.data.list) {
      expect(c.state).toBe('ready');
      expect(c.duration, c.title).toBe(titledSeconds(c.title));
      const detail = await b.get(`/inform/movie/detail/${c.id}`);
      expect(detail.data.durationText).toBe(`0:${String(c.duration).padStart(2, '0')}`);
    }
  });

  it('serves their files from the first start (no ffmpeg ran): playlist length, segments, poster', async () => {
    const list = await b.get('/inform/movie/list', { pageSize: 20 });
    const free = list.data.list.filter((c: { price: number }) => c.price === 0);
    expect(free.length).toBeGreaterThan(0);
    for (const c of free) {
      const playlist = await b.fetchRaw(`/svc/inform/movie/media/${c.id}/index.m3u8`);
      expect(playlist.status).toBe(200);
      expect(playlistSeconds(await playlist.text())).toBe(titledSeconds(c.title));
      const seg = await b.fetchRaw(`/svc/inform/movie/media/${c.id}/seg000.ts`);
      expect(seg.status).toBe(200);
      expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    const paid = list.data.list.find((c: { price: number }) => c.price > 0);
    expect((await b.fetchRaw(`/svc/inform/movie/media/${paid.id}/poster.jpg`)).status).toBe(200);
    expect((await b.fetchRaw(`/svc/inform/movie/media/${paid.id}/index.m3u8`)).status).toBe(403);
  });

  it('says what a cut needs on a server without ffmpeg, before storing anything', async () => {
    const anchor = await b.anchor();
    const sessionId = await b.replay(anchor);
    const cutter = createClipCutter({
      db: b.app.db,
      log: pino({ level: 'silent' }),
      mediaDir: b.yl.mediaDir,
      ffmpeg: '/nonexistent/ffmpeg',
    });
    expect(await cutter.canCut()).toBe(false);
    await expect(
      cutter.cut(
        { id: anchor.id, roles: [] },
        { sessionId, start: 0, end: 10, title: '没有ffmpeg的剪辑', price: 0 },
      ),
    ).rejects.toThrow(YOULIAO_MSG.ffmpegNeeded);
    const mine = await b.get('/inform/movie/mine', {}, { token: anchor.token });
    expect(mine.data).toEqual([]);
  });
});
