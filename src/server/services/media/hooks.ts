import { and, desc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import type { Db } from '../../db/client.ts';
import type { Kv } from '../../kv/kv.ts';
import { liveSessions, rooms, users } from '../../db/schema/index.ts';
import { ApiError, forbidden } from '../../errors.ts';
import type { MediaProvider } from '../../providers/media/index.ts';
import type { FeedClock } from '../../providers/sports/clock.ts';
import { relinkBroadcast } from '../live/broadcast-match.ts';
import type { LiveServices } from '../live/index.ts';

/** A push that drops and comes back within this keeps its broadcast (one session, one replay). */
export const RESUME_WINDOW_MS = 30_000;

/**
 * How long a room put live without a push (开播 before OBS starts) waits for one; with a media
 * server a room is live only while its stream is.
 */
export const PUSH_WAIT_MS = 2 * 60_000;

const STREAM = /^r(\d{1,9})_([0-9a-f]{6,32})$/;

export interface PublishInput {
  /** The stream name nginx-rtmp was given (`r{roomId}_{secret}`). */
  name: string;
  authKey: string;
  /** nginx-rtmp's id of the publishing connection. */
  clientId: string;
}

/**
 * The media server's hooks (docs/streaming.md): a push starts (checked, then the room goes live or
 * resumes its broadcast), a push ends (the room goes offline; the replay follows), a viewer asks
 * for a playlist (its signed pull URL is checked).
 */
export function createMediaHooks(deps: {
  db: Db;
  kv: Kv;
  media: MediaProvider;
  live: Pick<LiveServices, 'roomAdmin' | 'publish' | 'rooms'>;
  clock: FeedClock;
}) {
  const { db, kv, media, live, clock } = deps;
  /** Set when a room's push dropped (not when its anchor ended it): a push back may resume it. */
  const dropKey = (roomId: number) => `media:dropped:${roomId}`;

  /** A push ended without 下播: the room goes offline, and its broadcast may resume for a while. */
  async function pushDropped(roomId: number, anchorId: number, sessionId: number) {
    await live.roomAdmin.down(roomId, { id: anchorId });
    await kv.set(dropKey(roomId), String(sessionId), RESUME_WINDOW_MS);
  }

  async function roomOf(name: string) {
    const m = STREAM.exec(name);
    if (!m) throw forbidden(LIVE_MSG.streamKeyInvalid);
    const [row] = await db
      .select({ room: rooms, anchorStatus: users.status })
      .from(rooms)
      .innerJoin(users, eq(users.id, rooms.anchorId))
      .where(eq(rooms.id, Number(m[1])));
    if (!row || row.room.streamSecret !== m[2]) throw forbidden(LIVE_MSG.streamKeyInvalid);
    return row;
  }

  /**
   * The room's last broadcast, if its push dropped less than RESUME_WINDOW_MS ago. One its anchor
   * ended (下播) is over: a push after it starts a new broadcast.
   */
  async function resumable(roomId: number) {
    // Taken, not read: once resumed, a later 下播 must not leave the broadcast resumable.
    const dropped = Number(await kv.take(dropKey(roomId)));
    if (!dropped) return null;
    const [s] = await db
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(
        and(
          eq(liveSessions.id, dropped),
          eq(liveSessions.roomId, roomId),
          eq(liveSessions.replayState, 'pending'),
          gt(liveSessions.endedAt, new Date(Date.now() - RESUME_WINDOW_MS)),
        ),
      )
      .orderBy(desc(liveSessions.startedAt))
      .limit(1);
    return s ?? null;
  }

  /**
   * Takes the broadcast back up: same session, the room live again for everyone. It keeps the feed
   * clock of its first push and notes the drop (the recording will join the pieces), and takes the
   * match the room is linked to now.
   */
  async function resume(roomId: number, sessionId: number, clientId: string) {
    const title = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(rooms).where(eq(rooms.id, roomId)).for('update');
      if (locked.liveState === 1) return null;
      const [before] = await tx
        .select({ endedAt: liveSessions.endedAt, feedGaps: liveSessions.feedGaps })
        .from(liveSessions)
        .where(and(eq(liveSessions.id, sessionId), eq(liveSessions.replayState, 'pending')))
        .for('update');
      if (!before?.endedAt) return null;
      const feedNow = clock.now();
      await relinkBroadcast(tx, sessionId, locked.matchId, feedNow);
      // The drop on the feed clock: as long before now as the push was away, at the feed's speed.
      const gap = { from: feedNow - (Date.now() - before.endedAt.getTime()) * clock.speed, to: feedNow };
      await tx
        .update(liveSessions)
        .set({
          endedAt: null,
          replayState: null,
          replayUrl: null,
          pushClient: clientId,
          feedGaps: [...before.feedGaps, gap],
        })
        .where(eq(liveSessions.id, sessionId));
      await tx
        .update(rooms)
        .set({ liveState: 1, liveSince: new Date(), sessionId, updatedAt: new Date() })
        .where(eq(rooms.id, roomId));
      return locked.title;
    });
    if (title === null) return false;
    live.rooms.invalidate();
    await live.publish.event({ type: 'up', roomId, title });
    return true;
  }

  return {
    /** on_publish: 2xx lets the push in; anything else and nginx drops it. */
    async publish(input: PublishInput) {
      const { room, anchorStatus } = await roomOf(input.name);
      if (!media.verifyPush(input.name, input.authKey, 0)) throw forbidden(LIVE_MSG.streamKeyInvalid);
      if (!media.verifyPush(input.name, input.authKey)) throw forbidden(LIVE_MSG.streamKeyExpired);
      if (anchorStatus !== 1) throw forbidden(LIVE_MSG.anchorSuspended);
      if (room.auditState !== 1) throw forbidden(LIVE_MSG.roomBlocked);
      if (room.liveState === 0) {
        const back = await resumable(room.id);
        if (back && (await resume(room.id, back.id, input.clientId)))
          return { roomId: room.id, sessionId: back.id, resumed: true };
      }
      // A new broadcast, or a room already up by its button: the room service's own up (and event).
      await live.roomAdmin.up({ id: room.anchorId }, {});
      const [current] = await db
        .select({ sessionId: rooms.sessionId })
        .from(rooms)
        .where(eq(rooms.id, room.id));
      const [s] = current.sessionId
        ? await db
            .update(liveSessions)
            .set({ pushClient: input.clientId, feedClockAt: new Date(clock.now()) })
            .where(and(eq(liveSessions.id, current.sessionId), isNull(liveSessions.pushClient)))
            .returning({ id: liveSessions.id })
        : [];
      if (!s) throw new ApiError(409, LIVE_MSG.streamBusy);
      return { roomId: room.id, sessionId: s.id, resumed: false };
    },

    /** on_publish_done: the push that went live ended; the room goes offline (the replay follows). */
    async publishDone(input: Omit<PublishInput, 'authKey'>) {
      const m = STREAM.exec(input.name);
      if (!m) return { roomId: null };
      const roomId = Number(m[1]);
      const [row] = await db
        .select({ anchorId: rooms.anchorId, sessionId: liveSessions.id })
        .from(rooms)
        .innerJoin(liveSessions, eq(liveSessions.id, rooms.sessionId))
        .where(and(eq(rooms.id, roomId), eq(liveSessions.pushClient, input.clientId)));
      // Not the push that is live (a refused second push, or one already ended): nothing to do.
      if (!row) return { roomId };
      await pushDropped(roomId, row.anchorId, row.sessionId);
      return { roomId, sessionId: row.sessionId };
    },

    /**
     * The media server stopped answering: its pushes are gone without an on_publish_done, so their
     * rooms go offline (a push back within the resume window still continues the same broadcast).
     */
    async endOrphanPushes() {
      const rows = await db
        .select({ roomId: rooms.id, anchorId: rooms.anchorId, sessionId: liveSessions.id })
        .from(rooms)
        .innerJoin(liveSessions, eq(liveSessions.id, rooms.sessionId))
        .where(and(eq(rooms.liveState, 1), isNotNull(liveSessions.pushClient)));
      for (const r of rows) await pushDropped(r.roomId, r.anchorId, r.sessionId);
      return rows.length;
    },

    /**
     * Rooms live without a push for longer than PUSH_WAIT_MS go offline: with a media server they
     * would show 直播中 over 信号中断 (the seeded demo rooms, or 开播 with OBS never started).
     */
    async endStreamlessRooms(now = Date.now()) {
      const rows = await db
        .select({ roomId: rooms.id, anchorId: rooms.anchorId })
        .from(rooms)
        .leftJoin(liveSessions, eq(liveSessions.id, rooms.sessionId))
        .where(
          and(
            eq(rooms.liveState, 1),
            isNull(liveSessions.pushClient),
            lt(rooms.liveSince, new Date(now - PUSH_WAIT_MS)),
          ),
        );
      for (const r of rows) await live.roomAdmin.down(r.roomId, { id: r.anchorId });
      return rows.length;
    },

    /** auth_request of a playlist: `/hls/{stream}.m3u8?auth_key=…`. */
    play(originalUri: string) {
      const url = URL.parse(originalUri, 'http://x');
      const authKey = url?.searchParams.get('auth_key') ?? '';
      if (!url || !media.verify(url.pathname, authKey)) throw forbidden(LIVE_MSG.pullDenied);
      return { uri: url.pathname };
    },
  };
}

export type MediaHooks = ReturnType<typeof createMediaHooks>;
