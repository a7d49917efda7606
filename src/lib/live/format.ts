/** Display helpers of the live rooms, for pages and islands alike. */

/** 12860 → 1.3万, 980 → 980. */
export function formatHeat(n: number): string {
  if (n >= 100_000_000) return `${(n / 100_000_000).toFixed(1).replace(/\.0$/, '')}亿`;
  if (n >= 10_000) return `${(n / 10_000).toFixed(1).replace(/\.0$/, '')}万`;
  return String(n);
}

/** 95 → 1小时35分, 40 → 40分钟. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}分钟`;
  return m ? `${h}小时${m}分` : `${h}小时`;
}

/** A moment in Shanghai time, short: 11-22 20:00. */
export function shortTime(at: string | Date): string {
  const d = new Date(new Date(at).getTime() + 8 * 3600_000).toISOString();
  return `${d.slice(5, 10)} ${d.slice(11, 16)}`;
}

/** The score line of a match brief: "2 - 1", or "vs" before kickoff. */
export function scoreText(m: { homeScore: number | null; awayScore: number | null; phase: string }): string {
  if (m.phase === 'scheduled' || m.homeScore === null || m.awayScore === null) return 'vs';
  return `${m.homeScore} - ${m.awayScore}`;
}
