import { expectedGoals, normalCdf, outcomeProbabilities } from '../../sports/odds-model.ts';

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The model's win/draw/loss probabilities from the team ratings (football: Poisson goals from
 * Elo; basketball: a normal margin around the rating gap plus home court).
 */
export function modelProbabilities(sport: number, homeRating: number, awayRating: number, neutral: boolean) {
  if (sport === 1) {
    const [lh, la] = expectedGoals(homeRating, awayRating, neutral);
    const [h, d, a] = outcomeProbabilities(0, lh, la);
    return {
      home: r3(h),
      draw: r3(d),
      away: r3(a),
      expectedGoals: [Math.round(lh * 100) / 100, Math.round(la * 100) / 100] as [number, number],
    };
  }
  const margin = 0.7 * (homeRating - awayRating) + (neutral ? 0 : 2.5);
  const h = normalCdf(margin / 12);
  return { home: r3(h), draw: null, away: r3(1 - h), expectedMargin: Math.round(margin * 10) / 10 };
}

/** Probabilities the prices imply: 1/odds normalised, averaged over the bookmakers. */
export function impliedProbabilities(prices: { v1: number | null; v2: number | null; v3: number | null }[]) {
  const rows = prices
    .map((p) => [p.v1, p.v2, p.v3].map((v) => (v && v > 0 ? 1 / v : 0)))
    .filter((r) => r[0] > 0 && r[2] > 0)
    .map((r) => r.map((x) => x / (r[0] + r[1] + r[2])));
  if (!rows.length) return null;
  const avg = (i: number) => r3(rows.reduce((a, r) => a + r[i], 0) / rows.length);
  return { home: avg(0), draw: rows[0][1] ? avg(1) : null, away: avg(2), companies: rows.length };
}
