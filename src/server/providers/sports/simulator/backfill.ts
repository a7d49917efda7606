import { inArray, sql } from 'drizzle-orm';
import { beijingDate } from '../../../../lib/sports/time.ts';
import { BB, FB } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import { expectedGoals } from '../../../sports/odds-model.ts';
import { rngFor } from '../../../sports/rng.ts';
import type { SportsFeed } from '../feed.ts';
import { seasonFixtures, seasonOn, toEntry, type CalendarEntry, type CalendarPools } from './calendar.ts';
import { settleLevel, type Decider } from './level-tie.ts';
import type { SeasonFixture } from './season-fixtures.ts';
import { firstLegOf, type Outcome } from './ucl-knockout.ts';
import { decideUclKnockouts } from './ucl-results.ts';

type Pair = [number, number];
type Final = { id: number; score: Pair; ht: Pair | null; ft: Pair; et: Pair | null; pk: Pair | null };
/** A final's values: id, then home and away of the score, half-time, 90 minutes, extra time, shoot-out. */
const sqlRow = (f: Final) =>
  sql.join(
    [f.id, ...[f.score, f.ht, f.ft, f.et, f.pk].flatMap((p) => [p?.[0], p?.[1]])].map(
      (v) => sql`${v ?? null}::int`,
    ),
    sql`, `,
  );

/**
 * A final score from the ratings alone: Poisson goals (half of them before the break) or a normal
 * margin. A decider level after 90 minutes (on aggregate) goes to extra time and penalties.
 */
export function quickResult(seed: string, m: CalendarEntry, pools: CalendarPools, decider?: Decider) {
  const rng = rngFor(seed, `result:${m.key}`);
  const hr = pools.teams.get(m.home)?.rating;
  const ar = pools.teams.get(m.away)?.rating;
  if (m.sport === 1) {
    const [lh, la] = expectedGoals(hr ?? 1500, ar ?? 1500, !!m.neutral, m.competition);
    const ft: Pair = [rng.poisson(lh), rng.poisson(la)];
    const firstHalf = (n: number) => Array.from({ length: n }, () => rng.chance(0.45)).filter(Boolean).length;
    const ht: Pair = [firstHalf(ft[0]), firstHalf(ft[1])];
    const { et, pk } = decider ? settleLevel(rng, [lh, la], ft, decider) : { et: null, pk: null };
    return { score: et ?? ft, ht, ft, et, pk };
  }
  const margin = 0.7 * ((hr ?? 0) - (ar ?? 0)) + 2.5 + rng.normal(0, 12);
  const total = rng.normal(m.competition === 'nba' ? 228 : 208, 14);
  let home = Math.round((total + margin) / 2);
  const away = Math.round((total - margin) / 2);
  if (home === away) home += rng.chance(0.5) ? 3 : -3; // decided in overtime
  const score: Pair = [home, away];
  return { score, ht: null, ft: score, et: null, pk: null };
}

/**
 * The rounds of the current seasons played before the calendar window, as final scores only
 * (no plan is played for them): the tables of a fresh install start at the right round. Matches
 * already stored (played by their plan while in the window) are left as they are. The Champions
 * League's knockout rounds are drawn from the results before them, so this goes a round a pass
 * (an install whose clock starts in April stores the play-offs, then the round of 16, …) and
 * leaves in `pools` the knockout rounds decided so far.
 */
export async function backfillSeasons(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  before: string,
): Promise<number> {
  const season = seasonOn('uefa.cl', before);
  let stored = 0;
  for (;;) {
    const n = await backfillPass(
      db,
      feed,
      seed,
      pools,
      before,
      await decideUclKnockouts(db, seed, pools, season),
    );
    if (!n) return stored;
    stored += n;
  }
}

async function backfillPass(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  before: string,
  ucl: { fixtures: SeasonFixture[]; outcomes: Map<string, Outcome> },
): Promise<number> {
  const due = [...pools.football, ...pools.basketball]
    .flatMap((p) => seasonFixtures(seed, pools, p.competitionKey, seasonOn(p.competitionKey, before)))
    .filter((f) => beijingDate(f.kickoffAt) < before);
  const outcomes = new Map(ucl.outcomes);
  // In kick-off order: a second leg is scored after its first.
  return storeResults(db, feed, seed, pools, due, (m) => {
    const r = quickResult(seed, m, pools, deciderOf(ucl.fixtures, outcomes, m));
    if (m.competition === 'uefa.cl') outcomes.set(m.key, { ft: r.ft, et: r.et, pk: r.pk });
    return r;
  });
}

/**
 * A past season's fixtures the database lacks, stored with their final scores (a fresh install
 * after the season: its table decides the next one, season-rollover.ts). League fixtures only.
 */
export const storeSeason = (
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  list: SeasonFixture[],
) => storeResults(db, feed, seed, pools, list, (m) => quickResult(seed, m, pools));

/**
 * Stores the fixtures of `list` not yet in the database as finished, in kick-off order, with the
 * score `result` gives each (no plan is played for them). Returns how many it stored.
 */
async function storeResults(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  list: SeasonFixture[],
  result: (m: CalendarEntry) => Omit<Final, 'id'>,
): Promise<number> {
  if (!list.length) return 0;
  const due = list.map((f) => toEntry(f, pools));
  const stored = new Set<string>();
  for (let i = 0; i < due.length; i += 1000) {
    const keys = due.slice(i, i + 1000).map((m) => m.key);
    for (const r of await db.select({ key: matches.key }).from(matches).where(inArray(matches.key, keys)))
      stored.add(r.key);
  }
  const missing = due
    .filter((m) => !stored.has(m.key))
    .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime())
    .map((m) => ({ ...m, state: m.sport === 1 ? FB.fullTime : BB.fullTime }));
  if (!missing.length) return 0;
  const ids = await feed.upsertMatches(missing);
  const finals: Final[] = missing.map((m) => ({ id: ids.get(m.key)!, ...result(m) }));
  for (let i = 0; i < finals.length; i += 500) {
    const values = sql.join(
      finals.slice(i, i + 500).map((f) => sql`(${sqlRow(f)})`),
      sql`, `,
    );
    await db.execute(sql`update matches set home_score = v.h, away_score = v.a, ht_home = v.hh,
      ht_away = v.ha, ft_home = v.fh, ft_away = v.fa, et_home = v.eh, et_away = v.ea, pk_home = v.ph,
      pk_away = v.pa, sim_cursor = 1
      from (values ${values}) as v(id, h, a, hh, ha, fh, fa, eh, ea, ph, pa) where matches.id = v.id`);
  }
  return finals.length;
}

/** A knockout match that must produce a winner: the final, or a second leg with its first leg's result. */
function deciderOf(
  knockouts: SeasonFixture[],
  outcomes: Map<string, Outcome>,
  m: CalendarEntry,
): Decider | undefined {
  const f = knockouts.find((k) => k.key === m.key);
  if (!f) return undefined;
  if (f.neutralVenue) return { firstLeg: null };
  const leg1 = firstLegOf(knockouts, f);
  const o = leg1 && outcomes.get(leg1.key);
  if (!o) return undefined;
  const [h, a] = o.et ?? o.ft;
  return { firstLeg: [a, h] };
}
