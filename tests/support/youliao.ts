import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createGateway } from '../../src/server/gateway/index.ts';
import { liveSessions, youliaoClips } from '../../src/server/db/schema/index.ts';
import type { Target } from './context.ts';
import { createLiveBench, DEMO } from './live.ts';

/** The live bench plus 有料 helpers: finished replays, cutting and waiting, raw media fetches. */
export async function createYouliaoBench(target: Target) {
  const b = await createLiveBench(target);
  const { db } = b.app;
  const yl = b.app.services.youliao;
  const gw = createGateway(b.app);

  /** A finished broadcast of the anchor's room with `replayUrl` (the demo stream by default). */
  async function replay(
    anchor: { id: number; room: { id: number } },
    replayUrl: string | null = '/media/demo/master.m3u8',
    ended = true,
  ) {
    const [s] = await db
      .insert(liveSessions)
      .values({
        roomId: anchor.room.id,
        anchorId: anchor.id,
        title: '测试直播',
        navId: 1,
        startedAt: new Date(Date.now() - 3600_000),
        endedAt: ended ? new Date() : null,
        replayUrl,
      })
      .returning();
    return s.id;
  }

  /** A recording as the media server leaves it: DATA_DIR/media/replays/{id}/ (a copy of the demo's 540p). */
  async function recording(sessionId: number, broken = false) {
    const dir = join(yl.mediaDir, 'replays', String(sessionId));
    await mkdir(dir, { recursive: true });
    if (broken) {
      await writeFile(
        join(dir, 'index.m3u8'),
        '#EXTM3U\n#EXTINF:10.0,\nseg0.ts\n#EXTINF:10.0,\nseg1.ts\n#EXT-X-ENDLIST\n',
      );
      await writeFile(join(dir, 'seg0.ts'), 'not a video');
      await writeFile(join(dir, 'seg1.ts'), 'not a video');
    } else await cp('public/media/demo/540p', dir, { recursive: true });
    return `/media/replays/${sessionId}/index.m3u8`;
  }

  /** Cuts through the API and waits for the background job; returns the reply and the clip row. */
  async function cut(token: string, body: Record<string, unknown>) {
    const res = await b.post('/inform/movie/cut', body, { token });
    await yl.cutter.idle();
    const row =
      res.code === 200
        ? (await db.select().from(youliaoClips).where(eq(youliaoClips.id, res.data.id)))[0]
        : null;
    return { res, row };
  }

  /** A raw GET (media files are not envelopes). */
  const fetchRaw = (path: string, token?: string) =>
    gw.request(path, {
      headers: {
        'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1`,
        ...(token ? { accessToken: token } : {}),
      },
    });

  return {
    ...b,
    yl,
    replay,
    recording,
    cut,
    fetchRaw,
    editorToken: () => b.tokenOf(DEMO.editor),
    operatorToken: () => b.tokenOf(DEMO.operator),
    async close() {
      await yl.cutter.idle();
      await b.close();
      await rm(yl.mediaDir, { recursive: true, force: true });
    },
  };
}

export type YouliaoBench = Awaited<ReturnType<typeof createYouliaoBench>>;
