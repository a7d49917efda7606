import { access, cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveSessions, users, youliaoClips } from '../db/schema/index.ts';

/** The shipped clip files (HLS + poster), one folder per demo clip: data/youliao-clips/README.md. */
const FILES = fileURLToPath(new URL('./data/youliao-clips/', import.meta.url));

/**
 * The demo's clips, shipped ready in the repository (cut from the bundled demo stream, a generated
 * test signal: a pitch with a moving square, a score bar, a clock and a tone), so 有料 plays without
 * ffmpeg. Each is exactly end − start seconds long (re-encoded with a key frame every 2 s); the
 * titles say what they show and never claim a real match.
 */
export const DEMO_CLIPS = [
  {
    dir: 'front-10s',
    mobile: '13800000002',
    start: 0,
    end: 10,
    price: 0,
    title: '演示测试信号：绿茵场上移动的方块（前10秒）',
  },
  {
    dir: '6-18s',
    mobile: '13800000002',
    start: 6,
    end: 18,
    price: 20,
    title: '演示测试信号：比分条与计时器走动（6-18秒）',
  },
  {
    dir: 'full-20s',
    mobile: '13800000101',
    start: 0,
    end: 20,
    price: 12,
    title: '篮球区回放里的演示测试信号（完整20秒）',
  },
  {
    dir: 'last-10s',
    mobile: '13800000105',
    start: 10,
    end: 20,
    price: 0,
    title: '演示测试信号：后10秒画面与提示音',
  },
] as const;

/**
 * Writes the demo clips as 可观看 (ready), each on its anchor's first seeded replay, into a 有料
 * with no clip yet; their files are put in place by placeDemoClipFiles.
 */
export async function seedDemoClips(db: Db): Promise<number> {
  if ((await db.$count(youliaoClips)) > 0) return 0;
  let made = 0;
  for (const c of DEMO_CLIPS) {
    const [session] = await db
      .select({ id: liveSessions.id, anchorId: liveSessions.anchorId, navId: liveSessions.navId })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.anchorId))
      .where(
        and(eq(users.mobile, c.mobile), isNotNull(liveSessions.endedAt), isNotNull(liveSessions.replayUrl)),
      )
      .orderBy(asc(liveSessions.startedAt))
      .limit(1);
    if (!session) continue;
    const at = new Date();
    await db.insert(youliaoClips).values({
      sessionId: session.id,
      anchorId: session.anchorId,
      cutById: session.anchorId,
      sport: session.navId === 2 ? 2 : 1,
      title: c.title,
      price: c.price,
      startSec: c.start,
      endSec: c.end,
      duration: c.end - c.start,
      state: 'ready',
      readyAt: at,
    });
    made++;
  }
  return made;
}

/**
 * Copies each demo clip's shipped files to DATA_DIR/media/clips/{id}/ where they are missing (the
 * first start, or a fresh media folder on a copied database). Runs at every start; cheap when done.
 */
export async function placeDemoClipFiles(db: Db, clipsDir: string): Promise<number> {
  const rows = await db
    .select({ id: youliaoClips.id, title: youliaoClips.title })
    .from(youliaoClips)
    .where(
      and(
        eq(youliaoClips.state, 'ready'),
        inArray(
          youliaoClips.title,
          DEMO_CLIPS.map((c) => c.title),
        ),
      ),
    );
  let placed = 0;
  for (const r of rows) {
    const target = join(clipsDir, String(r.id));
    const present = await access(join(target, 'index.m3u8')).then(
      () => true,
      () => false,
    );
    if (present) continue;
    const clip = DEMO_CLIPS.find((c) => c.title === r.title)!;
    await cp(join(FILES, clip.dir), target, { recursive: true });
    placed++;
  }
  return placed;
}
