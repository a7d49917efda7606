import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import { competitions, seasons } from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import type { DataService } from './data.ts';
import { LEADER_STATS, leaderRows } from './data-players.ts';
import type { StandingRow } from './standings-tables.ts';
import type { StandingsService } from './standings.ts';

/**
 * Season views of the database pages: the round to open on, the dates with games, leader
 * boards (falling back to the simulator's matches, marked demo, where the source has no
 * player data) and the team statistics table.
 */
export function createSeasonViews(deps: { db: Db; data: DataService; standings: StandingsService }) {
  const { db, data, standings } = deps;

  const seasonOf = async (seasonId: number) =>
    (
      await db
        .select({ id: seasons.id, sport: competitions.sport, generated: seasons.generated })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(eq(seasons.id, seasonId))
    )[0] ?? null;

  return {
    /** The round of the latest finished real match, else the first round with a match (the fixtures tab opens on it). */
    async currentRound(seasonId: number): Promise<number | null> {
      const s = await seasonOf(seasonId);
      if (!s) return null;
      const real = s.generated ? undefined : ne(matches.origin, 'sim');
      const done = codesWhere(s.sport as 1 | 2, (p) => p === 'finished');
      const [latest] = await db
        .select({ roundId: matches.roundId })
        .from(matches)
        .where(and(eq(matches.seasonId, seasonId), real, inArray(matches.state, done)))
        .orderBy(desc(matches.kickoffAt))
        .limit(1);
      if (latest?.roundId) return latest.roundId;
      const [first] = await db
        .select({ roundId: matches.roundId })
        .from(matches)
        .where(and(eq(matches.seasonId, seasonId), real))
        .orderBy(matches.kickoffAt)
        .limit(1);
      return first?.roundId ?? null;
    },

    /** Beijing dates with games in the season, oldest first (the basketball schedule's date strip); null for an unknown season. */
    async dates(seasonId: number): Promise<string[] | null> {
      const s = await seasonOf(seasonId);
      if (!s) return null;
      const rows = await db
        .selectDistinct({
          d: sql<string>`to_char(${matches.kickoffAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
        })
        .from(matches)
        .where(and(eq(matches.seasonId, seasonId), s.generated ? undefined : ne(matches.origin, 'sim')));
      return rows.map((r) => r.d).sort();
    },

    /**
     * A leader board. Where the season's real results carry no player data (the football sources
     * have none), the simulator's matches of the season are counted instead and `demo` is true.
     */
    async leaders(seasonId: number, stat: string, limit = 20) {
      const real = await data.playerLeaders(seasonId, stat, limit);
      if (!real) return null;
      const s = (await seasonOf(seasonId))!;
      const allowed: readonly string[] = s.sport === 1 ? LEADER_STATS.football : LEADER_STATS.basketball;
      if (real.rows.length || s.generated || !allowed.includes(stat)) return { ...real, demo: s.generated };
      const rows = await leaderRows(db, { seasonId, sport: s.sport, stat, limit, withReplays: true });
      return { ...real, rows, demo: rows.length > 0 };
    },

    /** 球队统计: each team's total, home and away lines of the season table side by side, by total rank. */
    async teamTable(seasonId: number) {
      const [total, home, away] = await Promise.all(
        (['total', 'home', 'away'] as const).map((t) => standings.table(seasonId, t)),
      );
      if (!total || !home || !away) return null;
      // A published table (NBA 2024-25) has no home and away split: only its total is shown.
      const rowOf = (t: typeof home, teamId: number) =>
        total.source === 'results'
          ? (t.groups.flatMap((g) => g.rows).find((r) => r.team.id === teamId) ?? null)
          : null;
      const line = (r: StandingRow | null) =>
        r
          ? {
              played: r.played,
              won: r.won,
              drawn: r.drawn,
              lost: r.lost,
              goalsFor: r.goalsFor,
              goalsAgainst: r.goalsAgainst,
            }
          : null;
      return {
        season: total.season,
        competition: total.competition,
        groups: total.groups.map((g) => ({
          name: g.name,
          rows: g.rows.map((r) => ({
            rank: r.rank,
            team: r.team,
            total: line(r)!,
            home: line(rowOf(home, r.team.id)),
            away: line(rowOf(away, r.team.id)),
          })),
        })),
      };
    },
  };
}

export type SeasonViews = ReturnType<typeof createSeasonViews>;
