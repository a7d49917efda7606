import { and, asc, eq } from 'drizzle-orm';
import { isFinishedState, isPendingState } from '../../../lib/vocab/match-states.ts';
import type { OddsMarket } from '../../../lib/vocab/play-types.ts';
import type { Db } from '../../db/client.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { oddsChanges, oddsCompanies, odds } from '../../db/schema/sports-odds.ts';
import { lineName, type OddsRow } from './odds-summary.ts';

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const values = (v: (number | null)[]) => v.filter((x): x is number => x !== null && x > 0);

/** 返还率: what a bookmaker pays back on a balanced book, 1 / Σ(1/odds). */
export function payoutRate(prices: (number | null)[]): number | null {
  const v = values(prices);
  return v.length >= 2 ? round3(1 / v.reduce((a, x) => a + 1 / x, 0)) : null;
}

/** Odds per company, opening and live, with their change history (the odds pages). */
export function createOddsService(db: Db) {
  const matchState = async (matchId: number) =>
    (
      await db
        .select({ sport: matches.sport, state: matches.state })
        .from(matches)
        .where(eq(matches.id, matchId))
    )[0] ?? null;

  const view = (sport: number, state: number, r: { o: OddsRow; company: string; isLottery: boolean }) => {
    const { o } = r;
    const over =
      isFinishedState(sport as 1 | 2, state) || (r.isLottery && !isPendingState(sport as 1 | 2, state));
    return {
      companyId: o.companyId,
      company: r.company,
      isLottery: r.isLottery,
      market: o.market,
      open: {
        v1: o.open1,
        v2: o.open2,
        v3: o.open3,
        line: o.openLine,
        lineName: lineName(sport, o.market, o.openLine),
      },
      live: { v1: o.v1, v2: o.v2, v3: o.v3, line: o.line, lineName: lineName(sport, o.market, o.line) },
      closed: o.closed || over,
      openedAt: o.openedAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      payoutRate: o.market === 'eu' ? payoutRate([o.v1, o.v2, o.v3]) : null,
      openPayoutRate: o.market === 'eu' ? payoutRate([o.open1, o.open2, o.open3]) : null,
    };
  };

  async function market(matchId: number, m: OddsMarket) {
    const st = await matchState(matchId);
    if (!st) return null;
    const rows = await db
      .select({ o: odds, company: oddsCompanies.name, isLottery: oddsCompanies.isLottery })
      .from(odds)
      .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
      .where(and(eq(odds.matchId, matchId), eq(odds.market, m)))
      .orderBy(asc(oddsCompanies.sort));
    const list = rows.map((r) => view(st.sport, st.state, r));
    if (m !== 'eu')
      return { matchId, market: m, companies: list.map((c) => ({ ...c, kelly: null })), summary: null };
    const summary = euSummary(list);
    const kelly = (c: View) =>
      (['v1', 'v2', 'v3'] as const).map((k, j) =>
        c.live[k] && summary.avgProb[j] ? round3(c.live[k]! * summary.avgProb[j]!) : null,
      );
    return {
      matchId,
      market: m,
      companies: list.map((c) => ({ ...c, kelly: c.isLottery ? null : kelly(c) })),
      summary,
    };
  }

  async function history(matchId: number, companyId: number, m: OddsMarket) {
    const st = await matchState(matchId);
    if (!st) return null;
    const [row] = await db
      .select({ id: odds.id, company: oddsCompanies.name })
      .from(odds)
      .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
      .where(and(eq(odds.matchId, matchId), eq(odds.companyId, companyId), eq(odds.market, m)));
    if (!row) return { matchId, companyId, company: null, market: m, changes: [] };
    const changes = await db
      .select()
      .from(oddsChanges)
      .where(eq(oddsChanges.oddsId, row.id))
      .orderBy(asc(oddsChanges.at));
    return {
      matchId,
      companyId,
      company: row.company,
      market: m,
      changes: changes.map((c) => ({
        at: c.at.toISOString(),
        v1: c.v1,
        v2: c.v2,
        v3: c.v3,
        line: c.line,
        lineName: lineName(st.sport, m, c.line),
        live: c.live,
        minute: c.minute,
        homeScore: c.homeScore,
        awayScore: c.awayScore,
      })),
    };
  }

  return {
    market,
    history,
    async companies() {
      return db
        .select({
          id: oddsCompanies.id,
          key: oddsCompanies.key,
          name: oddsCompanies.name,
          isLottery: oddsCompanies.isLottery,
        })
        .from(oddsCompanies)
        .orderBy(asc(oddsCompanies.sort));
    },
    /** 欧/亚/大小 side by side, one row per bookmaker (the `three` page). */
    async three(matchId: number) {
      const [eu, asia, ou] = await Promise.all(
        (['eu', 'asia', 'ou'] as const).map((m) => market(matchId, m)),
      );
      if (!eu || !asia || !ou) return null;
      const ids = [
        ...new Set(
          [...eu.companies, ...asia.companies, ...ou.companies]
            .filter((c) => !c.isLottery)
            .map((c) => c.companyId),
        ),
      ];
      return ids.map((id) => ({
        companyId: id,
        company: [...eu.companies, ...asia.companies, ...ou.companies].find((c) => c.companyId === id)!
          .company,
        eu: eu.companies.find((c) => c.companyId === id) ?? null,
        asia: asia.companies.find((c) => c.companyId === id) ?? null,
        ou: ou.companies.find((c) => c.companyId === id) ?? null,
      }));
    },
  };
}

type View = {
  isLottery: boolean;
  open: { v1: number | null; v2: number | null; v3: number | null };
  live: { v1: number | null; v2: number | null; v3: number | null };
};

/**
 * 欧赔 summary: the lowest, highest and average price of each outcome over the bookmakers, and
 * the average implied probabilities behind each company's Kelly index (凯利指数 = its price ×
 * the average probability; above the payout rate means it pays more than the market).
 */
function euSummary(list: View[]) {
  const books = list.filter((c) => !c.isLottery);
  const stat = (pick: (c: View) => number | null) => {
    const v = values(books.map(pick));
    if (!v.length) return null;
    return {
      min: Math.min(...v),
      max: Math.max(...v),
      avg: Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 100) / 100,
    };
  };
  const keys = ['v1', 'v2', 'v3'] as const;
  const avgProb = keys.map((k) => {
    const probs = books.map((c) => {
      const rate = payoutRate([c.live.v1, c.live.v2, c.live.v3]);
      const price = c.live[k];
      return rate && price ? rate / price : null;
    });
    const v = values(probs);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  });
  return {
    open: Object.fromEntries(keys.map((k) => [k, stat((c) => c.open[k])])),
    live: Object.fromEntries(keys.map((k) => [k, stat((c) => c.live[k])])),
    avgProb: avgProb.map((p) => (p === null ? null : round3(p))),
  };
}

export type OddsService = ReturnType<typeof createOddsService>;
