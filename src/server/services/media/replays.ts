import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveSessions } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';
import { RESUME_WINDOW_MS } from './hooks.ts';
import { remuxToHls } from './remux.ts';

/** The replay of session `id` as the site serves it (a contract: highlights cut clips from these files). */
export const replayPath = (id: number) => `/media/replays/${id}/index.m3u8`;

/** nginx-rtmp names recordings `{stream}-{unix seconds}.flv` (record_unique). */
const RECORDING = /^r(\d+)_[0-9a-f]+-(\d{9,11})\.flv$/;
/** Slack between the session's times and the recordings' (the push connects before the hook answers). */
const SLACK_MS = 15_000;
/** How far a recording's start lies outside a broadcast's time (0 inside; a running one has no end). */
const distance = (at: number, s: { startedAt: Date; endedAt: Date | null }) =>
  Math.max(0, s.startedAt.getTime() - at, at - (s.endedAt?.getTime() ?? Infinity));
/**
 * Longer than one replay can take (its remux is killed at 10 min, its poster at 1): a session still
 * `processing` after this was left by a maker that stopped (a crash, a restart) and is made again.
 */
export const REMUX_STUCK_MS = 12 * 60_000;
/** A replay whose remux was interrupted this many times (it crashes its maker) is marked failed. */
export const MAX_REPLAY_ATTEMPTS = 3;

/**
 * Recordings → replays (docs/streaming.md): once a pushed broadcast has been over for the resume
 * window, its recordings are remuxed to DATA_DIR/media/replays/{sessionId}/ and the session gets
 * its replayUrl and duration. A failed remux marks the replay failed and keeps the raw files.
 */
export function createReplayMaker(deps: { db: Db; log: Logger; mediaDir: string; ffmpeg: string }) {
  const { db, log, mediaDir, ffmpeg } = deps;
  const recordings = join(mediaDir, 'recordings');

  /**
   * The recordings of pushed session `s`: those of its room from its start to its end, within the
   * slack, that lie nearer to it than to the room's pushed broadcast just before or after it (an anchor
   * who ends one push and starts the next within the slack has two sessions, each with its own file).
   */
  async function recordingsOf(s: { id: number; roomId: number; startedAt: Date; endedAt: Date }) {
    const names = await readdir(recordings).catch(() => [] as string[]);
    const neighbours = await pushedNeighbours(s);
    return names
      .map((n) => ({ n, m: RECORDING.exec(n) }))
      .filter(({ m }) => m && Number(m[1]) === s.roomId)
      .map(({ n, m }) => ({ file: join(recordings, n), at: Number(m![2]) * 1000 }))
      .filter((r) => {
        const own = distance(r.at, s);
        return own <= SLACK_MS && neighbours.every((other) => own <= distance(r.at, other));
      })
      .sort((a, b) => a.at - b.at)
      .map((r) => r.file);
  }

  /** The room's pushed broadcasts right before and right after `s` (a running one has no end yet). */
  async function pushedNeighbours(s: { id: number; roomId: number; startedAt: Date }) {
    const ofRoom = and(
      eq(liveSessions.roomId, s.roomId),
      ne(liveSessions.id, s.id),
      isNotNull(liveSessions.feedClockAt),
    );
    const columns = { startedAt: liveSessions.startedAt, endedAt: liveSessions.endedAt };
    const [before] = await db
      .select(columns)
      .from(liveSessions)
      .where(and(ofRoom, lte(liveSessions.startedAt, s.startedAt)))
      .orderBy(desc(liveSessions.startedAt))
      .limit(1);
    const [after] = await db
      .select(columns)
      .from(liveSessions)
      .where(and(ofRoom, gt(liveSessions.startedAt, s.startedAt)))
      .orderBy(asc(liveSessions.startedAt))
      .limit(1);
    return [before, after].filter((x) => x !== undefined);
  }

  /** One session: claimed by whoever moves it from pending to processing. */
  async function make(s: { id: number; roomId: number; startedAt: Date; endedAt: Date; pushed: boolean }) {
    const { id } = s;
    // Claimed with the others of its sweep; its own remux starts now.
    await db.update(liveSessions).set({ replayClaimedAt: new Date() }).where(eq(liveSessions.id, id));
    if (!s.pushed) {
      // Up and down by the buttons, never pushed: there is nothing to make a replay of (a recording
      // that starts soon after it ended is the next broadcast's, issue 33 item 7).
      await db.update(liveSessions).set({ replayState: null }).where(eq(liveSessions.id, id));
      return 'none';
    }
    const files = await recordingsOf(s);
    if (files.length === 0) {
      log.warn({ sessionId: id }, 'no recording found for the broadcast');
      await db.update(liveSessions).set({ replayState: 'failed' }).where(eq(liveSessions.id, id));
      return 'failed';
    }
    try {
      const seconds = await remuxToHls(ffmpeg, files, join(mediaDir, 'replays', String(id)));
      await db
        .update(liveSessions)
        .set({ replayState: 'ready', replayUrl: replayPath(id), durationSeconds: seconds })
        .where(eq(liveSessions.id, id));
      await Promise.all(files.map((f) => rm(f, { force: true })));
      return 'ready';
    } catch (err) {
      log.warn({ err, sessionId: id, files }, 'remuxing the recording failed; the raw files are kept');
      await db.update(liveSessions).set({ replayState: 'failed' }).where(eq(liveSessions.id, id));
      return 'failed';
    }
  }

  /**
   * Puts back the replays an interrupted maker left processing (their raw recordings are still
   * there); one interrupted MAX_REPLAY_ATTEMPTS times is marked failed instead, its raw files kept.
   */
  async function requeueInterrupted(now = Date.now()) {
    const back = await db
      .update(liveSessions)
      .set({
        replayState: sql`case when ${liveSessions.replayAttempts} >= ${MAX_REPLAY_ATTEMPTS} then 'failed' else 'pending' end`,
        replayClaimedAt: null,
      })
      .where(
        and(
          eq(liveSessions.replayState, 'processing'),
          or(
            isNull(liveSessions.replayClaimedAt),
            lt(liveSessions.replayClaimedAt, new Date(now - REMUX_STUCK_MS)),
          ),
        ),
      )
      .returning({ id: liveSessions.id, state: liveSessions.replayState });
    const failed = back.filter((s) => s.state === 'failed').map((s) => s.id);
    const queued = back.filter((s) => s.state === 'pending').map((s) => s.id);
    if (failed.length)
      log.warn({ sessions: failed }, 'replays interrupted too often marked failed; raw files kept');
    if (queued.length) log.warn({ sessions: queued }, 'interrupted replays queued again');
    return queued.length;
  }

  return {
    requeueInterrupted,

    /** Every broadcast whose resume window has passed; returns how many were made (or failed). */
    async makeDue(now = Date.now()) {
      await requeueInterrupted(now);
      const due = await db
        .update(liveSessions)
        .set({
          replayState: 'processing',
          replayClaimedAt: new Date(now),
          replayAttempts: sql`${liveSessions.replayAttempts} + 1`,
        })
        .where(
          and(
            eq(liveSessions.replayState, 'pending'),
            lt(liveSessions.endedAt, new Date(now - RESUME_WINDOW_MS)),
          ),
        )
        .returning({
          id: liveSessions.id,
          roomId: liveSessions.roomId,
          startedAt: liveSessions.startedAt,
          endedAt: liveSessions.endedAt,
          feedClockAt: liveSessions.feedClockAt,
        });
      const results: string[] = [];
      for (const s of due)
        results.push(await make({ ...s, endedAt: s.endedAt!, pushed: s.feedClockAt !== null }));
      return results;
    },
  };
}
