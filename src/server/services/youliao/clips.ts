import { and, eq, lt, sql } from 'drizzle-orm';
import { join } from 'node:path';
import { fill } from '../../../lib/messages.ts';
import { YOULIAO_MSG, YOULIAO_RULES } from '../../../lib/youliao/rules.ts';
import type { Db } from '../../db/client.ts';
import { liveSessions, youliaoClips } from '../../db/schema/index.ts';
import { badRequest, forbidden, isApiError, notFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { isClipStaff, type Viewer } from './access.ts';
import { FfmpegMissing, ffmpegInstalled } from '../../providers/media/ffmpeg.ts';
import { cutClip } from './cut-clip.ts';
import { replaySource } from './source.ts';

export interface CutInput {
  sessionId: number;
  /** Seconds into the replay. */
  start: number;
  end: number;
  title: string;
  /** 球钻; 0 = free. */
  price: number;
  /** 1 football, 2 basketball; defaults to the replay's category. */
  sport?: number;
}

/** A cut left 处理中 this long (its instance stopped) is started again by the sweep. */
export const STALE_CUT_MS = 10 * 60_000;

/**
 * Cutting clips: the request checks the replay, the range and who asks, stores the clip as
 * 处理中 and returns at once; ffmpeg runs in the background, one cut at a time per instance,
 * and moves it to 可观看 or 失败.
 */
export function createClipCutter(deps: { db: Db; log: Logger; mediaDir: string; ffmpeg: string }) {
  const { db, log, mediaDir, ffmpeg } = deps;
  const clipsDir = join(mediaDir, 'clips');
  let queue: Promise<void> = Promise.resolve();

  async function fail(id: number, reason: string) {
    await db
      .update(youliaoClips)
      .set({ state: 'failed', failReason: reason, updatedAt: new Date() })
      .where(and(eq(youliaoClips.id, id), eq(youliaoClips.state, 'processing')));
  }

  async function process(id: number) {
    const [row] = await db
      .select({ clip: youliaoClips, replayUrl: liveSessions.replayUrl })
      .from(youliaoClips)
      .innerJoin(liveSessions, eq(liveSessions.id, youliaoClips.sessionId))
      .where(and(eq(youliaoClips.id, id), eq(youliaoClips.state, 'processing')));
    if (!row) return;
    try {
      const source = await replaySource(row.replayUrl, mediaDir);
      const duration = await cutClip(
        ffmpeg,
        source.file,
        row.clip.startSec,
        Math.min(row.clip.endSec, source.seconds),
        join(clipsDir, String(id)),
      );
      await db
        .update(youliaoClips)
        .set({ state: 'ready', duration, readyAt: new Date(), updatedAt: new Date(), failReason: null })
        .where(and(eq(youliaoClips.id, id), eq(youliaoClips.state, 'processing')));
    } catch (err) {
      log.warn({ err, clipId: id }, 'youliao cut failed');
      const reason = isApiError(err)
        ? err.message
        : err instanceof FfmpegMissing
          ? YOULIAO_MSG.ffmpegMissing
          : YOULIAO_MSG.cutFailed;
      await fail(id, reason);
    }
  }

  /** Queues a cut behind the others of this instance; never throws. */
  function schedule(id: number) {
    queue = queue.then(() => process(id)).catch((err) => log.warn({ err, clipId: id }, 'youliao cut error'));
    return queue;
  }

  return {
    clipsDir,
    schedule,
    /** Whether this server can cut at all (the cut page says so before the form). */
    canCut: () => ffmpegInstalled(ffmpeg),
    /** Resolves when every cut queued so far has finished (tests, shutdown). */
    idle: () => queue,

    async cut(actor: Viewer, input: CutInput) {
      const [session] = await db.select().from(liveSessions).where(eq(liveSessions.id, input.sessionId));
      if (!session) throw notFound(YOULIAO_MSG.replayUnknown);
      if (session.anchorId !== actor.id && !isClipStaff(actor)) throw forbidden(YOULIAO_MSG.cutForbidden);
      if (!session.endedAt) throw badRequest(YOULIAO_MSG.replayLive);
      const { start, end } = input;
      const length = end - start;
      if (!(start >= 0) || !(length >= YOULIAO_RULES.minLength) || !(length <= YOULIAO_RULES.maxLength))
        throw badRequest(YOULIAO_MSG.range);
      // Said before a clip is stored: without ffmpeg it could only fail later.
      if (!(await ffmpegInstalled(ffmpeg))) throw badRequest(YOULIAO_MSG.ffmpegNeeded);
      const source = await replaySource(session.replayUrl, mediaDir);
      // Half a second of slack: players and ffmpeg round the last segment differently.
      if (end > source.seconds + 0.5)
        throw badRequest(fill(YOULIAO_MSG.rangePastEnd, { duration: Math.floor(source.seconds) }));
      const [clip] = await db
        .insert(youliaoClips)
        .values({
          sessionId: session.id,
          anchorId: session.anchorId,
          cutById: actor.id,
          sport: input.sport ?? (session.navId === 2 ? 2 : 1),
          title: input.title,
          price: input.price,
          startSec: start,
          endSec: end,
        })
        .returning();
      void schedule(clip.id);
      return clip;
    },

    /** Starts again the cuts whose instance stopped before finishing them; returns how many. */
    async resumeStale(now = Date.now()) {
      const stale = await db
        .update(youliaoClips)
        .set({ updatedAt: new Date(now) })
        .where(
          and(eq(youliaoClips.state, 'processing'), lt(youliaoClips.updatedAt, new Date(now - STALE_CUT_MS))),
        )
        .returning({ id: youliaoClips.id });
      for (const { id } of stale) void schedule(id);
      return stale.length;
    },

    /** Counts a visit of the detail page (for 最热). */
    async countView(id: number) {
      await db
        .update(youliaoClips)
        .set({ views: sql`${youliaoClips.views} + 1` })
        .where(eq(youliaoClips.id, id));
    },
  };
}

export type ClipCutter = ReturnType<typeof createClipCutter>;
