import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  competitions,
  pointDeductions,
  publishedStandings,
  seasons,
  stages,
  teams,
} from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import {
  basketballRow,
  basketballTables,
  footballTable,
  type Game,
  type TableType,
} from './standings-tables.ts';

/**
 * League tables computed from results (plus the deductions table), or the published table where
 * a season's results are not in the data (NBA 2024-25). Simulator replays never count in a real season.
 */
export function createStandingsService(db: Db) {
  async function seasonInfo(seasonId: number) {
    const [row] = await db
      .select({
        season: seasons,
        competition: {
          id: competitions.id,
          key: competitions.key,
          sport: competitions.sport,
          name: competitions.nameZh,
        },
      })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.id, seasonId));
    return row ?? null;
  }

  async function table(seasonId: number, type: TableType = 'total') {
    const info = await seasonInfo(seasonId);
    if (!info) return null;
    const { season, competition } = info;
    const sport = competition.sport as 1 | 2;
    const published =
      sport === 2
        ? await db.select().from(publishedStandings).where(eq(publishedStandings.seasonId, seasonId))
        : [];
    /** The named teams only: a sport has hundreds of teams and a table is read on every analysis. */
    const teamsOf = async (ids: Iterable<number>) => {
      const list = [...new Set(ids)];
      const rows = list.length
        ? await db
            .select({
              id: teams.id,
              name: teams.nameZh,
              shortName: teams.shortName,
              color: teams.color,
              conference: teams.conference,
            })
            .from(teams)
            .where(inArray(teams.id, list))
        : [];
      return new Map(rows.map((t) => [t.id, t]));
    };
    if (published.length) {
      const teamOf = await teamsOf(published.map((p) => p.teamId));
      const groups = [...new Set(published.map((p) => p.groupName))];
      return {
        season: { id: season.id, name: season.name },
        competition,
        type,
        source: 'published' as const,
        groups: groups.map((g) => {
          const rows = published.filter((p) => p.groupName === g).sort((a, b) => a.rank - b.rank);
          return {
            name: g,
            rows: rows.map((p) =>
              basketballRow(
                teamOf.get(p.teamId)!,
                p.rank,
                p.won,
                p.lost,
                p.pointsFor,
                p.pointsAgainst,
                p.home,
                p.away,
                p.note,
                [],
                competition.key,
                rows[0],
              ),
            ),
          };
        }),
      };
    }
    const stageRows = await db
      .select({ id: stages.id, kind: stages.kind })
      .from(stages)
      .where(and(eq(stages.seasonId, seasonId), inArray(stages.kind, ['league', 'group', 'regular'])));
    const kind = stageRows[0]?.kind ?? 'league';
    const finished = codesWhere(sport, (p) => p === 'finished');
    const rows = stageRows.length
      ? await db
          .select({
            home: matches.homeTeamId,
            away: matches.awayTeamId,
            hs: matches.homeScore,
            as: matches.awayScore,
            at: matches.kickoffAt,
            group: matches.groupName,
          })
          .from(matches)
          .where(
            and(
              eq(matches.seasonId, seasonId),
              inArray(
                matches.stageId,
                stageRows.map((s) => s.id),
              ),
              inArray(matches.state, finished),
              season.generated ? undefined : ne(matches.origin, 'sim'),
            ),
          )
          .orderBy(asc(matches.kickoffAt))
      : [];
    const games: Game[] = rows
      .filter((r) => r.hs !== null && r.as !== null)
      .map((r) => ({ home: r.home, away: r.away, hs: r.hs!, as: r.as!, at: r.at.getTime(), group: r.group }));
    const deductions = await db.select().from(pointDeductions).where(eq(pointDeductions.seasonId, seasonId));
    const teamOf = await teamsOf([
      ...games.flatMap((g) => [g.home, g.away]),
      ...deductions.map((d) => d.teamId),
    ]);
    const groupOf = (g: Game) => (sport === 2 && competition.key === 'nba' ? null : g.group);
    const groupNames = [...new Set(games.map(groupOf))].sort();
    return {
      season: { id: season.id, name: season.name },
      competition,
      type,
      source: 'results' as const,
      deductions: deductions.map((d) => ({
        team: teamOf.get(d.teamId)?.name ?? '',
        points: d.points,
        reason: d.reason,
      })),
      groups:
        sport === 1
          ? groupNames.map((g) => ({
              name: g ? `${g}组` : null,
              rows: footballTable(
                games.filter((x) => groupOf(x) === g),
                type,
                competition.key,
                kind,
                teamOf,
                new Map(deductions.map((d) => [d.teamId, d.points])),
              ),
            }))
          : basketballTables(games, competition.key, teamOf),
    };
  }

  /** The reads, on `tableOf` (the table computed afresh, or once per run in a snapshot). */
  function reads(tableOf: typeof table) {
    /** Each team's row of its season table, from one computation of it (analysis: both sides). */
    async function rowsOf(seasonId: number, teamIds: number[]) {
      const t = await tableOf(seasonId);
      return teamIds.map((teamId) => {
        for (const g of t?.groups ?? []) {
          const row = g.rows.find((r) => r.team.id === teamId);
          if (row) return { ...row, group: g.name, size: g.rows.length };
        }
        return null;
      });
    }
    return {
      table: tableOf,
      /** One team's row of its season table. */
      rowOf: async (seasonId: number, teamId: number) => (await rowsOf(seasonId, [teamId]))[0],
      rowsOf,
    };
  }

  return {
    ...reads(table),
    /**
     * The same reads with each table computed once: for one run of writes in which no result
     * changes (the seed's posts, a newsroom run), which asked for the same season's table for each
     * of its matches (issue: speed, first start). A new run takes a new snapshot.
     */
    snapshot() {
      const tables = new Map<string, ReturnType<typeof table>>();
      return reads((seasonId, type = 'total') => {
        const key = `${seasonId}:${type}`;
        if (!tables.has(key)) tables.set(key, table(seasonId, type));
        return tables.get(key)!;
      });
    },
  };
}

export type StandingsService = ReturnType<typeof createStandingsService>;
