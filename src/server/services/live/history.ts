import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { MSG } from '../../../lib/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db } from '../../db/client.ts';
import type { MediaProvider } from '../../providers/media/index.ts';
import { follows, liveSessions, rooms, tradeRecords, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Caller, RoomAccess } from './access.ts';
import type { MatchLookup } from './matches.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A China calendar day as the UTC instant it starts. */
const chinaDay = (d: string) => new Date(`${d}T00:00:00+08:00`);
const minutesOf = (s: { startedAt: Date; endedAt: Date | null }) =>
  Math.max(0, Math.round(((s.endedAt ?? new Date()).getTime() - s.startedAt.getTime()) / 60_000));

/**
 * A replay's own time and length: those of its recording once the remux has measured it (a broadcast
 * begun by 开播 long before its push would otherwise label a 77 s video 32分钟), else the session's.
 * The recording ends with the push, so it began its length before the session's end.
 */
export function replaySpan(s: { startedAt: Date; endedAt: Date | null; durationSeconds: number | null }) {
  if (s.durationSeconds === null || !s.endedAt) {
    return { startedAt: s.startedAt.toISOString(), minutes: Math.max(1, minutesOf(s)) };
  }
  return {
    startedAt: new Date(s.endedAt.getTime() - s.durationSeconds * 1000).toISOString(),
    minutes: Math.max(1, Math.round(s.durationSeconds / 60)),
  };
}

/** A replay made from the media server's recording has a poster frame beside its playlist. */
const replayPoster = (url: string | null) =>
  url?.startsWith('/media/replays/') ? url.replace(/index\.m3u8$/, 'poster.jpg') : null;

/** 球票 the anchor earned from gifts while a session ran. */
const sessionIncome = sql<number>`cast((select coalesce(sum(t.amount), 0) from ${tradeRecords} t
  where t.user_id = ${liveSessions.anchorId} and t.type = ${TRADE_TYPE.giftIncome}
    and t.created_at >= ${liveSessions.startedAt} and t.created_at < coalesce(${liveSessions.endedAt}, now())) as integer)`;

