import sharp from 'sharp';
import { circles } from '../../src/server/db/schema/index.ts';
import type { Target } from './context.ts';
import { createLiveBench } from './live.ts';

/** A small PNG as a data URL, optionally carrying EXIF (which the upload must strip). */
export async function pngDataUrl(color = '#0a7d4f', withExif = false): Promise<string> {
  let img = sharp({ create: { width: 800, height: 500, channels: 3, background: color } }).png();
  if (withExif) img = img.withExif({ IFD0: { Make: 'TestCam', Copyright: 'secret-owner' } });
  return `data:image/png;base64,${(await img.toBuffer()).toString('base64')}`;
}

/** The live bench plus community helpers: the circles, posting in one step, fresh users. */
export async function createCommunityBench(target: Target) {
  const b = await createLiveBench(target);
  const circleList = await b.app.db.select().from(circles);
  const circleId = (name: string) => circleList.find((c) => c.name === name)!.id;

  /** A new logged-in user of level 2. */
  const user = () => b.viewer({ level: 2 });

  let n = 0;
  /** Posts in 综合 (or `circle`) with unique text; returns the envelope. */
  const quickPost = (token: string, extra: Record<string, unknown> = {}) =>
    b.post(
      '/inform/post/addSave',
      {
        circleId: circleId('综合'),
        content: `第${++n}条测试帖：今晚的比赛值得一看 ${Math.random()}`,
        ...extra,
      },
      { token, json: true },
    );

  return { ...b, circleList, circleId, user, quickPost };
}

export type CommunityBench = Awaited<ReturnType<typeof createCommunityBench>>;
