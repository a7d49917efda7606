import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beijingDate, beijingTime } from '../../../lib/sports/time.ts';
import type { MatchListItem, OddsSummary, TeamSide } from '../../../lib/sports/types.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { competitions, rounds, seasons, teams } from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { liveScoreOf } from '../../sports/present.ts';

/** Made up by the simulator: its own matches, and the real fixtures it finished (演示). */
export const isDemoOrigin = (origin: string) => origin === 'sim' || origin === 'finish';

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');
const teamCols = (t: typeof home | typeof away) => ({
  id: t.id,
  name: t.nameZh,
  fullName: t.fullNameZh,
  shortName: t.shortName,
  color: t.color,
});

/** Matches with what a list row shows: competition, season, round and both teams. */
export function selectMatchRows(db: Db) {
  return db
    .select({
      m: matches,
      competition: {
        id: competitions.id,
        name: competitions.nameZh,
        shortName: competitions.shortName,
        color: competitions.color,
      },
      season: seasons.name,
      round: rounds.nameZh,
      home: teamCols(home),
      away: teamCols(away),
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .leftJoin(rounds, eq(rounds.id, matches.roundId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId));
}

export type MatchJoinRow = Awaited<ReturnType<ReturnType<typeof selectMatchRows>['execute']>>[number];

/** Featured matches (置顶) are the ones that draw the most attention. */
export const TOP_HEAT = 95;

export function toListItem(row: MatchJoinRow, odds: OddsSummary | null = null): MatchListItem {
  const { highlight: _highlight, ...live } = liveScoreOf(row.m);
  const side = (t: MatchJoinRow['home'], s: typeof live.home): TeamSide => ({ ...t, ...s });
  const m = row.m;
  return {
    ...live,
    sport: m.sport as SportId,
    top: m.heat >= TOP_HEAT ? 1 : 0,
    competition: row.competition,
    season: row.season,
    round: row.round,
    group: m.groupName,
    kickoffAt: m.kickoffAt.toISOString(),
    date: beijingDate(m.kickoffAt),
    time: beijingTime(m.kickoffAt),
    home: side(row.home, live.home),
    away: side(row.away, live.away),
    lottery: { jcNo: m.jcNo, bdIssue: m.bdIssue, bdNo: m.bdNo, zcIssue: m.zcIssue, zcOrder: m.zcOrder },
    hasLineup: m.hasLineup,
    hasText: m.hasText,
    heat: m.heat,
    demo: isDemoOrigin(m.origin),
    odds,
  };
}
