import type { Rng } from '../../../sports/rng.ts';
import { shootoutScore } from './shootout.ts';

type Pair = [number, number];

/**
 * A simulated match that must produce a winner: a tie's second leg (`firstLeg`: the first leg's
 * score, this match's home side first) or a one-match final (`firstLeg` null).
 */
export interface Decider {
  firstLeg: Pair | null;
}

/**
 * Extra time and penalties for a decider level after 90 minutes (on aggregate, with no away-goals
 * rule): 30 minutes at about a third of the 90-minute scoring `rates`, then, still level, a
 * shoot-out. `et` is the score after 120 minutes, as the matches table stores it.
 */
export function settleLevel(
  rng: Rng,
  rates: Pair,
  ft: Pair,
  decider: Decider,
): { et: Pair | null; pk: Pair | null } {
  const [h, a] = decider.firstLeg ?? [0, 0];
  const level = (s: Pair) => s[0] + h === s[1] + a;
  if (!level(ft)) return { et: null, pk: null };
  const et: Pair = [ft[0] + rng.poisson(rates[0] / 3), ft[1] + rng.poisson(rates[1] / 3)];
  return { et, pk: level(et) ? shootoutScore(rng) : null };
}
