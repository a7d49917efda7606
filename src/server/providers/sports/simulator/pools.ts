import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { competitions, seasons, teams } from '../../../db/schema/sports-core.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import type { CalendarPools } from './calendar.ts';

/**
 * What the calendar draws from: the clubs of each football competition's latest season in the
 * data (they play the simulated current season), and the basketball clubs.
 */
export async function loadPools(db: Db): Promise<CalendarPools> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const rows = await db
    .selectDistinct({ comp: competitions.key, season: seasons.name, home: home.key, away: away.key })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(eq(matches.origin, 'import'), eq(matches.sport, 1)));
  const latest = new Map<string, string>();
  for (const r of rows) if ((latest.get(r.comp) ?? '') < r.season) latest.set(r.comp, r.season);
  const football = [...latest].map(([comp, season]) => ({
    competitionKey: comp,
    teams: [
      ...new Set(rows.filter((r) => r.comp === comp && r.season === season).flatMap((r) => [r.home, r.away])),
    ].sort(),
  }));
  const teamRows = await db
    .select({ key: teams.key, rating: teams.rating, venue: teams.venue, conference: teams.conference })
    .from(teams);
  return {
    football: football.sort((a, b) => a.competitionKey.localeCompare(b.competitionKey)),
    basketball: ['nba', 'cba'].map((c) => ({
      competitionKey: c,
      teams: teamRows
        .filter((t) => t.key.startsWith(`${c}:`))
        .map((t) => t.key)
        .sort(),
    })),
    teams: new Map(
      teamRows.map((t) => [t.key, { rating: t.rating, venue: t.venue, conference: t.conference }]),
    ),
  };
}
