import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { liveSessions } from '../../db/schema/index.ts';

/**
 * A running broadcast follows its room's match link (docs/streaming.md, Markers): the session takes
 * `matchId`, and once its feed clock runs (it was pushed) the match it leaves is kept in
 * `earlierMatches` up to `feedNow`, so its replay marks each match only while it was linked.
 */
export async function relinkBroadcast(tx: Tx, sessionId: number, matchId: number | null, feedNow: number) {
  const [s] = await tx
    .select({
      matchId: liveSessions.matchId,
      feedClockAt: liveSessions.feedClockAt,
      earlierMatches: liveSessions.earlierMatches,
    })
    .from(liveSessions)
    .where(eq(liveSessions.id, sessionId))
    .for('update');
  if (!s || s.matchId === matchId) return;
  const earlierMatches = s.feedClockAt
    ? [...s.earlierMatches, { matchId: s.matchId, until: feedNow }]
    : s.earlierMatches;
  await tx.update(liveSessions).set({ matchId, earlierMatches }).where(eq(liveSessions.id, sessionId));
}
