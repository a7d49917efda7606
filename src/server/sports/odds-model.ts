/**
 * Pricing from team strength. Football: Poisson goals whose means follow the Elo gap; basketball:
 * a normal margin around the rating gap. Prices carry each company's payout rate (返还率).
 */
const MAX_GOALS = 10;

function poissonPmf(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** Goals a match of each competition averages (the recent seasons' level, rounded). */
const LEAGUE_GOALS: Record<string, number> = {
  'de.1': 3.15,
  'en.1': 2.9,
  'uefa.cl': 3.0,
  'cn.1': 2.9,
  'fr.1': 2.8,
  'it.1': 2.65,
  'es.1': 2.6,
};

/**
 * Expected goals of both sides for the whole match: the competition's goals shared by the Elo
 * supremacy; a one-sided match has a few more goals than an even one.
 */
export function expectedGoals(
  homeRating: number,
  awayRating: number,
  neutral: boolean,
  competitionKey?: string,
): [number, number] {
  const supremacy = (homeRating - awayRating + (neutral ? 0 : 60)) / 250;
  const total = (LEAGUE_GOALS[competitionKey ?? ''] ?? 2.7) + 0.12 * Math.abs(supremacy);
  return [Math.max(0.15, (total + supremacy) / 2), Math.max(0.15, (total - supremacy) / 2)];
}

/** Distribution of (home − away) and of (home + away) goals still to come. */
export function goalDistributions(
  lh: number,
  la: number,
): { diff: Map<number, number>; total: Map<number, number> } {
  const ph = poissonPmf(lh);
  const pa = poissonPmf(la);
  const diff = new Map<number, number>();
  const total = new Map<number, number>();
  for (let h = 0; h <= MAX_GOALS; h++) {
    for (let a = 0; a <= MAX_GOALS; a++) {
      const p = ph[h] * pa[a];
      diff.set(h - a, (diff.get(h - a) ?? 0) + p);
      total.set(h + a, (total.get(h + a) ?? 0) + p);
    }
  }
  return { diff, total };
}

/** Win/draw/loss probabilities given the current goal difference and goals still expected. */
export function outcomeProbabilities(currentDiff: number, lh: number, la: number): [number, number, number] {
  let w = 0,
    d = 0,
    l = 0;
  for (const [k, p] of goalDistributions(lh, la).diff) {
    const final = currentDiff + k;
    if (final > 0) w += p;
    else if (final === 0) d += p;
    else l += p;
  }
  const sum = w + d + l;
  return [w / sum, d / sum, l / sum];
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Decimal odds from probabilities at a payout rate (e.g. 0.93), with the margin laid on as books
 * do (power method: q = p^k with Σq = 1/payout), so longshots carry more of it than favourites
 * and a clear favourite is not pushed down to 1.01.
 */
export function priceOutcomes(probs: number[], payout: number): number[] {
  const ps = probs.map((p) => Math.min(1, Math.max(p, 0.001)));
  const target = 1 / payout;
  let [lo, hi] = [0.5, 1];
  for (let i = 0; i < 40; i++) {
    const k = (lo + hi) / 2;
    if (ps.reduce((a, p) => a + p ** k, 0) > target) lo = k;
    else hi = k;
  }
  return ps.map((p) => round2(Math.min(50, Math.max(1.01, 1 / p ** ((lo + hi) / 2)))));
}

/**
 * Splits the stake over a quarter line (2.25 = half on 2, half on 2.5) and returns the fair
 * Hong Kong price of each side: Σ(lose) / Σ(win) for the side backed.
 */
function fairWater(dist: Map<number, number>, line: number, offset: number): [number, number] {
  const parts = Math.round(line * 4) % 2 === 0 ? [line] : [line - 0.25, line + 0.25];
  let win = 0,
    lose = 0;
  for (const part of parts) {
    for (const [k, p] of dist) {
      const margin = k + offset - part;
      if (margin > 0) win += p;
      else if (margin < 0) lose += p;
    }
  }
  return [lose / Math.max(win, 1e-9), win / Math.max(lose, 1e-9)];
}

/** The quarter line that balances both sides best, with each side's water at the payout rate. */
function balancedLine(
  dist: Map<number, number>,
  offset: number,
  around: number,
  payout: number,
  min: number,
) {
  let best = { line: 0, score: Infinity, waters: [1, 1] as [number, number] };
  for (let q = Math.round(around * 4) - 8; q <= Math.round(around * 4) + 8; q++) {
    const line = q / 4;
    if (line < min) continue;
    const waters = fairWater(dist, line, offset);
    const score = Math.abs(Math.log(waters[0]));
    if (score < best.score) best = { line, score, waters };
  }
  return { line: best.line, home: round3(best.waters[0] * payout), away: round3(best.waters[1] * payout) };
}

/** Asian handicap on the goals still to come (in play the line ignores the current score, as Asian books do). */
export function asianHandicap(lh: number, la: number, payout: number) {
  const { diff } = goalDistributions(lh, la);
  return balancedLine(diff, 0, lh - la, payout, -3.5);
}

/** Over/under on the match total: goals so far plus those still expected. */
export function overUnder(currentTotal: number, lh: number, la: number, payout: number) {
  const { total } = goalDistributions(lh, la);
  return balancedLine(total, currentTotal, currentTotal + lh + la, payout, currentTotal + 0.5);
}

/** Standard normal cumulative distribution. */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}

export interface BasketballOutlook {
  /** Expected final margin (home − away) and total points. */
  margin: number;
  total: number;
  /** Standard deviation of the margin still to come. */
  sd: number;
}

export const halfPoint = (x: number) => Math.round(x - 0.5) + 0.5;

/** Hong Kong water of both sides of a two-way line whose first side wins with probability `p`. */
export function twoWayWater(p: number, payout: number): [number, number] {
  const q = Math.min(0.97, Math.max(0.03, p));
  return [round3(((1 - q) / q) * payout), round3((q / (1 - q)) * payout)];
}

/** Standard deviation of a basketball game's total points. */
const TOTAL_SD = 15;

/**
 * Basketball prices at a half-point spread and total (home view) that may sit off the balanced
 * line: moneyline, and the water of each side from the chance of covering.
 */
export function basketballPrices(o: BasketballOutlook, payout: number, shift = { spread: 0, total: 0 }) {
  const pHome = normalCdf(o.margin / o.sd);
  const spread = halfPoint(o.margin + shift.spread);
  const total = halfPoint(o.total + shift.total);
  const asianPayout = Math.min(0.98, payout + 0.04);
  return {
    moneyline: priceOutcomes([pHome, 1 - pHome], payout),
    spread,
    total,
    spreadWater: twoWayWater(normalCdf((o.margin - spread) / o.sd), asianPayout),
    totalWater: twoWayWater(normalCdf((o.total - total) / (TOTAL_SD * (o.sd / 12))), asianPayout),
  };
}