/** Past broadcasts: the live history, the replays, and the anchor's statistics. */
export function createHistoryService(deps: {
  db: Db;
  access: RoomAccess;
  matches: MatchLookup;
  media: MediaProvider;
}) {
  const { db, access, matches, media } = deps;

  const sessionFields = {
    id: liveSessions.id,
    roomId: liveSessions.roomId,
    title: liveSessions.title,
    cover: liveSessions.cover,
    navId: liveSessions.navId,
    matchId: liveSessions.matchId,
    startedAt: liveSessions.startedAt,
    endedAt: liveSessions.endedAt,
    peakHeat: liveSessions.peakHeat,
    replayUrl: liveSessions.replayUrl,
  };
  const view = (s: { startedAt: Date; endedAt: Date | null }) => ({
    startedAt: s.startedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
    minutes: minutesOf(s),
  });

  return {
    /** GET /api/history/list: a room's broadcasts between two days; income only for its anchor. */
    async list(
      caller: Caller | null,
      input: { roomId: number; startDate?: string; endDate?: string; page: number; pageSize: number },
    ) {
      const room = await access.room(input.roomId);
      if ((input.startDate && !DAY.test(input.startDate)) || (input.endDate && !DAY.test(input.endDate)))
        throw badRequest(WALLET_MSG.dateRangeInvalid);
      const until = input.endDate ? new Date(chinaDay(input.endDate).getTime() + 86_400_000) : undefined;
      const where = and(
        eq(liveSessions.roomId, room.id),
        input.startDate ? gte(liveSessions.startedAt, chinaDay(input.startDate)) : undefined,
        until ? lt(liveSessions.startedAt, until) : undefined,
      );
      const mine = caller?.id === room.anchorId;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ ...sessionFields, income: sessionIncome })
          .from(liveSessions)
          .where(where)
          .orderBy(desc(liveSessions.startedAt))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(liveSessions).where(where),
      ]);
      // A running broadcast's peak so far is the room's heat now.
      const list = rows.map(({ income, replayUrl, ...s }) => ({
        ...s,
        ...view(s),
        peakHeat: s.endedAt ? s.peakHeat : Math.max(s.peakHeat, room.heat),
        hasReplay: Boolean(replayUrl && s.endedAt),
        income: mine ? Number(income) : null,
      }));
      return { list, total, page: input.page, pageSize: input.pageSize };
    },

    /** POST /api/back/pageByRoom: finished broadcasts with a recording, of a room or a category or all. */
    async replays(input: { roomId?: number; navId?: number; page: number; pageSize: number }) {
      const where = and(
        isNotNull(liveSessions.endedAt),
        isNotNull(liveSessions.replayUrl),
        input.roomId ? eq(liveSessions.roomId, input.roomId) : undefined,
        input.navId ? eq(liveSessions.navId, input.navId) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            ...sessionFields,
            durationSeconds: liveSessions.durationSeconds,
            anchorId: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
          })
          .from(liveSessions)
          .innerJoin(users, eq(users.id, liveSessions.anchorId))
          .where(where)
          .orderBy(desc(liveSessions.startedAt))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(liveSessions).where(where),
      ]);
      const list = rows.map(({ replayUrl, ...s }) => ({
        ...s,
        ...view(s),
        ...replaySpan(s),
        cover: replayPoster(replayUrl) ?? s.cover,
      }));
      return { list, total, page: input.page, pageSize: input.pageSize };
    },

    /** GET /api/back/detail?recordId: one replay with its video URL (signed afresh when on a pull line). */
    async replay(recordId: number) {
      const [s] = await db
        .select({
          ...sessionFields,
          durationSeconds: liveSessions.durationSeconds,
          anchorId: users.id,
          nickName: users.nickName,
          portrait: users.portrait,
          level: users.level,
        })
        .from(liveSessions)
        .innerJoin(users, eq(users.id, liveSessions.anchorId))
        .where(
          and(
            eq(liveSessions.id, recordId),
            isNotNull(liveSessions.endedAt),
            isNotNull(liveSessions.replayUrl),
          ),
        );
      if (!s) throw notFound(MSG.replayNotFound);
      const match = s.matchId ? ((await matches.briefs([s.matchId])).get(s.matchId) ?? null) : null;
      return {
        ...s,
        ...view(s),
        ...replaySpan(s),
        replayUrl: media.playReplay(s.replayUrl!, 0),
        match,
        poster: replayPoster(s.replayUrl) ?? s.cover,
      };
    },

    /** /v/anchor-zone: hours live, 球票 earned, gifts received, followers, over the last `days`. */
    async zone(caller: Caller, days: number) {
      const room = await access.ownRoom(caller);
      const since = new Date(Date.now() - days * 86_400_000);
      const [sessions, [money], followers] = await Promise.all([
        db
          .select({ startedAt: liveSessions.startedAt, endedAt: liveSessions.endedAt })
          .from(liveSessions)
          .where(and(eq(liveSessions.roomId, room.id), gte(liveSessions.startedAt, since))),
        db
          .select({
            income: sql<number>`cast(coalesce(sum(${tradeRecords.amount}), 0) as integer)`,
            gifts: count(),
          })
          .from(tradeRecords)
          .where(
            and(
              eq(tradeRecords.userId, caller.id),
              eq(tradeRecords.type, TRADE_TYPE.giftIncome),
              gte(tradeRecords.createdAt, since),
            ),
          ),
        db.$count(follows, and(eq(follows.targetType, 'anchor'), eq(follows.targetId, caller.id))),
      ]);
      const minutes = sessions.reduce((sum, s) => sum + minutesOf(s), 0);
      const [{ heat }] = await db.select({ heat: rooms.heat }).from(rooms).where(eq(rooms.id, room.id));
      return {
        roomId: room.id,
        days,
        sessions: sessions.length,
        liveHours: Math.round(minutes / 6) / 10,
        income: Number(money.income),
        gifts: money.gifts,
        followers,
        heat,
      };
    },
  };
}
