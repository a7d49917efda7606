import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { competitions, seasons, teams } from '../../../db/schema/sports-core.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import { firstChampionsLeagueField, seasonTurnovers } from '../../../sports/import/season-turnover.ts';
import { footballTeamKey } from '../../../sports/import/teams.ts';
import type { CalendarPools, TeamPool } from './calendar.ts';

/**
 * What the calendar draws from: the clubs of each football competition's latest season in the
 * data and, for the leagues, the clubs after promotion and relegation by its final table (they play
 * the simulated seasons after it), and the basketball clubs.
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
  // A season left open (a database imported before the seasons were finished) hands over no clubs.
  const open = new Set(
    (
      await db
        .selectDistinct({ comp: competitions.key, season: seasons.name })
        .from(matches)
        .innerJoin(seasons, eq(seasons.id, matches.seasonId))
        .innerJoin(competitions, eq(competitions.id, matches.competitionId))
        .where(and(eq(matches.origin, 'import'), eq(matches.sport, 1), isNull(matches.homeScore)))
    ).map((r) => `${r.comp}|${r.season}`),
  );
  const latest = new Map<string, string>();
  for (const r of rows) if ((latest.get(r.comp) ?? '') < r.season) latest.set(r.comp, r.season);
  const teamRows = await db
    .select({
      key: teams.key,
      name: teams.name,
      rating: teams.rating,
      venue: teams.venue,
      country: teams.country,
      conference: teams.conference,
    })
    .from(teams);
  const known = new Set(teamRows.map((t) => t.key));
  const turnovers = seasonTurnovers();
  const leagueNext = turnovers.get('en.1')?.to;
  const football = [...latest].map(([comp, season]): TeamPool => {
    const turnover = turnovers.get(comp);
    const clubs = turnover?.clubs.map(footballTeamKey);
    const pool = [
      ...new Set(rows.filter((r) => r.comp === comp && r.season === season).flatMap((r) => [r.home, r.away])),
    ].sort();
    if (comp === 'uefa.cl' && leagueNext) {
      const next = firstChampionsLeagueField(teamRows.filter((t) => pool.includes(t.key))).map(
        footballTeamKey,
      );
      return {
        competitionKey: comp,
        teams: pool,
        ...(next.every((k) => known.has(k)) ? { later: [{ season: leagueNext, teams: next }] } : {}),
      };
    }
    return {
      competitionKey: comp,
      teams: pool,
      // The season after the data's last one, when every club of it is in the database.
      ...(turnover?.from === season && !open.has(`${comp}|${season}`) && clubs!.every((k) => known.has(k))
        ? {
            later: [
              {
                season: turnover.to,
                teams: clubs!,
                secondTier: turnover.secondTierNext.map(footballTeamKey),
              },
            ],
          }
        : {}),
    };
  });
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
      teamRows.map((t) => [
        t.key,
        { rating: t.rating, venue: t.venue, country: t.country, conference: t.conference },
      ]),
    ),
  };
}
