/**
 * Query of the 即时 pages: `?lottery=jc|bd|zc&view=time|league&league=1,4` (league=all shows
 * everything). Without `league`, the competitions chosen on /football/allEventCom apply: they are
 * kept on the device in the LEAGUE_COOKIE cookie, so the server renders the list already filtered.
 */
import type { LotteryKind } from '../vocab/lottery.ts';
import type { LotteryTags } from './types.ts';

export const LEAGUE_COOKIE = 'qyq_fb_leagues';
export const LEAGUE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
const MAX_LEAGUES = 50;

/** time: 进行中 / 未开赛 / 完场 in kick-off order (the default); league: grouped by competition. */
export type ListView = 'time' | 'league';

export interface ScoreQuery {
  lottery: LotteryKind | undefined;
  view: ListView;
  /** Competition ids to show; null for all. */
  leagues: number[] | null;
  /** Where `leagues` came from: the URL, the saved choice, or nowhere (all). */
  leagueSource: 'query' | 'saved' | null;
  /** `?mine=1`: only matches of the teams and competitions the viewer follows (我的关注). */
  mine: boolean;
}

/** "1,4,7" → [1, 4, 7]; null when empty or not a list of ids. */
export function parseIds(raw: string | null | undefined): number[] | null {
  if (!raw || !/^\d{1,9}(,\d{1,9})*$/.test(raw)) return null;
  const ids = [...new Set(raw.split(',').map(Number))].filter((n) => n > 0).slice(0, MAX_LEAGUES);
  return ids.length ? ids : null;
}

export function scoreQuery(params: URLSearchParams, saved: string | undefined): ScoreQuery {
  const lottery = params.get('lottery');
  const league = params.get('league');
  const fromQuery = league === 'all' ? null : parseIds(league);
  const fromSaved = league === null ? parseIds(saved) : null;
  return {
    lottery: lottery === 'jc' || lottery === 'bd' || lottery === 'zc' ? lottery : undefined,
    view: params.get('view') === 'league' ? 'league' : 'time',
    leagues: fromQuery ?? fromSaved,
    leagueSource: fromQuery ? 'query' : fromSaved ? 'saved' : null,
    mine: params.get('mine') === '1',
  };
}

/** 我的关注: the matches involving a followed team or in a followed competition. */
export function onlyFollowed<
  T extends { home: { id: number }; away: { id: number }; competition: { id: number } },
>(list: T[], follows: { teamIds: number[]; competitionIds: number[] }): T[] {
  const teams = new Set(follows.teamIds);
  const comps = new Set(follows.competitionIds);
  return list.filter((m) => teams.has(m.home.id) || teams.has(m.away.id) || comps.has(m.competition.id));
}

/** The current path with some parameters changed (null removes one). */
export function withParams(url: URL, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(url.search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const qs = params.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

/** The lottery number a row shows under a lottery filter: 周日011, 北单52, 足彩第6场. */
export function lotteryTag(
  kind: LotteryKind | undefined,
): ((m: { lottery: LotteryTags }) => string | null) | undefined {
  if (kind === 'jc') return (m) => m.lottery.jcNo;
  if (kind === 'bd') return (m) => (m.lottery.bdNo ? `北单${m.lottery.bdNo}` : null);
  if (kind === 'zc') return (m) => (m.lottery.zcOrder ? `足彩第${m.lottery.zcOrder}场` : null);
  return undefined;
}
