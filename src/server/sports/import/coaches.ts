import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/sports-core.ts';
import { matchLineups } from '../../db/schema/sports-match.ts';

/**
 * No file of the seed data names a coach, and a real club must not be given an invented one: the
 * pages say 暂无教练资料 instead. Databases imported when coaches were generated lose those
 * coaches here, on the teams and in the lineups already published (idempotent).
 */
export async function dropGeneratedCoaches(db: Db): Promise<void> {
  const made = await db.select({ coachZh: teams.coachZh }).from(teams).where(eq(teams.coachGenerated, true));
  const names = made.flatMap((t) => (t.coachZh ? [t.coachZh] : []));
  if (!names.length) return;
  await db.update(matchLineups).set({ coach: null }).where(inArray(matchLineups.coach, names));
  await db
    .update(teams)
    .set({ coach: null, coachZh: null, coachGenerated: false })
    .where(eq(teams.coachGenerated, true));
}
