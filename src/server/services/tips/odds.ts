import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { TipPick, TipPlay } from '../../../lib/tips/plays.ts';
import type { Tx } from '../../db/client.ts';
import { odds, oddsChanges, oddsCompanies } from '../../db/schema/index.ts';

/** The markets a play is priced from, best first (竞彩's own prices for its plays). */
const MARKETS: Record<TipPlay, string[]> = {
  spf: ['jc_spf', 'eu'],
  rqspf: ['jc_rqspf'],
  asia: ['asia'],
  ou: ['ou'],
};

const COLUMN: Record<TipPick, 'v1' | 'v2' | 'v3'> = {
  home: 'v1',
  draw: 'v2',
  away: 'v3',
  over: 'v1',
  under: 'v3',
};

type Quote = { market: string; v1: number | null; v2: number | null; v3: number | null; line: number | null };

/** The first quote (markets in order, then companies as given) that prices the pick, with its line. */
function firstPrice(quotes: Quote[], play: TipPlay, pick: TipPick) {
  const needsLine = play !== 'spf';
  for (const market of MARKETS[play]) {
    for (const q of quotes.filter((x) => x.market === market)) {
      const price = q[COLUMN[pick]];
      if (price && price > 0 && (!needsLine || q.line !== null)) {
        return { odds: price, line: needsLine ? q.line : null };
      }
    }
  }
  return null;
}

/** The current price and line of a pick, from the first company (by sort) that prices it. */
export async function currentPrice(q: Tx, matchId: number, play: TipPlay, pick: TipPick) {
  const rows = await q
    .select({ market: odds.market, v1: odds.v1, v2: odds.v2, v3: odds.v3, line: odds.line })
    .from(odds)
    .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
    .where(and(eq(odds.matchId, matchId), inArray(odds.market, MARKETS[play])))
    .orderBy(desc(oddsCompanies.isLottery), asc(oddsCompanies.sort), asc(oddsCompanies.id));
  return firstPrice(rows, play, pick);
}

/**
 * The price and line of a pick as the market stood at `at` (before kick-off): each company's
 * latest pre-match change up to then, from the stored price history. Null when nothing was
 * priced yet. Used for demo plans dated in the past.
 */
export async function priceAt(q: Tx, matchId: number, play: TipPlay, pick: TipPick, at: Date) {
  const rows = await q
    .selectDistinctOn([oddsCompanies.isLottery, oddsCompanies.sort, oddsCompanies.id, odds.market], {
      market: odds.market,
      v1: oddsChanges.v1,
      v2: oddsChanges.v2,
      v3: oddsChanges.v3,
      line: oddsChanges.line,
    })
    .from(oddsChanges)
    .innerJoin(odds, eq(odds.id, oddsChanges.oddsId))
    .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
    .where(
      and(
        eq(oddsChanges.matchId, matchId),
        inArray(odds.market, MARKETS[play]),
        eq(oddsChanges.live, false),
        lte(oddsChanges.at, at),
      ),
    )
    .orderBy(
      desc(oddsCompanies.isLottery),
      asc(oddsCompanies.sort),
      asc(oddsCompanies.id),
      asc(odds.market),
      desc(oddsChanges.at),
    );
  return firstPrice(rows, play, pick);
}
