import type { MatchTab } from '../../lib/match/format.ts';
import type { MatchDetail } from '../../lib/match/types.ts';
import type { Services } from '../services/index.ts';

/**
 * Everything a match-centre page shows, loaded in one place (the page calls this; MatchPage and the tab
 * components only receive props): the match, the caller's follow/reminder flags, the feed clock and the
 * open tab's own data.
 */
export async function loadMatchPage(
  services: Services,
  q: { matchId: number; sport: 1 | 2; tab: MatchTab; userId: number | null },
): Promise<MatchPageData | null> {
  const { sports } = services;
  const match = await sports.match.detail(q.matchId);
  if (!match || match.sport !== q.sport) return null;
  const [followed, reserved, body] = await Promise.all([
    q.userId ? sports.follows.followedIds(q.userId, [match.id]) : new Set<number>(),
    q.userId ? sports.follows.reservedIds(q.userId, [match.id]) : new Set<number>(),
    loadTab(services, match, q.tab, q.userId),
  ]);
  const feed = sports.feedInfo();
  return {
    match,
    followed: followed.has(match.id),
    reserved: reserved.has(match.id),
    feed: { now: feed.now, speed: feed.speed },
    body,
  };
}

async function loadTab(services: Services, m: MatchDetail, tab: MatchTab, userId: number | null) {
  const { sports, live, tips } = services;
  const football = m.sport === 1;
  switch (tab) {
    case 'live': {
      const [events, stats, lineups, texts, rooms, announced] = await Promise.all([
        football ? sports.match.events(m.id) : [],
        sports.match.stats(m.id, m.sport),
        football ? sports.match.lineups(m.id, m.sport) : [],
        sports.match.texts(m.id, { limit: 100 }),
        live.rooms.forMatch(m.id),
        live.schedules.anchorsFor([m.id]),
      ]);
      return { tab, events, stats, lineups, texts, rooms, announced: announced.get(m.id) ?? [] } as const;
    }
    case 'analysis':
      return { tab, analysis: (await sports.analysis.analysis(m.id))! } as const;
    case 'oupei':
    case 'yapan':
    case 'daxiaoqiu': {
      const market = tab === 'oupei' ? 'eu' : tab === 'yapan' ? 'asia' : 'ou';
      return { tab, odds: (await sports.odds.market(m.id, market))! } as const;
    }
    case 'three':
      return { tab, rows: (await sports.odds.three(m.id)) ?? [] } as const;
    case 'plan':
      return {
        tab,
        plans: await tips.queries.plans({ matchId: m.id, pageNum: 1, pageSize: 50 }, userId),
      } as const;
  }
}

export type MatchTabData = Awaited<ReturnType<typeof loadTab>>;
/** The data of one tab (the three odds tabs share one shape). */
export type TabData<T extends MatchTab> = MatchTabData extends infer D
  ? D extends { tab: infer K }
    ? T extends K
      ? D
      : never
    : never
  : never;
export interface MatchPageData {
  match: MatchDetail;
  followed: boolean;
  reserved: boolean;
  feed: { now: number; speed: number };
  body: MatchTabData;
}
