import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import type { Db } from '../../db/client.ts';
import { anchorSchedules, rooms, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Caller, RoomAccess } from './access.ts';
import type { MatchLookup } from './matches.ts';

/** How far ahead an anchor may announce a broadcast. */
export const SCHEDULE_AHEAD_MS = 30 * 86_400_000;
/** A broadcast stays on the schedule this long after its start (it may still be running). */
const SHOW_AFTER_START_MS = 3 * 3600_000;
const chars = (s: string) => [...s].length;

/** 直播预告: broadcasts an anchor announces, mostly for a match (/v/anchor-add, /api/match/list?anchorId). */
export function createScheduleService(deps: { db: Db; access: RoomAccess; matches: MatchLookup }) {
  const { db, access, matches } = deps;

  async function withMatches<T extends { matchId: number | null }>(rows: T[]) {
    const briefs = await matches.briefs(rows.flatMap((r) => (r.matchId ? [r.matchId] : [])));
    return rows.map((r) => ({ ...r, match: r.matchId ? (briefs.get(r.matchId) ?? null) : null }));
  }

  return {
    async add(caller: Caller, input: { matchId?: number; title?: string; startAt?: Date }) {
      await access.ownRoom(caller);
      const match = input.matchId ? (await matches.briefs([input.matchId])).get(input.matchId) : undefined;
      if (input.matchId && !match) throw badRequest(SPORTS_MSG.matchNotFound);
      const title = input.title?.trim() || (match ? `${match.home} vs ${match.away}` : '');
      if (chars(title) < 2 || chars(title) > 30) throw badRequest(LIVE_MSG.scheduleTitleRule);
      const startAt = input.startAt ?? (match ? new Date(match.kickoffAt) : undefined);
      const now = Date.now();
      if (
        !startAt ||
        Number.isNaN(startAt.getTime()) ||
        startAt.getTime() < now - SHOW_AFTER_START_MS ||
        startAt.getTime() > now + SCHEDULE_AHEAD_MS
      ) {
        throw badRequest(LIVE_MSG.scheduleTimeRule);
      }
      const [row] = await db
        .insert(anchorSchedules)
        .values({ anchorId: caller.id, matchId: input.matchId ?? null, title, startAt })
        .returning();
      return {
        ...row,
        startAt: row.startAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        match: match ?? null,
      };
    },

    async remove(caller: Caller, id: number) {
      const [row] = await db.select().from(anchorSchedules).where(eq(anchorSchedules.id, id));
      if (!row) throw notFound(LIVE_MSG.scheduleNotFound);
      if (row.anchorId !== caller.id) throw forbidden(LIVE_MSG.anchorOnly);
      await db.delete(anchorSchedules).where(eq(anchorSchedules.id, id));
      return { id };
    },

    /** GET /api/match/list?anchorId: what the anchor will stream, soonest first. */
    async ofAnchor(anchorId: number) {
      const rows = await db
        .select({
          id: anchorSchedules.id,
          title: anchorSchedules.title,
          startAt: anchorSchedules.startAt,
          matchId: anchorSchedules.matchId,
        })
        .from(anchorSchedules)
        .where(
          and(
            eq(anchorSchedules.anchorId, anchorId),
            gte(anchorSchedules.startAt, new Date(Date.now() - SHOW_AFTER_START_MS)),
          ),
        )
        .orderBy(asc(anchorSchedules.startAt))
        .limit(50);
      return withMatches(rows.map((r) => ({ ...r, startAt: r.startAt.toISOString() })));
    },

    /** For each match, the anchors who announced it (and rooms linked to it now): /live/reserve. */
    async anchorsFor(matchIds: number[]) {
      const out = new Map<
        number,
        {
          anchorId: number;
          nickName: string;
          portrait: string | null;
          roomId: number | null;
          liveState: number;
        }[]
      >();
      if (matchIds.length === 0) return out;
      const [scheduled, linked] = await Promise.all([
        db
          .select({
            matchId: anchorSchedules.matchId,
            anchorId: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
            roomId: rooms.id,
            liveState: rooms.liveState,
          })
          .from(anchorSchedules)
          .innerJoin(users, eq(users.id, anchorSchedules.anchorId))
          .leftJoin(rooms, eq(rooms.anchorId, users.id))
          .where(inArray(anchorSchedules.matchId, matchIds)),
        db
          .select({
            matchId: rooms.matchId,
            anchorId: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
            roomId: rooms.id,
            liveState: rooms.liveState,
          })
          .from(rooms)
          .innerJoin(users, eq(users.id, rooms.anchorId))
          .where(and(inArray(rooms.matchId, matchIds), eq(rooms.auditState, 1))),
      ]);
      for (const r of [...linked, ...scheduled]) {
        const list = out.get(r.matchId!) ?? [];
        if (!list.some((a) => a.anchorId === r.anchorId))
          list.push({
            anchorId: r.anchorId,
            nickName: r.nickName,
            portrait: r.portrait,
            roomId: r.roomId,
            liveState: r.liveState ?? 0,
          });
        out.set(r.matchId!, list);
      }
      return out;
    },

    /** Every announced broadcast from now on (those started within three hours included), soonest first. */
    async upcoming(limit: number) {
      const rows = await db
        .select({
          id: anchorSchedules.id,
          title: anchorSchedules.title,
          startAt: anchorSchedules.startAt,
          matchId: anchorSchedules.matchId,
          anchorId: users.id,
          nickName: users.nickName,
          portrait: users.portrait,
          roomId: rooms.id,
          liveState: rooms.liveState,
        })
        .from(anchorSchedules)
        .innerJoin(users, eq(users.id, anchorSchedules.anchorId))
        .leftJoin(rooms, eq(rooms.anchorId, users.id))
        .where(gte(anchorSchedules.startAt, new Date(Date.now() - SHOW_AFTER_START_MS)))
        .orderBy(asc(anchorSchedules.startAt))
        .limit(limit);
      return withMatches(rows.map((r) => ({ ...r, startAt: r.startAt.toISOString() })));
    },

    /** Matches an anchor can pick for a broadcast: from three hours ago to a week ahead. */
    pickable: () =>
      matches.between(new Date(Date.now() - SHOW_AFTER_START_MS), new Date(Date.now() + 7 * 86_400_000), 80),
  };
}
