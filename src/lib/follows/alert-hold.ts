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
  if (!watching || (notice.kind !== undefined && notice.kind !== 'match')) return 0;
  const matchId = alertMatchId(notice.link);
  if (matchId === null || matchId !== watching.matchId) return 0;
  return Math.max(0, Math.min(watching.delayMs, 120_000));
}
