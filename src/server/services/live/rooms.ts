import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import { LIVE_NAVS } from '../../../lib/vocab/live-navs.ts';
import type { Db } from '../../db/client.ts';
import { anchorSchedules, follows, liveSessions, rooms, users } from '../../db/schema/index.ts';
import type { MediaProvider } from '../../providers/media/index.ts';
import { likeArg } from '../../db/like.ts';
import type { Caller, RoomAccess } from './access.ts';
import { replaySpan } from './history.ts';
import type { MatchLookup } from './matches.ts';
import { roomCardQuery, toCards } from './room-cards.ts';

export interface RoomPageInput {
  /** 0 every room (live ones first), 1 live rooms only. */
  roomType: 0 | 1;
  navId?: number;
  /** A room to leave out (the one being watched, under "more rooms"). */
  excludeRoomId?: number;
  word?: string;
  page: number;
  pageSize: number;
}

/** How long the hot lists are kept on one instance (others see a change within this time). */
export const HOT_TTL_MS = 5_000;

/** The stream name of a room on the media server: the secret part changes when the key is reset. */
export const streamOf = (room: { id: number; streamSecret: string }) => `r${room.id}_${room.streamSecret}`;

/** Room lists and the public view of one room. */
export function createRoomService(deps: {
  db: Db;
  access: RoomAccess;
  matches: MatchLookup;
  media: MediaProvider;
}) {
  const { db, access, matches, media } = deps;
  const listed = eq(rooms.auditState, 1);

  function filter(input: Omit<RoomPageInput, 'page' | 'pageSize'>) {
    const word = input.word?.trim().slice(0, 30);
    return and(
      listed,
      input.roomType === 1 ? eq(rooms.liveState, 1) : undefined,
      input.navId ? eq(rooms.navId, input.navId) : undefined,
      input.excludeRoomId ? ne(rooms.id, input.excludeRoomId) : undefined,
      word ? or(ilike(rooms.title, likeArg(word)), ilike(users.nickName, likeArg(word))) : undefined,
    );
  }

  // Hot lists (home page, /api/room/hotAppRoom, the category counts) are read far more often than
  // rooms change: kept a few seconds, dropped at once when a room goes up, down or is blocked.
  const hotCache = new Map<string, { at: number; value: Promise<unknown> }>();
  function hotRead<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = hotCache.get(key);
    if (hit && Date.now() - hit.at < HOT_TTL_MS) return hit.value as Promise<T>;
    const value = load();
    hotCache.set(key, { at: Date.now(), value });
    value.catch(() => hotCache.get(key)?.value === value && hotCache.delete(key));
    return value;
  }

  async function page(input: RoomPageInput) {
    const where = filter(input);
    const [rows, [{ total }]] = await Promise.all([
      roomCardQuery(db)
        .where(where)
        .orderBy(desc(rooms.liveState), desc(rooms.heat), asc(rooms.id))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      db.select({ total: count() }).from(rooms).innerJoin(users, eq(users.id, rooms.anchorId)).where(where),
    ]);
    const list = await toCards(rows, matches);
    // Changes whenever what the page shows changes, so a polling client can skip a redraw.
    const version = createHash('sha1')
      .update(JSON.stringify(list.map((r) => [r.id, r.liveState, r.heat, r.title, r.matchId])))
      .digest('base64url')
      .slice(0, 12);
    return { list, total, page: input.page, pageSize: input.pageSize, version };
  }

  return {
    page,

    /** Live rooms by heat (/api/room/hotAppRoom, the home page). */
    hot: (size: number) =>
      hotRead(`hot:${size}`, async () => {
        const rows = await roomCardQuery(db)
          .where(and(listed, eq(rooms.liveState, 1)))
          .orderBy(desc(rooms.heat), asc(rooms.id))
          .limit(size);
        return toCards(rows, matches);
      }),

    /** The categories with how many rooms of each are live. */
    navs: () =>
      hotRead('navs', async () => {
        const live = await db
          .select({ navId: rooms.navId, live: count() })
          .from(rooms)
          .where(and(listed, eq(rooms.liveState, 1)))
          .groupBy(rooms.navId);
        return LIVE_NAVS.map((n) => ({
          id: n.id,
          name: n.name,
          live: live.find((l) => l.navId === n.id)?.live ?? 0,
        }));
      }),

    /** Drops the hot lists (a room went up or down, or was blocked). */
    invalidate: () => hotCache.clear(),

    /** Live rooms showing a match (the match page's "who streams this"). */
    async forMatch(matchId: number) {
      const rows = await roomCardQuery(db)
        .where(and(listed, eq(rooms.matchId, matchId)))
        .orderBy(desc(rooms.liveState), desc(rooms.heat));
      return toCards(rows, matches);
    },

    /** GET /api/room/info: the fast-changing part of a room, for polling. */
    async info(roomId: number) {
      const r = await access.openRoom(roomId);
      const briefs = r.matchId ? await matches.briefs([r.matchId]) : new Map();
      return {
        roomId: r.id,
        title: r.title,
        notice: r.notice,
        liveState: r.liveState,
        heat: r.heat,
        liveSince: r.liveSince?.toISOString() ?? null,
        slowMode: r.slowMode,
        matchId: r.matchId,
        match: r.matchId ? (briefs.get(r.matchId) ?? null) : null,
      };
    },

    /** GET /api/room/detail: everything the room page needs, seen by `viewer` (null for a visitor). */
    async detail(roomId: number, viewer: Caller | null) {
      const r = await access.openRoom(roomId);
      const [[row], followers, followed, role, forbidden, schedule, replays] = await Promise.all([
        roomCardQuery(db).where(eq(rooms.id, r.id)),
        db.$count(follows, and(eq(follows.targetType, 'anchor'), eq(follows.targetId, r.anchorId))),
        viewer
          ? db.$count(
              follows,
              and(
                eq(follows.userId, viewer.id),
                eq(follows.targetType, 'anchor'),
                eq(follows.targetId, r.anchorId),
              ),
            )
          : 0,
        viewer ? access.roleIn(r, viewer.id) : null,
        viewer ? access.isForbidden(r.id, viewer.id) : false,
        db
          .select({
            id: anchorSchedules.id,
            title: anchorSchedules.title,
            startAt: anchorSchedules.startAt,
            matchId: anchorSchedules.matchId,
          })
          .from(anchorSchedules)
          .where(and(eq(anchorSchedules.anchorId, r.anchorId), gte(anchorSchedules.startAt, new Date())))
          .orderBy(asc(anchorSchedules.startAt))
          .limit(5),
        db
          .select({
            id: liveSessions.id,
            title: liveSessions.title,
            startedAt: liveSessions.startedAt,
            endedAt: liveSessions.endedAt,
            durationSeconds: liveSessions.durationSeconds,
            cover: liveSessions.cover,
          })
          .from(liveSessions)
          .where(
            and(
              eq(liveSessions.roomId, r.id),
              isNotNull(liveSessions.endedAt),
              isNotNull(liveSessions.replayUrl),
            ),
          )
          .orderBy(desc(liveSessions.startedAt))
          .limit(6),
      ]);
      const [card] = await toCards([row], matches);
      const scheduleMatches = await matches.briefs(schedule.flatMap((s) => (s.matchId ? [s.matchId] : [])));
      const [signature] = await db
        .select({ signature: users.signature })
        .from(users)
        .where(eq(users.id, r.anchorId));
      return {
        ...card,
        notice: r.notice,
        slowMode: r.slowMode,
        signature: signature?.signature ?? null,
        followers,
        isFollowed: followed > 0,
        role,
        forbidden,
        demo: media.demo,
        /** The media server did not answer its last health probe: the room says so. */
        mediaDown: media.health.down(),
        pullUrls: r.liveState === 1 ? media.pull(streamOf(r), viewer?.id ?? 0) : [],
        schedule: schedule.map((s) => ({
          ...s,
          startAt: s.startAt.toISOString(),
          match: s.matchId ? (scheduleMatches.get(s.matchId) ?? null) : null,
        })),
        replays: replays.map((s) => ({ id: s.id, title: s.title, cover: s.cover, ...replaySpan(s) })),
      };
    },

    /** Adds to a room's heat (chat, gifts, entries): a plain increment, no read first. */
    async addHeat(roomId: number, amount: number): Promise<number> {
      const [r] = await db
        .update(rooms)
        .set({ heat: sql`${rooms.heat} + ${amount}` })
        .where(eq(rooms.id, roomId))
        .returning({ heat: rooms.heat });
      return r?.heat ?? 0;
    },
  };
}

export type RoomService = ReturnType<typeof createRoomService>;
