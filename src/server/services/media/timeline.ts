import type { EarlierMatch, FeedGap } from '../../db/schema/index.ts';

/**
 * A replay's timeline against the sports feed's clock (docs/streaming.md, Markers). Times are feed
 * clock epoch ms; the replay runs in real seconds, `speed` feed ms per real ms (the simulator may
 * run faster than real time).
 */

/** The feed time cut out of the recording between `start` and `at`: the parts of the gaps before `at`. */
function cutBefore(start: number, at: number, gaps: readonly FeedGap[]) {
  let cut = 0;
  for (const g of gaps) cut += Math.max(0, Math.min(g.to, at) - Math.max(g.from, start));
  return cut;
}

/**
 * Seconds into the replay of the moment `at`: the time since the first push's start less the gaps
 * before it (the recording joins the pieces). A moment inside a gap lands where the next piece starts.
 */
export function replaySecond(at: number, start: number, gaps: readonly FeedGap[], speed: number): number {
  return Math.max(0, Math.round((at - start - cutBefore(start, at, gaps)) / 1000 / speed));
}

/** The feed time the recording covers, from its start: its own length plus the gaps cut out of it. */
export function feedEnd(start: number, seconds: number, gaps: readonly FeedGap[], speed: number): number {
  return start + seconds * 1000 * speed + gaps.reduce((sum, g) => sum + (g.to - g.from), 0);
}

export interface MatchSpan {
  matchId: number;
  from: number;
  to: number;
}

/**
 * Which match the broadcast was linked to when: the earlier links up to their ends, then the
 * current one to `end`. Spans without a match are left out.
 */
export function matchSpans(
  start: number,
  end: number,
  earlier: readonly EarlierMatch[],
  current: number | null,
): MatchSpan[] {
  const spans: MatchSpan[] = [];
  let from = start;
  for (const link of [...earlier, { matchId: current, until: end }]) {
    const to = Math.min(link.until, end);
    if (link.matchId !== null && to > from) spans.push({ matchId: link.matchId, from, to });
    from = Math.max(from, to);
  }
  return spans;
}
