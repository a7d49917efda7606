import { and, asc, eq, gte, isNotNull, lte, min } from 'drizzle-orm';
import { MATCH_EVENT_TYPES, type MatchEventType } from '../../../lib/vocab/match-events.ts';
import type { Db } from '../../db/client.ts';
import { liveSessions, matchEvents, matches, matchTexts } from '../../db/schema/index.ts';
import { feedEnd, matchSpans, replaySecond, type MatchSpan } from './timeline.ts';

/** Goals and cards become markers; so does the start of each later period (下半场, 第2节 …). */
const MARKED: MatchEventType[] = ['goal', 'own_goal', 'penalty', 'yellow', 'red', 'yellow_red'];

export interface ReplayMarker {
  /** Seconds into the replay. */
  t: number;
  kind: 'goal' | 'card' | 'period';
  label: string;
}

/** Where a period starts, named for the sport: football has halves, basketball quarters (then OT). */
export function periodLabel(sport: 'football' | 'basketball', period: number): string {
  if (sport === 'football') return period === 2 ? '下半场' : period === 3 ? '加时赛' : `第${period}阶段`;
  return period <= 4 ? `第${period}节` : `加时${period - 4}`;
}

/**
 * What a replay's recording covers of the feed: the matches linked while it ran (`matchSpans`), and
 * where a feed moment sits in it — the feed clock at the push's start (`feedClockAt`) less the drops
 * of a resumed push (`replaySecond`). Null for a recording not placed on the feed (the demo's).
 */
export async function recordingOf(db: Db, sessionId: number, speed: number) {
  const [s] = await db.select().from(liveSessions).where(eq(liveSessions.id, sessionId));
  if (!s?.feedClockAt || !s.durationSeconds) return null;
  const start = s.feedClockAt.getTime();
  const end = feedEnd(start, s.durationSeconds, s.feedGaps, speed);
  return {
    spans: matchSpans(start, end, s.earlierMatches, s.matchId),
    second: (at: Date) => replaySecond(at.getTime(), start, s.feedGaps, speed),
  };
}

/** Markers of a replay: the moments of the match linked at the time, placed on the recording. */
export async function replayMarkers(db: Db, sessionId: number, speed: number): Promise<ReplayMarker[]> {
  const recording = await recordingOf(db, sessionId, speed);
  if (!recording) return [];
  const markers = (await Promise.all(recording.spans.map((span) => spanMarkers(db, span)))).flat();
  // Chronological; a period's start comes before the events of its first moment (stable sort).
  return markers
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ at, ...m }) => ({ ...m, t: recording.second(at) }));
}

/** The goals, cards and period starts of one match between `from` and `to` (feed clock), not yet placed. */
async function spanMarkers(db: Db, span: MatchSpan) {
  const from = new Date(span.from);
  const to = new Date(span.to);
  const [m] = await db.select({ sport: matches.sport }).from(matches).where(eq(matches.id, span.matchId));
  const sport = m?.sport === 2 ? 'basketball' : 'football';
  const rows = await db
    .select()
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, span.matchId), gte(matchEvents.at, from), lte(matchEvents.at, to)))
    .orderBy(asc(matchEvents.at), asc(matchEvents.seq));
  const markers: (Omit<ReplayMarker, 't'> & { at: Date })[] = [];
  for (const p of await periodStarts(db, span.matchId, to))
    if (p.period > 1 && p.at >= from)
      markers.push({ at: p.at, kind: 'period', label: periodLabel(sport, p.period) });
  for (const e of rows) {
    if (!(MARKED as string[]).includes(e.type)) continue;
    const minute = e.minute === null ? '' : `${e.minute}${e.addedMinute ? `+${e.addedMinute}` : ''}' `;
    const name = MATCH_EVENT_TYPES[e.type as MatchEventType];
    markers.push({
      at: e.at,
      kind: e.type.includes('goal') || e.type === 'penalty' ? 'goal' : 'card',
      label: `${minute}${name}${e.playerName ? ` ${e.playerName}` : ''}`,
    });
  }
  return markers;
}

/**
 * When each period of a match began, up to `until`: its first commentary line or event (the
 * simulator writes 下半场开始 / 第N节开始 as the period starts, even when nothing else happens).
 */
async function periodStarts(db: Db, matchId: number, until: Date) {
  const firsts = await Promise.all(
    [matchTexts, matchEvents].map((table) =>
      db
        .select({ period: table.period, at: min(table.at) })
        .from(table)
        .where(and(eq(table.matchId, matchId), isNotNull(table.period), lte(table.at, until)))
        .groupBy(table.period),
    ),
  );
  const start = new Map<number, Date>();
  for (const { period, at } of firsts.flat()) {
    if (period === null || at === null) continue;
    const when = new Date(at);
    const known = start.get(period);
    if (!known || when < known) start.set(period, when);
  }
  return [...start].map(([period, at]) => ({ period, at }));
}
