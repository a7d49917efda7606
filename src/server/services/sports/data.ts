import { and, asc, desc, eq, inArray, ne, or, sql, type AnyColumn } from 'drizzle-orm';
import { footballLine, positionName } from '../../../lib/vocab/positions.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import {
  competitions,
  players,
  rounds,
  seasons,
  squads,
  stages,
  teams,
} from '../../db/schema/sports-core.ts';
import { matches, matchPlayerStats } from '../../db/schema/sports-match.ts';
import { countSources, firstSeasons } from '../../../lib/sports/squad-source.ts';
import type { ListService } from './lists.ts';

const competitionCols = {
  id: competitions.id,
  key: competitions.key,
  sport: competitions.sport,
  name: competitions.nameZh,
  fullName: competitions.fullNameZh,
  nameEn: competitions.nameEn,
  shortName: competitions.shortName,
  country: competitions.country,
  region: competitions.regionZh,
  type: competitions.type,
  isHot: competitions.isHot,
  color: competitions.color,
};

/** Leader boards: the stat summed (football) or averaged per game (basketball). */
export const LEADER_STATS = {
  football: ['goals', 'assists', 'yellowCards', 'redCards', 'shots'],
  basketball: ['points', 'rebounds', 'assists', 'steals', 'blocks', 'threePoints'],
} as const;

