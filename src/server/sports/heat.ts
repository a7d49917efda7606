/** How much attention a match draws: competition weight plus the strength of both teams. */
const COMPETITION_HEAT: Record<string, number> = {
  'uefa.cl': 70,
  'en.1': 60,
  'es.1': 55,
  'it.1': 50,
  'de.1': 45,
  'cn.1': 42,
  'fr.1': 35,
  nba: 70,
  cba: 50,
};

export function matchHeat(
  competitionKey: string,
  sport: 1 | 2,
  homeRating: number,
  awayRating: number,
): number {
  const base = COMPETITION_HEAT[competitionKey] ?? 20;
  const strength = sport === 1 ? (homeRating + awayRating - 3000) / 8 : (homeRating + awayRating) * 1.5;
  return Math.round(base + Math.max(-20, Math.min(40, strength)));
}
