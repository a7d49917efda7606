import type { Db } from '../../../db/client.ts';
import type { SportsFeed } from '../feed.ts';
import { backfillSeasons } from './backfill.ts';
import { decidePlayoffs } from './basketball-playoffs.ts';
import type { CalendarPools } from './calendar.ts';

/**
 * Brings the stored seasons up to the window starting `before`: backfills the games before it and
 * decides the play-off games their results decide, again until nothing before the window is
 * missing (a fresh install in late May backfills the regular season, then the play-in, then each
 * game of each series in turn). Returns the pools with the seasons as decided for `today`.
 */
export async function catchUp(
  db: Db,
  feed: SportsFeed,
  seed: string,
  pools: CalendarPools,
  today: string,
  before: string,
): Promise<CalendarPools> {
  for (;;) {
    const decided = await decidePlayoffs(db, seed, pools, today);
    if (!(await backfillSeasons(db, feed, seed, decided, before))) return decided;
  }
}
