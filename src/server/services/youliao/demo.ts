import { spawnSync } from 'node:child_process';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveSessions, users, youliaoClips } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { FFMPEG } from './ffmpeg.ts';
import type { YouliaoServices } from './index.ts';

/**
 * The demo's clips: cut by the ordinary cut call from seeded replays, which play the bundled test
 * signal (a generated pitch with a moving square, a score bar, a clock and a tone). The titles say
 * so; none claims to show a real match.
 */
const DEMO_CLIPS = [
  { mobile: '13800000002', start: 0, end: 10, price: 0, title: '演示测试信号：绿茵场上移动的方块（前10秒）' },
  {
    mobile: '13800000002',
    start: 6,
    end: 18,
    price: 20,
    title: '演示测试信号：比分条与计时器走动（6-18秒）',
  },
  { mobile: '13800000101', start: 0, end: 20, price: 12, title: '篮球区回放里的演示测试信号（完整20秒）' },
  { mobile: '13800000105', start: 10, end: 20, price: 0, title: '演示测试信号：后10秒画面与提示音' },
] as const;

/** Cuts the demo clips once, when no clip exists yet (first start); skipped without ffmpeg. */
export async function seedDemoClips(db: Db, youliao: YouliaoServices, log: Logger): Promise<number> {
  if ((await db.$count(youliaoClips)) > 0) return 0;
  if (spawnSync(FFMPEG, ['-version'], { stdio: 'ignore' }).status !== 0) {
    log.warn('ffmpeg not found: the demo 有料 clips are not cut (apt-get install ffmpeg)');
    return 0;
  }
  let made = 0;
  for (const c of DEMO_CLIPS) {
    const [session] = await db
      .select({ id: liveSessions.id, anchorId: liveSessions.anchorId })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.anchorId))
      .where(
        and(eq(users.mobile, c.mobile), isNotNull(liveSessions.endedAt), isNotNull(liveSessions.replayUrl)),
      )
      .orderBy(asc(liveSessions.startedAt))
      .limit(1);
    if (!session) continue;
    const clip = await youliao.cutter
      .cut({ id: session.anchorId, roles: [] }, { sessionId: session.id, ...c })
      .catch((err: unknown) => void log.warn({ err, title: c.title }, 'demo clip not cut'));
    if (clip) made++;
  }
  return made;
}
