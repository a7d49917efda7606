import {
  isMarketPage,
  isOddsDetailPage,
  type MarketPage,
  type OddsDetailPage,
  type SportSlug,
} from './format.ts';
import { parseId } from './params.ts';

/** What /{sport}/odds-detail[/{sub}]?matchId&companyId&type asks for, read once for both sports. */
export type OddsDetailRequest =
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'bad'; message: string }
  | { kind: 'page'; sub: OddsDetailPage; matchId: number; companyId: number | null; market: MarketPage };

/**
 * Without a subpage, `type` names it (default oupei) and the request is sent there; on the table
 * subpage `type` names the market.
 */
export function readOddsDetailRequest(
  slug: SportSlug,
  sub: string | undefined,
  query: URLSearchParams,
): OddsDetailRequest {
  const type = query.get('type') ?? undefined;
  if (sub === undefined) {
    if (type !== undefined && !isOddsDetailPage(type)) return { kind: 'notFound' };
    const rest = new URLSearchParams(query);
    rest.delete('type');
    return { kind: 'redirect', to: `/${slug}/odds-detail/${type ?? 'oupei'}?${rest}` };
  }
  if (!isOddsDetailPage(sub)) return { kind: 'notFound' };
  const matchId = parseId(query.get('matchId'));
  const companyId = query.has('companyId') ? parseId(query.get('companyId')) : null;
  const market = sub === 'table' ? (type ?? 'oupei') : 'oupei';
  if (!matchId) return { kind: 'bad', message: '参数 matchId 无效：应为比赛编号' };
  if (query.has('companyId') && !companyId)
    return { kind: 'bad', message: '参数 companyId 无效：应为公司编号' };
  if (!isMarketPage(market))
    return { kind: 'bad', message: '参数 type 无效：应为 oupei、yapan 或 daxiaoqiu' };
  return { kind: 'page', sub, matchId, companyId, market };
}
