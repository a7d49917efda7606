/**
 * Elo ratings from real results, in date order: K = 20, home advantage 60 points, scaled by the
 * goal margin. The simulator prices odds and plays unknown results from these ratings.
 */
export interface RatedResult {
  at: number;
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
}

export const ELO_HOME_ADVANTAGE = 60;
const K = 20;

export function computeElo(results: RatedResult[], start = 1500): Map<string, number> {
  const rating = new Map<string, number>();
  const get = (team: string) => rating.get(team) ?? start;
  for (const r of [...results].sort((a, b) => a.at - b.at)) {
    const rh = get(r.home);
    const ra = get(r.away);
    const expected = 1 / (1 + 10 ** ((ra - rh - ELO_HOME_ADVANTAGE) / 400));
    const actual = r.homeGoals > r.awayGoals ? 1 : r.homeGoals === r.awayGoals ? 0.5 : 0;
    const margin = Math.max(1, Math.log2(Math.abs(r.homeGoals - r.awayGoals) + 1) * 1.2);
    const delta = K * margin * (actual - expected);
    rating.set(r.home, rh + delta);
    rating.set(r.away, ra - delta);
  }
  return rating;
}
