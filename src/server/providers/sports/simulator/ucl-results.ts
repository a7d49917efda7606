import { and, eq, inArray } from 'drizzle-orm';
import { codesWhere, isFinishedState } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { competitions, seasons } from '../../../db/schema/sports-core.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import { seasonFixtures, type CalendarPools } from './calendar.ts';
import type { SeasonFixture } from './season-fixtures.ts';
import { uclKnockouts, type Outcome } from './ucl-knockout.ts';

const pair = (a: number | null, b: number | null): [number, number] | null =>
  a === null || b === null ? null : [a, b];

/** The settled Champions League matches of a simulated season by key: finished, or null when called off. */
async function loadOutcomes(db: Db, season: string): Promise<Map<string, Outcome>> {
  const rows = await db
    .select({
      key: matches.key,
      state: matches.state,
      ftHome: matches.ftHome,
      ftAway: matches.ftAway,
      etHome: matches.etHome,
      etAway: matches.etAway,
      pkHome: matches.pkHome,
      pkAway: matches.pkAway,
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .where(
      and(
        eq(competitions.key, 'uefa.cl'),
        eq(seasons.name, season),
        eq(matches.origin, 'sim'),
        inArray(
          matches.state,
          codesWhere(1, (p) => p === 'finished' || p === 'void'),
        ),
      ),
    );
  return new Map(
    rows.map((r) => {
      const ft = pair(r.ftHome, r.ftAway);
      return [
        r.key,
        isFinishedState(1, r.state) && ft
          ? { ft, et: pair(r.etHome, r.etAway), pk: pair(r.pkHome, r.pkAway) }
          : null,
      ];
    }),
  );
}

/**
 * Puts into `pools` the Champions League knockout rounds that the season's stored results decide
 * (the calendar then lays them out like any fixture), and returns them with those results.
 */
export async function decideUclKnockouts(
  db: Db,
  seed: string,
  pools: CalendarPools,
  season: string,
): Promise<{ fixtures: SeasonFixture[]; outcomes: Map<string, Outcome> }> {
  if (!pools.football.some((p) => p.competitionKey === 'uefa.cl'))
    return { fixtures: [], outcomes: new Map() };
  const league = seasonFixtures(seed, pools, 'uefa.cl', season).filter((f) => f.stage.kind === 'league');
  const outcomes = await loadOutcomes(db, season);
  const fixtures = uclKnockouts(seed, season, league, outcomes);
  (pools.decided ??= new Map()).set(`uefa.cl|${season}`, [...league, ...fixtures]);
  return { fixtures, outcomes };
}
