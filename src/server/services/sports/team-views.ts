import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { BASKETBALL_TEAM_STATS, FOOTBALL_TEAM_STATS, pct } from '../../../lib/sports/stats.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { competitions, players, seasons } from '../../db/schema/sports-core.ts';
import { matches, matchPlayerStats, matchTeamStats } from '../../db/schema/sports-match.ts';
import type { DataService } from './data.ts';
import type { ListService } from './lists.ts';
import { assistRate } from './match.ts';
import type { StandingsService } from './standings.ts';

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Team and player views of the database pages: a team's season numbers, a player's game log. */
export function createTeamViews(deps: {
  db: Db;
  data: DataService;
  lists: ListService;
  standings: StandingsService;
}) {
  const { db, data, lists, standings } = deps;

  /** Per-game averages of the team statistics the feed recorded for the team's finished games of a season. */
  async function averages(teamId: number, seasonId: number, sport: SportId) {
    const done = codesWhere(sport, (p) => p === 'finished');
    const rows = await db
      .select({ stats: matchTeamStats.stats, origin: matches.origin })
      .from(matchTeamStats)
      .innerJoin(matches, eq(matches.id, matchTeamStats.matchId))
      .where(
        and(
          eq(matches.seasonId, seasonId),
          inArray(matches.state, done),
          or(
            and(eq(matches.homeTeamId, teamId), eq(matchTeamStats.side, 1)),
            and(eq(matches.awayTeamId, teamId), eq(matchTeamStats.side, 2)),
          ),
        ),
      );
    const labels = sport === 1 ? FOOTBALL_TEAM_STATS : BASKETBALL_TEAM_STATS;
    return {
      games: rows.length,
      demo: rows.some((r) => r.origin === 'sim'),
      values: labels.map(([key, name]) => ({
        key,
        name,
        value: rows.length ? round1(rows.reduce((a, r) => a + (r.stats[key] ?? 0), 0) / rows.length) : null,
      })),
    };
  }

  /** Seasons the simulator made up (NBA, CBA) that the team plays in: data.team lists only real ones. */
  const generatedSeasons = (teamId: number) =>
    db
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
        and(or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)), eq(seasons.generated, true)),
      )
      .orderBy(desc(seasons.name));

  return {
    /** The seasons a team played: the real ones, else the generated ones; null for an unknown team. */
    seasonsOf: async (teamId: number) => {
      const team = await data.team(teamId);
      return team ? (team.seasons.length ? team.seasons : await generatedSeasons(teamId)) : null;
    },

    /**
     * A team's numbers in one season (default: its current league season): its total, home and
     * away table rows and its per-game statistics. null for an unknown team or a season it did not play.
     */
    async teamSeason(teamId: number, seasonId?: number) {
      const team = await data.team(teamId);
      if (!team) return null;
      const list = team.seasons.length ? team.seasons : await generatedSeasons(teamId);
      const season = seasonId
        ? list.find((s) => s.seasonId === seasonId)
        : (list.find((s) => s.isCurrent) ?? list[0]);
      if (!season) return seasonId ? null : { teamId, season: null, rows: null, averages: null };
      const [total, home, away] = await Promise.all(
        (['total', 'home', 'away'] as const).map((t) => standings.table(season.seasonId, t)),
      );
      const find = (t: typeof total) =>
        t?.groups
          .flatMap((g) => g.rows.map((r) => ({ ...r, group: g.name })))
          .find((r) => r.team.id === teamId) ?? null;
      // Football tables split by venue; basketball rows carry their home and away records instead.
      const split = total?.source === 'results' && team.sport === 1;
      return {
        teamId,
        season,
        rows: { total: find(total), home: split ? find(home) : null, away: split ? find(away) : null },
        averages: await averages(teamId, season.seasonId, team.sport as SportId),
      };
    },

    /** The player's latest games: each match as a list item and the player's line (with 命中率 and 助攻率). null for an unknown player. */
    async playerGames(playerId: number, limit = 10) {
      const [p] = await db.select({ sport: players.sport }).from(players).where(eq(players.id, playerId));
      if (!p) return null;
      const lines = await db
        .select({ s: matchPlayerStats })
        .from(matchPlayerStats)
        .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
        .where(eq(matchPlayerStats.playerId, playerId))
        .orderBy(desc(matches.kickoffAt))
        .limit(limit);
      const ids = lines.map((l) => l.s.matchId);
      if (!ids.length) return [];
      const [items, fgm] = await Promise.all([
        lists.load(inArray(matches.id, ids), [desc(matches.kickoffAt)], limit),
        db
          .select({
            matchId: matchPlayerStats.matchId,
            side: matchPlayerStats.side,
            fgm: sql<number>`sum(${matchPlayerStats.fieldGoalsScored})::int`,
          })
          .from(matchPlayerStats)
          .where(inArray(matchPlayerStats.matchId, ids))
          .groupBy(matchPlayerStats.matchId, matchPlayerStats.side),
      ]);
      const teamFgm = (matchId: number, side: number) =>
        fgm.find((f) => f.matchId === matchId && f.side === side)?.fgm ?? 0;
      return lines.flatMap(({ s }) => {
        const match = items.find((m) => m.id === s.matchId);
        if (!match) return [];
        const { matchId: _m, playerId: _p, ...line } = s;
        return [
          {
            match,
            line: {
              ...line,
              fieldGoalsAccuracy: pct(s.fieldGoalsScored, s.fieldGoalsAttempted),
              assistRate:
                p.sport === 2
                  ? assistRate(s.assists, s.minutesPlayed, teamFgm(s.matchId, s.side), s.fieldGoalsScored)
                  : null,
            },
          },
        ];
      });
    },
  };
}

export type TeamViews = ReturnType<typeof createTeamViews>;
