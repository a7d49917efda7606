import type { FeedOdds } from '../feed.ts';
import { BOOKMAKER_KEYS } from '../../../sports/companies.ts';
import { rngFor } from '../../../sports/rng.ts';
import {
  asianHandicap,
  basketballPrices,
  expectedGoals,
  outcomeProbabilities,
  overUnder,
  priceOutcomes,
  type BasketballOutlook,
} from '../../../sports/odds-model.ts';
import { MIN, type PlanInput, type PlanStep } from './plan-types.ts';

/** A moment the prices are set at: before kick-off (`remaining` 1) or in play. */
export interface OddsCheckpoint {
  t: number;
  live: boolean;
  minute: number | null;
  /** Share of the match still to play (1 before kick-off). */
  remaining: number;
  score: [number, number];
  reds: [number, number];
}

export interface BasketballCheckpoint extends OddsCheckpoint {
  outlook: BasketballOutlook;
}

type Odds = Omit<FeedOdds, 'at'>;

/** Pre-match news moves the market a little before kick-off. */
export const PREMATCH_MOVES = [-24 * 60, -12 * 60, -6 * 60, -2 * 60, -30].map((m) => m * MIN);
/** Prices open three days before kick-off. */
export const OPENING_AT = -3 * 24 * 60 * MIN;

/** Each company's payout and how far its view drifts from the model (fixed per company). */
function companyProfile(seed: string, company: string) {
  const r = rngFor(seed, `company:${company}`);
  return { payout: 0.9 + r.next() * 0.05, asianPayout: 0.93 + r.next() * 0.03, bias: r.normal(0, 0.04) };
}

/**
 * Keeps the last price of every company and market; only real changes become plan steps.
 * Markets close by themselves (lottery prices at kick-off, the rest at the final whistle), so
 * closing writes no history.
 */
function changeTracker() {
  const last = new Map<string, string>();
  return (list: Odds[]): Odds[] =>
    list.filter((o) => {
      const key = `${o.company}|${o.market}`;
      const value = `${o.v1}|${o.v2}|${o.v3}|${o.line}`;
      if (last.get(key) === value) return false;
      last.set(key, value);
      return true;
    });
}

function base(cp: OddsCheckpoint) {
  return {
    live: cp.live,
    minute: cp.minute,
    homeScore: cp.live ? cp.score[0] : null,
    awayScore: cp.live ? cp.score[1] : null,
  };
}

/**
 * The market's own view of a match, fixed per match: it reads the teams a little differently
 * from the ratings model (supremacy and goals), so the model page has something to compare.
 */
function marketView(input: PlanInput) {
  const r = rngFor(input.seed, `market:${input.key}`);
  return {
    supremacy: r.normal(0, 0.2),
    goals: r.normal(0, 0.18),
    spread: r.normal(0, 1.8),
    total: r.normal(0, 4),
  };
}

export function footballOddsSteps(input: PlanInput, checkpoints: OddsCheckpoint[]): PlanStep[] {
  const rng = rngFor(input.seed, `odds:${input.key}`);
  const view = marketView(input);
  const [mh, ma] = expectedGoals(input.home.rating, input.away.rating, input.neutral, input.competitionKey);
  const lh0 = Math.max(0.15, mh + view.supremacy / 2 + view.goals / 2);
  const la0 = Math.max(0.15, ma - view.supremacy / 2 + view.goals / 2);
  const tracker = changeTracker();
  const steps: PlanStep[] = [];
  let drift = 0;
  for (const cp of checkpoints) {
    if (!cp.live && cp.t !== OPENING_AT) drift += rng.normal(0, 0.06);
    // A red card is worth about a third of a goal to the other side.
    const sup = drift + (cp.reds[1] - cp.reds[0]) * 0.3;
    const lh = Math.max(0.02, (lh0 + sup / 2) * cp.remaining);
    const la = Math.max(0.02, (la0 - sup / 2) * cp.remaining);
    const list: Odds[] = [];
    for (const company of BOOKMAKER_KEYS) {
      const prof = companyProfile(input.seed, company);
      const shade = 1 + prof.bias * 0.5;
      const [v1, v2, v3] = priceOutcomes(
        outcomeProbabilities(cp.score[0] - cp.score[1], lh * shade, la / shade),
        prof.payout,
      );
      const ah = asianHandicap(lh * shade, la / shade, prof.asianPayout);
      const ou = overUnder(cp.score[0] + cp.score[1], lh, la, prof.asianPayout);
      list.push({ ...base(cp), company, market: 'eu', v1, v2, v3 });
      list.push({ ...base(cp), company, market: 'asia', v1: ah.home, v3: ah.away, line: ah.line });
      list.push({ ...base(cp), company, market: 'ou', v1: ou.home, v3: ou.away, line: ou.line });
    }
    if (!cp.live) list.push(...lotteryOdds(input, lh, la, base(cp)));
    const changed = tracker(list);
    if (changed.length) steps.push({ t: cp.t, kind: 'odds', odds: changed });
  }
  return steps;
}

