import { aliasedTable, and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  RATING_COUNT_LEVEL,
  RATING_MSG,
  RATING_SUSPECT_ACCOUNTS,
  RATING_WINDOW_MS,
  fanAverage,
  fanBest,
  isRatingValue,
  ratingRefusal,
  siteRating,
  whistleAt,
} from '../../../lib/ratings.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { assertAccess } from '../../access.ts';
import type { Db } from '../../db/client.ts';
import {
  matchEvents,
  matches,
  matchPlayerStats,
  playerRatings,
  players,
  teams,
  users,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';

export interface RateInput {
  matchId: number;
  playerId: number;
  rating: number;
}

/** Shown to a fan whose rating is kept but not counted (docs/ratings.md, abuse). */
export const NOT_COUNTED_NOTICE = `评分已保存；账号达到 Lv${RATING_COUNT_LEVEL} 且手机号已验证后，评分才计入球迷平均分`;

type MatchRow = {
  id: number;
  sport: number;
  state: number;
  minute: number | null;
  kickoffAt: Date;
  clockAt: Date | null;
};

/**
 * 球员评分 (docs/ratings.md): fans rate the players who played, from the final whistle for 24 hours by
 * the feed's clock (football: from minute 60 for a player already substituted off); one row per fan,
 * match and player; averages count only ratings from accounts with a verified phone and level 1.
 */
export function createRatingService(db: Db, now: () => number) {
  async function matchOf(matchId: number): Promise<MatchRow | undefined> {
    const [m] = await db
      .select({
        id: matches.id,
        sport: matches.sport,
        state: matches.state,
        minute: matches.minute,
        kickoffAt: matches.kickoffAt,
        clockAt: matches.clockAt,
      })
      .from(matches)
      .where(eq(matches.id, matchId));
    return m;
  }

  const finished = (m: MatchRow) => stateInfo(m.sport as SportId, m.state).phase === 'finished';
  const windowOf = (m: MatchRow, subbedOff: boolean) => ({
    sport: m.sport,
    state: m.state,
    minute: m.minute,
    kickoffAt: m.kickoffAt.getTime(),
    // clockAt is when the feed last moved the state: the whistle, once the match is finished.
    finishedAt: finished(m) ? (m.clockAt?.getTime() ?? null) : null,
    now: now(),
    subbedOff,
  });

  /** Football players substituted off in this match (the one going off is `otherPlayerId`). */
  async function subbedOff(m: MatchRow): Promise<Set<number>> {
    if (m.sport !== 1) return new Set();
    const rows = await db
      .select({ id: matchEvents.otherPlayerId })
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, m.id), eq(matchEvents.type, 'substitution')));
    return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
  }

  /** Counted ratings per player of a match: their sum and number. */
  async function scores(matchId: number, playerIds?: number[]) {
    const rows = await db
      .select({
        playerId: playerRatings.playerId,
        sum: sql<number>`coalesce(sum(${playerRatings.rating}) filter (where ${playerRatings.counted}), 0)::float`,
        count: sql<number>`(count(*) filter (where ${playerRatings.counted}))::int`,
      })
      .from(playerRatings)
      .where(
        and(
          eq(playerRatings.matchId, matchId),
          playerIds ? inArray(playerRatings.playerId, playerIds) : undefined,
        ),
      )
      .groupBy(playerRatings.playerId);
    return new Map(rows.map((r) => [r.playerId, { average: fanAverage(r.sum, r.count), count: r.count }]));
  }

  /**
   * Every player who played in a match (a line with minutes), with the site's rating and the fans'
   * average and count, and 全场最佳 among them. The same for every reader.
   */
  async function board(matchId: number) {
    const m = await matchOf(matchId);
    if (!m) return null;
    const [lines, fans, off] = await Promise.all([
      db
        .select({ s: matchPlayerStats, name: players.name, nameZh: players.nameZh })
        .from(matchPlayerStats)
        .innerJoin(players, eq(players.id, matchPlayerStats.playerId))
        .where(and(eq(matchPlayerStats.matchId, matchId), sql`${matchPlayerStats.minutesPlayed} > 0`))
        .orderBy(
          matchPlayerStats.side,
          desc(matchPlayerStats.starter),
          desc(matchPlayerStats.minutesPlayed),
          matchPlayerStats.playerId,
        ),
      scores(matchId),
      subbedOff(m),
    ]);
    const list = lines.map(({ s, name, nameZh }) => ({
      playerId: s.playerId,
      name: nameZh ?? name,
      side: s.side,
      starter: s.starter,
      minutesPlayed: s.minutesPlayed,
      site: siteRating(m.sport, s),
      average: fans.get(s.playerId)?.average ?? null,
      count: fans.get(s.playerId)?.count ?? 0,
      /** Why this player cannot be rated now, or null. */
      refusal: ratingRefusal(windowOf(m, off.has(s.playerId))),
    }));
    const best = fanBest(list);
    const closesAt = finished(m) ? whistleAt(windowOf(m, false)) + RATING_WINDOW_MS : null;
    return {
      matchId,
      sport: m.sport,
      open: list.some((p) => p.refusal === null),
      closesAt,
      players: list,
      best: best && { playerId: best.playerId, name: best.name, average: best.average, count: best.count },
    };
  }

  return {
    board,

    /** What the match page's element asks for: the board, and the viewer's own ratings. */
    async forMatch(matchId: number, viewerId: number | null) {
      const b = await board(matchId);
      if (!b) throw notFound(RATING_MSG.matchUnknown);
      const mine = viewerId
        ? await db
            .select({ playerId: playerRatings.playerId, rating: playerRatings.rating })
            .from(playerRatings)
            .where(and(eq(playerRatings.matchId, matchId), eq(playerRatings.userId, viewerId)))
        : [];
      return { ...b, mine: Object.fromEntries(mine.map((r) => [r.playerId, r.rating])) };
    },

    /** Gives or changes the caller's rating of one player; refused outside the window or for a player who did not play. */
    async rate(userId: number, ip: string, input: RateInput) {
      if (!isRatingValue(input.rating)) throw badRequest(RATING_MSG.rating);
      const m = await matchOf(input.matchId);
      if (!m) throw notFound(RATING_MSG.matchUnknown);
      const [line] = await db
        .select({ minutes: matchPlayerStats.minutesPlayed })
        .from(matchPlayerStats)
        .where(and(eq(matchPlayerStats.matchId, m.id), eq(matchPlayerStats.playerId, input.playerId)));
      if (!line || line.minutes <= 0) throw badRequest(RATING_MSG.notPlayed);
      const refusal = ratingRefusal(windowOf(m, (await subbedOff(m)).has(input.playerId)));
      if (refusal) throw badRequest(refusal);
      const [u] = await db
        .select({ level: users.level, phoneVerifiedAt: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.id, userId));
      const counted = !!u && u.level >= RATING_COUNT_LEVEL && u.phoneVerifiedAt !== null;
      const at = new Date(now());
      const values = { rating: input.rating, counted, ip, updatedAt: at };
      await db
        .insert(playerRatings)
        .values({ userId, matchId: m.id, playerId: input.playerId, createdAt: at, ...values })
        .onConflictDoUpdate({
          target: [playerRatings.userId, playerRatings.matchId, playerRatings.playerId],
          set: values,
        });
      const b = (await board(m.id))!;
      const player = b.players.find((p) => p.playerId === input.playerId)!;
      return {
        mine: { playerId: input.playerId, rating: input.rating, counted },
        notice: counted ? null : NOT_COUNTED_NOTICE,
        player: { playerId: player.playerId, average: player.average, count: player.count },
        best: b.best,
      };
    },

    /** The fans' average and count of one player in each of `matchIds` (the player pages). */
    async forPlayer(playerId: number, matchIds: number[]) {
      if (!matchIds.length) return new Map<number, { average: number | null; count: number }>();
      const rows = await db
        .select({
          matchId: playerRatings.matchId,
          sum: sql<number>`coalesce(sum(${playerRatings.rating}) filter (where ${playerRatings.counted}), 0)::float`,
          count: sql<number>`(count(*) filter (where ${playerRatings.counted}))::int`,
        })
        .from(playerRatings)
        .where(and(eq(playerRatings.playerId, playerId), inArray(playerRatings.matchId, matchIds)))
        .groupBy(playerRatings.matchId);
      return new Map(rows.map((r) => [r.matchId, { average: fanAverage(r.sum, r.count), count: r.count }]));
    },

    /**
     * For the staff console: client addresses from which RATING_SUSPECT_ACCOUNTS or more accounts rated
     * one match, over the last `days` days by the feed's clock, most accounts first.
     */
    async suspectAddresses(staff: { roles: readonly string[] }, days = 7) {
      assertAccess(staff.roles, 'users.manage');
      const since = new Date(now() - days * 86_400_000);
      const groups = await db
        .select({
          matchId: playerRatings.matchId,
          ip: playerRatings.ip,
          accounts: sql<number>`count(distinct ${playerRatings.userId})::int`,
          ratings: sql<number>`count(*)::int`,
          last: sql<Date>`max(${playerRatings.updatedAt})`,
        })
        .from(playerRatings)
        .where(gte(playerRatings.updatedAt, since))
        .groupBy(playerRatings.matchId, playerRatings.ip)
        .having(sql`count(distinct ${playerRatings.userId}) >= ${RATING_SUSPECT_ACCOUNTS}`)
        .orderBy(desc(sql`count(distinct ${playerRatings.userId})`), playerRatings.matchId)
        .limit(50);
      if (!groups.length) return [];
      const matchIds = [...new Set(groups.map((g) => g.matchId))];
      const home = aliasedTable(teams, 'home');
      const away = aliasedTable(teams, 'away');
      const [labels, who] = await Promise.all([
        db
          .select({ id: matches.id, sport: matches.sport, home: home.nameZh, away: away.nameZh })
          .from(matches)
          .innerJoin(home, eq(home.id, matches.homeTeamId))
          .innerJoin(away, eq(away.id, matches.awayTeamId))
          .where(inArray(matches.id, matchIds)),
        db
          .selectDistinct({
            matchId: playerRatings.matchId,
            ip: playerRatings.ip,
            userId: users.id,
            nickName: users.nickName,
            counted: playerRatings.counted,
          })
          .from(playerRatings)
          .innerJoin(users, eq(users.id, playerRatings.userId))
          .where(inArray(playerRatings.matchId, matchIds)),
      ]);
      return groups.map((g) => {
        const label = labels.find((l) => l.id === g.matchId)!;
        const people = new Map<number, { id: number; nickName: string; counted: boolean }>();
        for (const w of who)
          if (w.matchId === g.matchId && w.ip === g.ip)
            people.set(w.userId, { id: w.userId, nickName: w.nickName, counted: w.counted });
        return {
          ...g,
          last: new Date(g.last),
          match: { id: label.id, sport: label.sport, name: `${label.home} vs ${label.away}` },
          users: [...people.values()],
        };
      });
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
