import { inArray, sql } from 'drizzle-orm';
import { beijingDate } from '../../../../lib/sports/time.ts';
import { BB, FB } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import { expectedGoals } from '../../../sports/odds-model.ts';
import { rngFor } from '../../../sports/rng.ts';
import type { SportsFeed } from '../feed.ts';
import { seasonFixtures, seasonOn, toEntry, type CalendarEntry, type CalendarPools } from './calendar.ts';

type Final = { id: number; score: [number, number]; ht: [number, number] | null };

/** A final score from the ratings alone: Poisson goals (half of them before the break) or a normal margin. */
export function quickResult(seed: string, m: CalendarEntry, pools: CalendarPools) {
  const rng = rngFor(seed, `result:${m.key}`);
  const hr = pools.teams.get(m.home)?.rating;
  const ar = pools.teams.get(m.away)?.rating;
  if (m.sport === 1) {
    const [lh, la] = expectedGoals(hr ?? 1500, ar ?? 1500, false, m.competition);
    const score: [number, number] = [rng.poisson(lh), rng.poisson(la)];
    const firstHalf = (n: number) => Array.from({ length: n }, () => rng.chance(0.45)).filter(Boolean).length;
    return { score, ht: [firstHalf(score[0]), firstHalf(score[1])] as [number, number] };
  }
  const margin = 0.7 * ((hr ?? 0) - (ar ?? 0)) + 2.5 + rng.normal(0, 12);
  const total = rng.normal(m.competition === 'nba' ? 228 : 208, 14);
  let home = Math.round((total + margin) / 2);
  const away = Math.round((total - margin) / 2);
  if (home === away) home += rng.chance(0.5) ? 3 : -3; // decided in overtime
  return { score: [home, away] as [number, number], ht: null };
}

/**
 * The rounds of the current seasons played before the calendar window, as final scores only
 * (no plan is played for them): the tables of a fresh install start at the right round. Matches
 * already stored (played by their plan while in the window) are left as they are.
 */
export async function backfillSeasons(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  before: string,
): Promise<number> {
  const due = [...pools.football, ...pools.basketball]
    .flatMap((p) => seasonFixtures(seed, pools, p.competitionKey, seasonOn(p.competitionKey, before)))
    .filter((f) => beijingDate(f.kickoffAt) < before)
    .map((f) => toEntry(f, pools));
  if (!due.length) return 0;
  const stored = new Set<string>();
  for (let i = 0; i < due.length; i += 1000) {
    const keys = due.slice(i, i + 1000).map((m) => m.key);
    for (const r of await db.select({ key: matches.key }).from(matches).where(inArray(matches.key, keys)))
      stored.add(r.key);
  }
  const missing = due
    .filter((m) => !stored.has(m.key))
    .map((m) => ({ ...m, state: m.sport === 1 ? FB.fullTime : BB.fullTime }));
  if (!missing.length) return 0;
  const ids = await feed.upsertMatches(missing);
  const finals: Final[] = missing.map((m) => ({ id: ids.get(m.key)!, ...quickResult(seed, m, pools) }));
  for (let i = 0; i < finals.length; i += 500) {
    const values = sql.join(
      finals
        .slice(i, i + 500)
        .map(
          (f) =>
            sql`(${f.id}::int, ${f.score[0]}::int, ${f.score[1]}::int, ${f.ht?.[0] ?? null}::int, ${f.ht?.[1] ?? null}::int)`,
        ),
      sql`, `,
    );
    await db.execute(sql`update matches set home_score = v.h, away_score = v.a, ft_home = v.h, ft_away = v.a,
      ht_home = v.hh, ht_away = v.ha, sim_cursor = 1
      from (values ${values}) as v(id, h, a, hh, ha) where matches.id = v.id`);
  }
  return finals.length;
}
