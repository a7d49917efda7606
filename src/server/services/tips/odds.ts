import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TipPick, TipPlay } from '../../../lib/tips/plays.ts';
import type { Tx } from '../../db/client.ts';
import { odds, oddsCompanies } from '../../db/schema/index.ts';

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

/** The current price and line of a pick, from the first company (by sort) that prices it. */
export async function currentPrice(q: Tx, matchId: number, play: TipPlay, pick: TipPick) {
  const wanted = MARKETS[play];
  const rows = await q
    .select({ market: odds.market, v1: odds.v1, v2: odds.v2, v3: odds.v3, line: odds.line })
    .from(odds)
    .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
    .where(and(eq(odds.matchId, matchId), inArray(odds.market, wanted)))
    .orderBy(desc(oddsCompanies.isLottery), asc(oddsCompanies.sort), asc(oddsCompanies.id));
  for (const market of wanted) {
    for (const r of rows.filter((x) => x.market === market)) {
      const price = r[COLUMN[pick]];
      const needsLine = play !== 'spf';
      if (price && price > 0 && (!needsLine || r.line !== null)) {
        return { odds: price, line: needsLine ? r.line : null };
      }
    }
  }
  return null;
}
