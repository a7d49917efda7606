/** Where the database pages live (docs/match-centre.md "URL shapes"). */

/** A competition season's page: football under the hot-league path, basketball at /database/lq/{id}. */
export function competitionHref(
  sport: number,
  competitionId: number,
  seasonId?: number | null,
  tab = 'standings',
): string {
  if (sport === 2)
    return seasonId ? `/database/lq/${competitionId}?seasonId=${seasonId}` : `/database/lq/${competitionId}`;
  return seasonId
    ? `/database/fb/hot/0/${competitionId}/${seasonId}/${tab}`
    : `/database/fb/hot/0/${competitionId}`;
}

/** The match timeline alone (src/pages/parts/match-timeline/[id].astro): what the live island refetches. */
export const timelinePart = (matchId: number) => `/parts/match-timeline/${matchId}`;

export const teamHref = (sport: number, teamId: number) =>
  `/database/${sport === 2 ? 'lq' : 'fb'}/team/${teamId}`;
export const playerHref = (sport: number, playerId: number) =>
  `/database/${sport === 2 ? 'lq' : 'fb'}/player/${playerId}`;

/** An odds-detail subpage of a match (and company). */
export function oddsDetailHref(
  sport: number,
  page: string,
  matchId: number,
  companyId?: number | null,
): string {
  const q = new URLSearchParams({ matchId: String(matchId) });
  if (companyId) q.set('companyId', String(companyId));
  return `/${sport === 2 ? 'basketball' : 'football'}/odds-detail/${page}?${q}`;
}
