import { and, asc, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import { footballLine, positionName } from '../../../lib/vocab/positions.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { competitions, players, seasons, squads, teams } from '../../db/schema/sports-core.ts';
import { matches, matchPlayerStats } from '../../db/schema/sports-match.ts';
import { countSources, firstSeasons } from '../../../lib/sports/squad-source.ts';

/** Leader boards: the stat summed (football) or averaged per game (basketball). */
export const LEADER_STATS = {
  football: ['goals', 'assists', 'yellowCards', 'redCards', 'shots'],
  basketball: ['points', 'rebounds', 'assists', 'steals', 'blocks', 'threePoints'],
} as const;

/**
 * A season's leader rows for `stat` (its Chinese name where it has one), the stat summed (football) or averaged
 * per game (basketball). `withReplays`: the simulator's replays of the season count too (a generated season has
 * only those; a real one falls back to them where its source has no player data: season-views.ts).
 */
export async function leaderRows(
  db: Db,
  q: { seasonId: number; sport: number; stat: string; limit: number; withReplays: boolean },
) {
  const column = matchPlayerStats[q.stat as 'goals'];
  const total = sql<number>`sum(${column})::int`;
  const value = q.sport === 1 ? total : sql<number>`round(avg(${column})::numeric, 1)::float`;
  const rows = await db
    .select({
      playerId: players.id,
      name: players.name,
      nameZh: players.nameZh,
      teamId: matchPlayerStats.teamId,
      team: teams.nameZh,
      games: sql<number>`count(*)::int`,
      total,
      value,
    })
    .from(matchPlayerStats)
    .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
    .innerJoin(players, eq(players.id, matchPlayerStats.playerId))
    .innerJoin(teams, eq(teams.id, matchPlayerStats.teamId))
    .where(and(eq(matches.seasonId, q.seasonId), q.withReplays ? undefined : ne(matches.origin, 'sim')))
    .groupBy(players.id, players.name, players.nameZh, matchPlayerStats.teamId, teams.nameZh)
    .having(sql`sum(${column}) > 0`)
    .orderBy(desc(value), desc(total))
    .limit(q.limit);
  return rows.map((r) => ({ ...r, name: r.nameZh ?? r.name }));
}

/** The player part of the database (资料库): squads, a player's clubs and stats, leader boards. */
export function createPlayerData(db: Db) {
  async function playerLeaders(seasonId: number, stat: string, limit = 20) {
    const [s] = await db
      .select({ sport: competitions.sport, generated: seasons.generated })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.id, seasonId));
    if (!s) return null;
    const allowed: readonly string[] = s.sport === 1 ? LEADER_STATS.football : LEADER_STATS.basketball;
    if (!allowed.includes(stat)) return { seasonId, stat, allowed, rows: [] };
    const rows = await leaderRows(db, { seasonId, sport: s.sport, stat, limit, withReplays: s.generated });
    return { seasonId, stat, allowed, rows };
  }

  return {
    playerLeaders,

    /**
     * The real players of a season's squad (default: the latest season listed), grouped by line.
     * The numbered places the importer gives clubs no source lists are not players: such a club
     * has no squad here, and its page says so.
     */
    async squad(teamId: number, seasonId?: number) {
      const [t] = await db.select({ sport: teams.sport }).from(teams).where(eq(teams.id, teamId));
      if (!t) return null;
      const rows = await db
        .select({
          seasonId: squads.seasonId,
          season: seasons.name,
          playerId: players.id,
          name: players.name,
          nameZh: players.nameZh,
          number: squads.shirtNumber,
          position: squads.position,
          playerPosition: players.position,
          nationality: players.nationality,
          birthYear: players.birthYear,
        })
        .from(squads)
        .innerJoin(players, eq(players.id, squads.playerId))
        .innerJoin(seasons, eq(seasons.id, squads.seasonId))
        .where(and(eq(squads.teamId, teamId), eq(squads.generated, false)))
        .orderBy(asc(squads.shirtNumber), asc(players.name));
      const chosen = seasonId ?? Math.max(0, ...rows.map((r) => r.seasonId));
      const list = rows.filter((r) => r.seasonId === chosen);
      const first = firstSeasons(rows.map((r) => ({ key: r.playerId, season: r.season })));
      const sources = countSources(
        list.map((r) => r.playerId),
        first,
      );
      const sport = t.sport as SportId;
      // The NBA lists name no position: those players are listed together, not under a made-up one.
      const UNLISTED = '';
      const group = (p: string | null) => (sport === 1 ? footballLine(p ?? 'M') : (p ?? UNLISTED));
      const groups = new Map<string, typeof list>();
      for (const r of list)
        groups.set(group(r.position ?? r.playerPosition), [
          ...(groups.get(group(r.position ?? r.playerPosition)) ?? []),
          r,
        ]);
      const order = sport === 1 ? ['G', 'D', 'M', 'F'] : ['PG', 'SG', 'SF', 'PF', 'C', 'G', 'F', UNLISTED];
      return {
        teamId,
        seasonId: chosen || null,
        season: list[0]?.season ?? null,
        /** The seasons the real players' lists come from (see squad-source.ts). */
        sources,
        groups: order
          .filter((k) => groups.has(k))
          .map((k) => ({
            position: k,
            name: k === UNLISTED ? '球员' : positionName(sport, k),
            players: groups.get(k)!.map((r) => ({
              id: r.playerId,
              name: r.nameZh ?? r.name,
              nameEn: r.name,
              shirtNumber: r.number,
              position: r.position ?? r.playerPosition,
              nationality: r.nationality,
              birthYear: r.birthYear,
            })),
          })),
      };
    },

    async player(id: number) {
      const [p] = await db.select().from(players).where(eq(players.id, id));
      if (!p) return null;
      const memberships = await db
        .select({
          seasonId: squads.seasonId,
          season: seasons.name,
          teamId: teams.id,
          team: teams.nameZh,
          shirtNumber: squads.shirtNumber,
          position: squads.position,
          generated: squads.generated,
        })
        .from(squads)
        .innerJoin(seasons, eq(seasons.id, squads.seasonId))
        .innerJoin(teams, eq(teams.id, squads.teamId))
        .where(eq(squads.playerId, id))
        .orderBy(desc(seasons.name));
      const { key: _key, ...player } = p;
      // His first season at each club: the list a later row at that club was carried from.
      const firstAt = firstSeasons(
        memberships.filter((m) => !m.generated).map((m) => ({ key: m.teamId, season: m.season })),
      );
      const current = memberships.find((m) => m.teamId === p.teamId);
      return {
        ...player,
        displayName: p.nameZh ?? p.name,
        positionName: positionName(p.sport as SportId, p.position),
        /** The current club's latest season and the season of the list that puts him there. */
        clubSource: current
          ? { season: current.season, sources: countSources([current.teamId], firstAt) }
          : null,
        squads: memberships.map((m) => {
          const listed = m.generated ? undefined : firstAt.get(m.teamId);
          return { ...m, carriedFrom: listed && listed !== m.season ? listed : null };
        }),
      };
    },

    /** Per-season totals and the latest match lines of a player. */
    async playerStats(id: number) {
      const [p] = await db.select({ sport: players.sport }).from(players).where(eq(players.id, id));
      if (!p) return null;
      const sum = (c: AnyColumn) => sql<number>`sum(${c})::int`;
      const bySeason = await db
        .select({
          seasonId: seasons.id,
          season: seasons.name,
          competition: competitions.nameZh,
          games: sql<number>`count(*)::int`,
          minutesPlayed: sum(matchPlayerStats.minutesPlayed),
          points: sum(matchPlayerStats.points),
          rebounds: sum(matchPlayerStats.rebounds),
          assists: sum(matchPlayerStats.assists),
          steals: sum(matchPlayerStats.steals),
          blocks: sum(matchPlayerStats.blocks),
          turnovers: sum(matchPlayerStats.turnovers),
          fouls: sum(matchPlayerStats.fouls),
          fieldGoalsScored: sum(matchPlayerStats.fieldGoalsScored),
          fieldGoalsAttempted: sum(matchPlayerStats.fieldGoalsAttempted),
          threePoints: sum(matchPlayerStats.threePoints),
          threePointsAttempted: sum(matchPlayerStats.threePointsAttempted),
          freeThrowsScored: sum(matchPlayerStats.freeThrowsScored),
          freeThrowsAttempted: sum(matchPlayerStats.freeThrowsAttempted),
          goals: sum(matchPlayerStats.goals),
          yellowCards: sum(matchPlayerStats.yellowCards),
          redCards: sum(matchPlayerStats.redCards),
        })
        .from(matchPlayerStats)
        .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
        .innerJoin(seasons, eq(seasons.id, matches.seasonId))
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(eq(matchPlayerStats.playerId, id))
        .groupBy(seasons.id, seasons.name, competitions.nameZh)
        .orderBy(desc(seasons.name));
      const recent = await db
        .select({
          s: matchPlayerStats,
          kickoffAt: matches.kickoffAt,
          homeTeamId: matches.homeTeamId,
          homeScore: matches.homeScore,
          awayScore: matches.awayScore,
        })
        .from(matchPlayerStats)
        .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
        .where(eq(matchPlayerStats.playerId, id))
        .orderBy(desc(matches.kickoffAt))
        .limit(10);
      return {
        playerId: id,
        sport: p.sport,
        seasons: bySeason,
        matches: recent.map((r) => ({
          matchId: r.s.matchId,
          kickoffAt: r.kickoffAt.toISOString(),
          side: r.s.side,
          homeScore: r.homeScore,
          awayScore: r.awayScore,
          line: r.s,
        })),
      };
    },
  };
}
