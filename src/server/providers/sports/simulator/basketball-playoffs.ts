import { and, inArray, like } from 'drizzle-orm';
import { beijingDate } from '../../../../lib/sports/time.ts';
import { codesWhere } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import type { Results } from './basketball-series.ts';
import { seasonFixtures, seasonOn, type CalendarPools } from './calendar.ts';
import { cbaPlayoffs } from './cba-playoffs.ts';
import { nbaPlayoffs } from './nba-playoffs.ts';
import type { SeasonFixture } from './season-fixtures.ts';

const FINISHED = codesWhere(2, (p) => p === 'finished');

/** The play-off games of a basketball season decided by its results so far (none before its regular season ends). */
function basketballPlayoffs(
  seed: string,
  comp: string,
  season: string,
  teams: { key: string; west: boolean }[],
  regular: SeasonFixture[],
  results: Results,
): SeasonFixture[] {
  if (comp === 'nba') return nbaPlayoffs(seed, season, teams, regular, results);
  if (comp === 'cba') return cbaPlayoffs(seed, season, teams, regular, results);
  return [];
}

/**
 * The pools with the basketball seasons current on `date` decided as far as their stored results
 * go: the play-offs cannot be a function of the seed alone, since their sides come from the
 * results (played by the plans or backfilled) in the database.
 */
export async function decidePlayoffs(
  db: Db,
  seed: string,
  pools: CalendarPools,
  date: string,
): Promise<CalendarPools> {
  const own = { ...pools, decided: undefined };
  // The other competitions' decided seasons (the Champions League's) stay as they are.
  const decided = new Map(pools.decided);
  for (const { competitionKey: comp, teams } of pools.basketball) {
    const season = seasonOn(comp, date);
    const regular = seasonFixtures(seed, own, comp, season);
    // Nothing to read until the regular season's last night is over.
    if (!regular.length || beijingDate(regular.at(-1)!.kickoffAt) >= date) continue;
    const rows = await db
      .select({ key: matches.key, home: matches.homeScore, away: matches.awayScore })
      .from(matches)
      .where(and(like(matches.key, `sim:${comp}:${season}:%`), inArray(matches.state, FINISHED)));
    const results: Results = new Map(
      rows.filter((r) => r.home !== null && r.away !== null).map((r) => [r.key, [r.home!, r.away!] as const]),
    );
    const west = teams.map((key) => ({ key, west: pools.teams.get(key)?.conference === 'West' }));
    const playoffs = basketballPlayoffs(seed, comp, season, west, regular, results);
    if (playoffs.length) decided.set(`${comp}|${season}`, [...regular, ...playoffs]);
    else decided.delete(`${comp}|${season}`);
  }
  return { ...own, decided };
}
