import { and, desc, eq, inArray } from 'drizzle-orm';
import type { OddsSummary } from '../../../lib/sports/types.ts';
import { handicapName, pointsLineName, totalLineName } from '../../../lib/vocab/handicap.ts';
import type { Db } from '../../db/client.ts';
import { odds, oddsChanges, oddsCompanies } from '../../db/schema/sports-odds.ts';

/** The bookmaker whose prices the score lists show. */
export const LIST_COMPANY = 'jindun';

export type OddsRow = typeof odds.$inferSelect;

/** Current prices of one company for many matches, keyed by match id then market. */
export async function pricesOf(
  db: Db,
  companyKey: string,
  matchIds: number[],
  markets: string[],
): Promise<Map<number, Map<string, OddsRow>>> {
  const out = new Map<number, Map<string, OddsRow>>();
  if (!matchIds.length) return out;
  const rows = await db
    .select({ o: odds })
    .from(odds)
    .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
    .where(
      and(eq(oddsCompanies.key, companyKey), inArray(odds.matchId, matchIds), inArray(odds.market, markets)),
    );
  for (const { o } of rows) {
    let m = out.get(o.matchId);
    if (!m) out.set(o.matchId, (m = new Map()));
    m.set(o.market, o);
  }
  return out;
}

/** Line as shown: football handicaps in 平手/半球 words, basketball as ±points, totals as 2.5/3. */
export function lineName(sport: number, market: string, line: number | null): string {
  if (line === null) return '';
  if (market === 'ou' || market === 'jc_dxf') return totalLineName(line);
  return sport === 1 ? handicapName(line) : pointsLineName(line);
}

export function summaryOf(
  sport: number,
  company: string,
  prices: Map<string, OddsRow> | undefined,
): OddsSummary | null {
  if (!prices) return null;
  const eu = prices.get('eu');
  const asia = prices.get('asia');
  const ou = prices.get('ou');
  return {
    company,
    eu: eu && eu.v1 !== null && eu.v3 !== null ? { home: eu.v1, draw: eu.v2, away: eu.v3 } : null,
    asia:
      asia && asia.line !== null
        ? {
            line: asia.line,
            lineName: lineName(sport, 'asia', asia.line),
            openLineName: lineName(sport, 'asia', asia.openLine),
            home: asia.v1 ?? 0,
            away: asia.v3 ?? 0,
          }
        : null,
    ou:
      ou && ou.line !== null
        ? {
            line: ou.line,
            lineName: lineName(sport, 'ou', ou.line),
            openLineName: lineName(sport, 'ou', ou.openLine),
            over: ou.v1 ?? 0,
            under: ou.v3 ?? 0,
          }
        : null,
  };
}

/** List rows' odds: the list company's 1X2, handicap and total for each match. */
export async function listOdds(
  db: Db,
  sport: number,
  matchIds: number[],
): Promise<Map<number, OddsSummary | null>> {
  const prices = await pricesOf(db, LIST_COMPANY, matchIds, ['eu', 'asia', 'ou']);
  const name =
    (
      await db
        .select({ name: oddsCompanies.name })
        .from(oddsCompanies)
        .where(eq(oddsCompanies.key, LIST_COMPANY))
    )[0]?.name ?? LIST_COMPANY;
  return new Map(matchIds.map((id) => [id, summaryOf(sport, name, prices.get(id))]));
}

/**
 * The last pre-match 1X2 price (the closing line) of the list company for each match: what a
 * finished or running match shows where the in-play price would mislead (足彩 rows).
 */
export async function closingEu(db: Db, matchIds: number[]) {
  const out = new Map<number, { home: number; draw: number | null; away: number }>();
  if (!matchIds.length) return out;
  const rows = await db
    .select({ matchId: oddsChanges.matchId, v1: oddsChanges.v1, v2: oddsChanges.v2, v3: oddsChanges.v3 })
    .from(oddsChanges)
    .innerJoin(odds, eq(odds.id, oddsChanges.oddsId))
    .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
    .where(
      and(
        eq(oddsCompanies.key, LIST_COMPANY),
        eq(odds.market, 'eu'),
        eq(oddsChanges.live, false),
        inArray(oddsChanges.matchId, matchIds),
      ),
    )
    .orderBy(desc(oddsChanges.at));
  for (const r of rows)
    if (!out.has(r.matchId) && r.v1 !== null && r.v3 !== null)
      out.set(r.matchId, { home: r.v1, draw: r.v2, away: r.v3 });
  return out;
}
