import { and, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { addDays, dayStart } from '../../../lib/sports/time.ts';
import { isPendingState } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { matchFollows, matchReserves, sportFollows } from '../../db/schema/sports-user.ts';
import type { ListService } from './lists.ts';

type Table = typeof matchFollows | typeof matchReserves;

/** 关注 and 预约 of matches, per user. */
export function createMatchFollowService(deps: { db: Db; lists: ListService }) {
  const { db, lists } = deps;

  async function toggle(table: Table, userId: number, matchId: number, on: boolean) {
    if (on) await db.insert(table).values({ userId, matchId }).onConflictDoNothing();
    else await db.delete(table).where(and(eq(table.userId, userId), eq(table.matchId, matchId)));
  }

  const matchesOf = async (table: Table, userId: number, sport?: number) => {
    const ids = (
      await db
        .select({ id: table.matchId })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(desc(table.createdAt))
        .limit(200)
    ).map((r) => r.id);
    return ids.length
      ? lists.load(
          and(inArray(matches.id, ids), sport ? eq(matches.sport, sport) : undefined),
          [desc(matches.kickoffAt)],
          200,
        )
      : [];
  };

  const idsOf = async (table: Table, userId: number, matchIds: number[]) =>
    new Set(
      matchIds.length
        ? (
            await db
              .select({ id: table.matchId })
              .from(table)
              .where(and(eq(table.userId, userId), inArray(table.matchId, matchIds)))
          ).map((r) => r.id)
        : [],
    );

  return {
    /** Follows or unfollows; null when the match does not exist. */
    async follow(userId: number, matchId: number, on: boolean): Promise<{ followed: boolean } | null> {
      const [m] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
      if (!m) return null;
      await toggle(matchFollows, userId, matchId, on);
      return { followed: on };
    },
    followed: (userId: number, sport?: number) => matchesOf(matchFollows, userId, sport),
    followedIds: (userId: number, matchIds: number[]) => idsOf(matchFollows, userId, matchIds),

    /**
     * The matches of the teams a user follows, from two days back to a week ahead (Beijing days):
     * /football/collect lists them beside the matches followed one by one.
     */
    async ofFollowedTeams(userId: number, sport: number) {
      const teamIds = (
        await db
          .select({ id: sportFollows.targetId })
          .from(sportFollows)
          .where(and(eq(sportFollows.userId, userId), eq(sportFollows.targetType, 'team')))
      ).map((r) => r.id);
      if (!teamIds.length) return [];
      const today = lists.today();
      return lists.load(
        and(
          eq(matches.sport, sport),
          or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds)),
          gte(matches.kickoffAt, new Date(dayStart(addDays(today, -2)))),
          lt(matches.kickoffAt, new Date(dayStart(addDays(today, 8)))),
        ),
        [desc(matches.kickoffAt)],
        200,
      );
    },

    /** Reserves (only before kick-off) or cancels a reservation. */
    async reserve(
      userId: number,
      matchId: number,
      on: boolean,
    ): Promise<{ reserved: boolean } | 'not_found' | 'started'> {
      const [m] = await db
        .select({ sport: matches.sport, state: matches.state })
        .from(matches)
        .where(eq(matches.id, matchId));
      if (!m) return 'not_found';
      if (on && !isPendingState(m.sport as 1 | 2, m.state)) return 'started';
      await toggle(matchReserves, userId, matchId, on);
      return { reserved: on };
    },
    reserved: (userId: number) => matchesOf(matchReserves, userId),
    reservedIds: (userId: number, matchIds: number[]) => idsOf(matchReserves, userId, matchIds),
  };
}