/** The league, team and player database (资料库). */
export function createDataService(deps: { db: Db; lists: ListService }) {
  const { db, lists } = deps;

  async function competition(id: number) {
    const [c] = await db.select(competitionCols).from(competitions).where(eq(competitions.id, id));
    if (!c) return null;
    const list = await db
      .select({
        id: seasons.id,
        name: seasons.name,
        isCurrent: seasons.isCurrent,
        generated: seasons.generated,
      })
      .from(seasons)
      .where(eq(seasons.competitionId, id))
      .orderBy(desc(seasons.name));
    return { ...c, seasons: list, currentSeasonId: (list.find((s) => s.isCurrent) ?? list[0])?.id ?? null };
  }

  async function playerLeaders(seasonId: number, stat: string, limit = 20) {
    const [s] = await db
      .select({ sport: competitions.sport, generated: seasons.generated })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.id, seasonId));
    if (!s) return null;
    const allowed: readonly string[] = s.sport === 1 ? LEADER_STATS.football : LEADER_STATS.basketball;
    if (!allowed.includes(stat)) return { seasonId, stat, allowed, rows: [] };
    const column = matchPlayerStats[stat as 'goals'];
    const total = sql<number>`sum(${column})::int`;
    const games = sql<number>`count(*)::int`;
    const value = s.sport === 1 ? total : sql<number>`round(avg(${column})::numeric, 1)::float`;
    const rows = await db
      .select({
        playerId: players.id,
        name: players.name,
        nameZh: players.nameZh,
        teamId: matchPlayerStats.teamId,
        team: teams.nameZh,
        games,
        total,
        value,
      })
      .from(matchPlayerStats)
      .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
      .innerJoin(players, eq(players.id, matchPlayerStats.playerId))
      .innerJoin(teams, eq(teams.id, matchPlayerStats.teamId))
      .where(and(eq(matches.seasonId, seasonId), s.generated ? undefined : ne(matches.origin, 'sim')))
      .groupBy(players.id, players.name, players.nameZh, matchPlayerStats.teamId, teams.nameZh)
      .having(sql`sum(${column}) > 0`)
      .orderBy(desc(value), desc(total))
      .limit(limit);
    return { seasonId, stat, allowed, rows: rows.map((r) => ({ ...r, name: r.nameZh ?? r.name })) };
  }

  return {
    /** Competitions grouped by region (the allEventCom filter and the database index). */
    async competitionsByRegion(sport?: SportId) {
      const rows = await db
        .select(competitionCols)
        .from(competitions)
        .where(sport ? eq(competitions.sport, sport) : undefined)
        .orderBy(asc(competitions.sort));
      const regions = new Map<string, typeof rows>();
      for (const r of rows) regions.set(r.region, [...(regions.get(r.region) ?? []), r]);
      return [...regions].map(([region, list]) => ({ region, competitions: list }));
    },

    async hotCompetitions(sport?: SportId) {
      const rows = await db
        .select(competitionCols)
        .from(competitions)
        .where(and(eq(competitions.isHot, true), sport ? eq(competitions.sport, sport) : undefined))
        .orderBy(asc(competitions.sort));
      const current = await db
        .select({ id: seasons.id, competitionId: seasons.competitionId })
        .from(seasons)
        .where(eq(seasons.isCurrent, true));
      return rows.map((r) => ({
        ...r,
        currentSeasonId: current.find((s) => s.competitionId === r.id)?.id ?? null,
      }));
    },

    competition,

    /** A season's stages and rounds (for fixtures by round). */
    async season(id: number) {
      const [s] = await db.select().from(seasons).where(eq(seasons.id, id));
      if (!s) return null;
      const stageRows = await db
        .select()
        .from(stages)
        .where(eq(stages.seasonId, id))
        .orderBy(asc(stages.sort));
      const roundRows = await db
        .select()
        .from(rounds)
        .where(eq(rounds.seasonId, id))
        .orderBy(asc(rounds.sort));
      return {
        id: s.id,
        name: s.name,
        isCurrent: s.isCurrent,
        generated: s.generated,
        startDate: s.startDate,
        endDate: s.endDate,
        competition: await competition(s.competitionId),
        stages: stageRows.map((st) => ({
          id: st.id,
          name: st.nameZh,
          kind: st.kind,
          rounds: roundRows
            .filter((r) => r.stageId === st.id)
            .map((r) => ({ id: r.id, name: r.nameZh, number: r.number })),
        })),
      };
    },

    /** A season's fixtures and results (a round, or a team's), simulator replays left out of real seasons. */
    async seasonMatches(seasonId: number, opts: { roundId?: number; teamId?: number } = {}) {
      const [s] = await db
        .select({ generated: seasons.generated })
        .from(seasons)
        .where(eq(seasons.id, seasonId));
      if (!s) return null;
      return lists.load(
        and(
          eq(matches.seasonId, seasonId),
          s.generated ? undefined : ne(matches.origin, 'sim'),
          opts.roundId ? eq(matches.roundId, opts.roundId) : undefined,
          opts.teamId
            ? or(eq(matches.homeTeamId, opts.teamId), eq(matches.awayTeamId, opts.teamId))
            : undefined,
        ),
        [asc(matches.kickoffAt), asc(matches.id)],
        500,
      );
    },

    playerLeaders,

    async team(id: number) {
      const [t] = await db.select().from(teams).where(eq(teams.id, id));
      if (!t) return null;
      const played = await db
        .selectDistinct({
          seasonId: seasons.id,
          season: seasons.name,
          competitionId: competitions.id,
          competition: competitions.nameZh,
          isCurrent: seasons.isCurrent,
        })
        .from(matches)
        .innerJoin(seasons, eq(seasons.id, matches.seasonId))
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(
          and(
            or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id)),
            // Replays never count in a real season; a season the simulator plays (current, 演示) does.
            or(ne(matches.origin, 'sim'), eq(seasons.generated, true)),
          ),
        );
      const { key: _key, ...team } = t;
      return { ...team, seasons: played.sort((a, b) => b.season.localeCompare(a.season)) };
    },

    /** A team's results (latest first) or fixtures (soonest first). */
    teamMatches(id: number, kind: 'results' | 'fixtures', sport: SportId, limit = 20) {
      const done = codesWhere(sport, (p) => p === 'finished');
      const mine = or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id));
      return kind === 'results'
        ? lists.load(and(mine, inArray(matches.state, done)), [desc(matches.kickoffAt)], limit)
        : lists.load(and(mine, eq(matches.state, 1)), [asc(matches.kickoffAt)], limit);
    },

    /** The squad of a season (default: the latest one listed), grouped by position line. */
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
          generated: squads.generated,
        })
        .from(squads)
        .innerJoin(players, eq(players.id, squads.playerId))
        .innerJoin(seasons, eq(seasons.id, squads.seasonId))
        .where(eq(squads.teamId, teamId))
        .orderBy(asc(squads.shirtNumber));
      const chosen = seasonId ?? Math.max(0, ...rows.map((r) => r.seasonId));
      const list = rows.filter((r) => r.seasonId === chosen);
      const first = firstSeasons(
        rows.filter((r) => !r.generated).map((r) => ({ key: r.playerId, season: r.season })),
      );
      const sources = countSources(
        list.filter((r) => !r.generated).map((r) => r.playerId),
        first,
      );
      const sport = t.sport as SportId;
      const group = (p: string | null) => (sport === 1 ? footballLine(p ?? 'M') : (p ?? 'G'));
      const groups = new Map<string, typeof list>();
      for (const r of list)
        groups.set(group(r.position ?? r.playerPosition), [
          ...(groups.get(group(r.position ?? r.playerPosition)) ?? []),
          r,
        ]);
      const order = sport === 1 ? ['G', 'D', 'M', 'F'] : ['PG', 'SG', 'SF', 'PF', 'C', 'G', 'F'];
      return {
        teamId,
        seasonId: chosen || null,
        season: list[0]?.season ?? null,
        generated: list.some((r) => r.generated),
        /** The seasons the real players' lists come from (see squad-source.ts). */
        sources,
        groups: order
          .filter((k) => groups.has(k))
          .map((k) => ({
            position: k,
            name: positionName(sport, k),
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

export type DataService = ReturnType<typeof createDataService>;
