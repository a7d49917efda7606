import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { FB } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import type { Logger } from '../../../logger.ts';
import {
  championsLeagueField,
  finalTable,
  LEAGUE_RULES,
  nextSeason,
  rollLeague,
  seasonTurnovers,
  type Result,
  UEFA_LEAGUES,
} from '../../../sports/import/season-turnover.ts';
import { footballTeamName } from '../../../sports/import/teams.ts';
import { rngFor } from '../../../sports/rng.ts';
import type { SportsFeed } from '../feed.ts';
import { storeSeason } from './backfill.ts';
import { poolTeams, seasonFixtures, seasonOn, type CalendarPools, type LaterSeason } from './calendar.ts';
import { addPromotedClubs } from './promoted-clubs.ts';

/**
 * Carries the leagues past the seasons the simulator plays. When the calendar reaches (`through`)
 * a season later than a league's last one, that season's stored results (any the database lacks,
 * a fresh install after it, are stored first) give its final table: the bottom goes down and a
 * simulated second tier sends its clubs up, by the league's rules (season-turnover.ts rollLeague).
 * The Champions League's next field follows from the five leagues' tables. Promoted clubs new to
 * the database get their rows (promoted-clubs.ts). Returns the pools with the new seasons.
 */
export async function rollSeasons(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  through: string,
  log: Pick<Logger, 'info'>,
): Promise<CalendarPools> {
  let out = pools;
  for (const { competitionKey: comp } of pools.football) {
    if (!LEAGUE_RULES[comp]) continue;
    for (;;) {
      const last = laterOf(out, comp).at(-1);
      if (!last || last.season >= seasonOn(comp, through)) break;
      const table = await tableOf(db, feed, seed, out, comp, last.season);
      const rolled = rollLeague(
        comp,
        table,
        last.secondTier ?? [],
        (club) => out.teams.get(club)?.rating,
        (club) => tierRating(comp, club),
        (key) => rngFor(seed, `rollover:${comp}:${last.season}:${key}`),
      );
      const season = nextSeason(last.season);
      out = await addPromotedClubs(db, out, comp, season, rolled.newcomerRatings);
      out = withLater(out, comp, [
        ...laterOf(out, comp).slice(0, -1),
        { ...last, table },
        { season, teams: rolled.clubs, secondTier: rolled.secondTierNext },
      ]);
      log.info(
        { competition: comp, season, relegated: rolled.relegated, promoted: rolled.promoted },
        'simulator: a new season after promotion and relegation',
      );
    }
  }
  return rollChampionsLeague(out, through);
}

/**
 * The Champions League's next field: each big-five association's places from the top of its
 * league's final table (season-turnover.ts championsLeagueField), the other clubs kept.
 */
function rollChampionsLeague(pools: CalendarPools, through: string): CalendarPools {
  let out = pools;
  for (;;) {
    const last = laterOf(out, 'uefa.cl').at(-1);
    if (!last || last.season >= seasonOn('uefa.cl', through)) return out;
    const tables = new Map(
      UEFA_LEAGUES.flatMap((comp) => {
        const table = laterOf(out, comp).find((s) => s.season === last.season)?.table;
        return table ? [[comp, table] as const] : [];
      }),
    );
    if (tables.size < UEFA_LEAGUES.length) return out; // a league has not finished that season yet
    const leagueOf = (club: string) => [...tables].find(([, table]) => table.includes(club))?.[0];
    const field = championsLeagueField(last.teams, leagueOf, tables)!;
    out = withLater(out, 'uefa.cl', [
      ...laterOf(out, 'uefa.cl'),
      { season: nextSeason(last.season), teams: field },
    ]);
  }
}

/** A season's final table from the results stored for its fixtures (a postponed game not played is left out). */
async function tableOf(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  comp: string,
  season: string,
): Promise<string[]> {
  const fixtures = seasonFixtures(seed, pools, comp, season);
  await storeSeason(db, feed, seed, pools, fixtures);
  const byKey = new Map(fixtures.map((f) => [f.key, f]));
  const results: Result[] = [];
  for (let i = 0; i < fixtures.length; i += 1000) {
    const rows = await db
      .select({ key: matches.key, hs: matches.homeScore, as: matches.awayScore, at: matches.kickoffAt })
      .from(matches)
      .where(
        and(
          inArray(
            matches.key,
            fixtures.slice(i, i + 1000).map((f) => f.key),
          ),
          isNotNull(matches.homeScore),
          eq(matches.state, FB.fullTime),
        ),
      );
    for (const r of rows) {
      const f = byKey.get(r.key)!;
      results.push({ home: f.home, away: f.away, ft: [r.hs!, r.as!], at: r.at.getTime() });
    }
  }
  // Every club is in the table, even one whose games were all postponed.
  const ranked = finalTable(comp, results);
  return [
    ...ranked,
    ...poolTeams(poolOf(pools, comp)!, season)
      .filter((c) => !ranked.includes(c))
      .sort(),
  ];
}

/** A second-tier club's strength from its 2025-26 results (season-turnover.ts), by team key. */
const tierRating = (comp: string, key: string) =>
  seasonTurnovers().get(comp)?.secondTierRatings.get(footballTeamName(key)) ?? 1500;

const poolOf = (pools: CalendarPools, comp: string) => pools.football.find((p) => p.competitionKey === comp);
const laterOf = (pools: CalendarPools, comp: string): LaterSeason[] => poolOf(pools, comp)?.later ?? [];

const withLater = (pools: CalendarPools, comp: string, later: LaterSeason[]): CalendarPools => ({
  ...pools,
  football: pools.football.map((p) => (p.competitionKey === comp ? { ...p, later } : p)),
});

/**
 * Each competition's season current on `today`, once it has a match in the database (a new league
 * season from its first fixture in the window, not from the day its clubs are known): the league,
 * team and news pages open on it. A season is otherwise current from the import on.
 */
export async function markCurrentSeasons(db: Db, pools: CalendarPools, today: string) {
  for (const { competitionKey: comp } of [...pools.football, ...pools.basketball]) {
    const name = seasonOn(comp, today);
    await db.execute(sql`update seasons s set is_current = (s.name = ${name})
      from competitions c
      where c.id = s.competition_id and c.key = ${comp} and s.is_current <> (s.name = ${name})
        and exists (select 1 from seasons x join matches m on m.season_id = x.id
                    where x.competition_id = c.id and x.name = ${name})`);
  }
}
