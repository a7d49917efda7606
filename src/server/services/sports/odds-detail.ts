import type { OddsMarket } from '../../../lib/vocab/play-types.ts';
import type { OddsService } from './odds.ts';

/** The markets the odds-detail pages show (欧赔, 亚盘/让分, 大小球/大小分). */
export const DETAIL_MARKETS = ['eu', 'asia', 'ou'] as const satisfies readonly OddsMarket[];

/**
 * The odds-detail subpages built on the odds service: `join` (every market of one company, with
 * its change history) and `table` (every company's change history of one market).
 */
export function createOddsDetailService(odds: OddsService) {
  return {
    /** null when the match does not exist; `company` null when the company prices none of its markets. */
    async join(matchId: number, companyId: number) {
      const histories = await Promise.all(DETAIL_MARKETS.map((m) => odds.history(matchId, companyId, m)));
      if (histories.some((h) => h === null)) return null;
      const company = histories.find((h) => h!.company)?.company ?? null;
      return {
        matchId,
        companyId,
        company,
        markets: histories.map((h) => ({ market: h!.market, changes: h!.changes })),
      };
    },

    /** null when the match does not exist. */
    async table(matchId: number, market: OddsMarket) {
      const current = await odds.market(matchId, market);
      if (!current) return null;
      const histories = await Promise.all(
        current.companies.map((c) => odds.history(matchId, c.companyId, market)),
      );
      return {
        matchId,
        market,
        companies: current.companies.map((c, i) => ({
          companyId: c.companyId,
          company: c.company,
          isLottery: c.isLottery,
          open: c.open,
          live: c.live,
          closed: c.closed,
          changes: histories[i]?.changes ?? [],
        })),
      };
    },
  };
}

export type OddsDetailService = ReturnType<typeof createOddsDetailService>;
