import { inArray } from 'drizzle-orm';
import { insertReturningKeys } from '../../../db/bulk.ts';
import type { Db } from '../../../db/client.ts';
import { teams } from '../../../db/schema/sports-core.ts';
import { insertRosters, numberedFootballSquad } from '../../../sports/import/rosters.ts';
import { footballTeamName, promotedClubRow } from '../../../sports/import/teams.ts';
import { createIdResolver } from '../ids.ts';
import type { CalendarPools } from './calendar.ts';

/**
 * Clubs a simulated season promotes that the database has no row for (second-tier clubs of the
 * data that never played a top-flight game): their row, as the import writes one, with `rating`,
 * and numbered places in the season they go up to. Safe to run twice or on two instances at once.
 * Returns the pools with the clubs' facts.
 */
export async function addPromotedClubs(
  db: Db,
  pools: CalendarPools,
  comp: string,
  season: string,
  ratings: Map<string, number>,
): Promise<CalendarPools> {
  const fresh = [...ratings].filter(([key]) => !pools.teams.has(key));
  if (!fresh.length) return pools;
  const rows = fresh.map(([key, rating]) => promotedClubRow(comp, footballTeamName(key), rating));
  await insertReturningKeys(db, teams, rows);
  const saved = await db
    .select({ id: teams.id, key: teams.key })
    .from(teams)
    .where(
      inArray(
        teams.key,
        rows.map((r) => r.key),
      ),
    );
  // The season as the feed creates it for the simulator's matches (generated).
  const ids = createIdResolver(db);
  const seasonId = await ids.season(await ids.competition(comp), season, true);
  await insertRosters(
    db,
    saved.flatMap((t) => numberedFootballSquad(t, seasonId)),
  );
  const facts = new Map(pools.teams);
  for (const r of rows) facts.set(r.key, { rating: r.rating, venue: r.venue, country: r.country });
  return { ...pools, teams: facts };
}
