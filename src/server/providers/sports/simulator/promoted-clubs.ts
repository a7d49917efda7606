import { and, eq, inArray } from 'drizzle-orm';
import { insertChunks, insertReturningKeys } from '../../../db/bulk.ts';
import type { Db } from '../../../db/client.ts';
import { competitions, players, seasons, squads, teams } from '../../../db/schema/sports-core.ts';
import { COMPETITIONS } from '../../../sports/import/catalog.ts';
import { numberedFootballSquad } from '../../../sports/import/rosters.ts';
import { clubRow } from '../../../sports/import/teams.ts';
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
  const country = COMPETITIONS.find((c) => c.key === comp)!.country;
  const rows = fresh.map(([key, rating]) => ({ ...clubRow(key.replace(/^fb:/, ''), country), rating }));
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
  const [{ id: competitionId }] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.key, comp));
  await db.insert(seasons).values({ competitionId, name: season, generated: true }).onConflictDoNothing();
  const [{ id: seasonId }] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.competitionId, competitionId), eq(seasons.name, season)));
  const entries = saved.flatMap((t) => numberedFootballSquad(t, seasonId));
  const playerIds = await insertReturningKeys(
    db,
    players,
    entries.map((e) => e.player),
  );
  // Another instance that got there first inserted them: its rows stand.
  const squadRows = entries.flatMap((e) =>
    playerIds.has(e.player.key)
      ? e.squads.map((s) => ({ ...s, playerId: playerIds.get(e.player.key)! }))
      : [],
  );
  await insertChunks(db, squads, squadRows);
  const facts = new Map(pools.teams);
  for (const r of rows) facts.set(r.key, { rating: r.rating, venue: r.venue, country: r.country });
  return { ...pools, teams: facts };
}