/**
 * 竞彩/北单 让球 is a whole goal, given by the favourite (the home side gives when the line is
 * positive): one goal, two when the favourite is expected to win by more than one and a half.
 */
export function lotteryLine(lh: number, la: number): number {
  const d = lh - la;
  return d >= 1.5 ? 2 : d >= 0 ? 1 : d > -1.5 ? -1 : -2;
}

/** 竞彩 胜平负 and 让球胜平负, 北单 让球胜平负 at the lottery's payout. */
function lotteryOdds(input: PlanInput, lh: number, la: number, b: Partial<Odds>): Odds[] {
  const out: Odds[] = [];
  const line = lotteryLine(lh, la);
  const handicapped = outcomeProbabilities(-line, lh, la);
  if (input.lottery.jc) {
    const [v1, v2, v3] = priceOutcomes(outcomeProbabilities(0, lh, la), 0.89);
    out.push({ ...b, company: 'jc', market: 'jc_spf', v1, v2, v3 });
    const [r1, r2, r3] = priceOutcomes(handicapped, 0.89);
    out.push({ ...b, company: 'jc', market: 'jc_rqspf', v1: r1, v2: r2, v3: r3, line });
  }
  if (input.lottery.bd) {
    const [b1, b2, b3] = priceOutcomes(handicapped, 0.65);
    out.push({ ...b, company: 'bd', market: 'bd_rqspf', v1: b1, v2: b2, v3: b3, line });
  }
  return out;
}

export function basketballOddsSteps(input: PlanInput, checkpoints: BasketballCheckpoint[]): PlanStep[] {
  const view = marketView(input);
  const tracker = changeTracker();
  const steps: PlanStep[] = [];
  for (const cp of checkpoints) {
    // Before tip-off the market holds its own view; in play the score speaks for itself.
    const weight = cp.live ? cp.remaining : 1;
    const outlook = {
      ...cp.outlook,
      margin: cp.outlook.margin + view.spread * weight,
      total: cp.outlook.total + view.total * weight,
    };
    const list: Odds[] = [];
    for (const company of BOOKMAKER_KEYS) {
      const prof = companyProfile(input.seed, company);
      const p = basketballPrices(
        { ...outlook, margin: outlook.margin + prof.bias * 10, total: outlook.total + prof.bias * 20 },
        prof.payout,
      );
      list.push({ ...base(cp), company, market: 'eu', v1: p.moneyline[0], v3: p.moneyline[1] });
      list.push({
        ...base(cp),
        company,
        market: 'asia',
        v1: p.spreadWater[0],
        v3: p.spreadWater[1],
        line: p.spread,
      });
      list.push({
        ...base(cp),
        company,
        market: 'ou',
        v1: p.totalWater[0],
        v3: p.totalWater[1],
        line: p.total,
      });
    }
    if (input.lottery.jc && !cp.live) {
      // 竞彩 sets its lines a little off the market's and prices each side from the chance of covering.
      const jc = basketballPrices(outlook, 0.89, { spread: view.spread / 2, total: -view.total / 2 });
      const decimal = (w: [number, number]) => w.map((x) => Math.round((x + 1) * 100) / 100);
      const [rf1, rf3] = decimal(jc.spreadWater);
      const [dx1, dx3] = decimal(jc.totalWater);
      list.push({ ...base(cp), company: 'jc', market: 'jc_sf', v1: jc.moneyline[0], v3: jc.moneyline[1] });
      list.push({ ...base(cp), company: 'jc', market: 'jc_rf', v1: rf1, v3: rf3, line: jc.spread });
      list.push({ ...base(cp), company: 'jc', market: 'jc_dxf', v1: dx1, v3: dx3, line: jc.total });
    }
    const changed = tracker(list);
    if (changed.length) steps.push({ t: cp.t, kind: 'odds', odds: changed });
  }
  return steps;
}
