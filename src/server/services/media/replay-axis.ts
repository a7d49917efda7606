import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { axisPoints, type AxisPoint } from '../../../lib/match/replay-axis.ts';
import type { Db } from '../../db/client.ts';
import { matches, matchTexts } from '../../db/schema/index.ts';
import { recordingOf } from './markers.ts';

/**
 * Where the recording of a replay shows each moment of one match (docs/match-day.md, Replays): the
 * match's commentary lines within the part of the recording linked to it, each as its place on the
 * match timeline's axis and its second in the replay. Empty when the replay did not show the match.
 */
export async function replayAxis(
  db: Db,
  sessionId: number,
  matchId: number,
  speed: number,
): Promise<AxisPoint[]> {
  const recording = await recordingOf(db, sessionId, speed);
  const span = recording?.spans.find((x) => x.matchId === matchId);
  if (!recording || !span) return [];
  const [m] = await db.select({ sport: matches.sport }).from(matches).where(eq(matches.id, matchId));
  if (!m) return [];
  const lines = await db
    .select({
      period: matchTexts.period,
      minute: matchTexts.minute,
      clockSeconds: matchTexts.clockSeconds,
      at: matchTexts.at,
    })
    .from(matchTexts)
    .where(
      and(
        eq(matchTexts.matchId, matchId),
        gte(matchTexts.at, new Date(span.from)),
        lte(matchTexts.at, new Date(span.to)),
      ),
    )
    .orderBy(asc(matchTexts.at), asc(matchTexts.seq));
  return axisPoints(
    m.sport as 1 | 2,
    lines.map((l) => ({ ...l, second: recording.second(l.at) })),
  );
}
