/** The match a follow alert is about, from its link (`/football/live/123`, `/basketball/live/45`). */
export function alertMatchId(link: string | null | undefined): number | null {
  const m = /^\/(?:football|basketball)\/live\/(\d+)$/.exec(link ?? '');
  return m ? Number(m[1]) : null;
}

/**
 * How long to hold a follow alert (进球/落后/完场) before showing it: while this page plays a live
 * room of the same match, by the stream's measured delay, so the toast never runs ahead of the
 * picture. Any other alert, or no delay known, shows at once.
 */
export function alertHoldMs(
  notice: { kind?: string; link?: string | null },
  watching: { matchId: number; delayMs: number } | null,
): number {
  if (notice.kind !== undefined && notice.kind !== 'match') return 0;
  return matchHoldMs(alertMatchId(notice.link), watching);
}

/**
 * How long news of match `matchId` (an alert, a score patch) waits on a page that plays a live room of
 * that match: the stream's measured delay, at most 2 minutes; no wait for any other match or when no
 * delay is known.
 */
export function matchHoldMs(
  matchId: number | null,
  watching: { matchId: number; delayMs: number } | null,
): number {
  if (!watching || matchId === null || matchId !== watching.matchId) return 0;
  return Math.max(0, Math.min(watching.delayMs, 120_000));
}
