import type { TipPick, TipPlay } from '../../../lib/tips/plays.ts';
import {
  asianHandicap,
  expectedGoals,
  outcomeProbabilities,
  overUnder,
  priceOutcomes,
} from '../../sports/odds-model.ts';

type Priced = { line: number | null; picks: TipPick[]; odds: Partial<Record<TipPick, number>> };

/**
 * Football prices from the simulator's odds model for two team ratings: what a book would have
 * offered before kick-off. Used for the demo history, where the real matches carry no odds.
 */
export function modelPrices(
  homeRating: number,
  awayRating: number,
  neutral: boolean,
): Record<TipPlay, Priced> {
  const [lh, la] = expectedGoals(homeRating, awayRating, neutral);
  const [h, d, a] = priceOutcomes(outcomeProbabilities(0, lh, la), 0.89);
  const strong = Math.round(lh - la);
  const rqLine = Math.max(-2, Math.min(2, strong === 0 ? 1 : strong));
  const [rh, rd, ra] = priceOutcomes(outcomeProbabilities(-rqLine, lh, la), 0.89);
  const ah = asianHandicap(lh, la, 0.95);
  const ou = overUnder(0, lh, la, 0.95);
  return {
    spf: { line: null, picks: ['home', 'draw', 'away'], odds: { home: h, draw: d, away: a } },
    rqspf: { line: rqLine, picks: ['home', 'draw', 'away'], odds: { home: rh, draw: rd, away: ra } },
    asia: { line: ah.line, picks: ['home', 'away'], odds: { home: ah.home, away: ah.away } },
    ou: { line: ou.line, picks: ['over', 'under'], odds: { over: ou.home, under: ou.away } },
  };
}
