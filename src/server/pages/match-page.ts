import type { MatchTab } from '../../lib/match/format.ts';
import type { MatchDetail } from '../../lib/match/types.ts';
import type { Services } from '../services/index.ts';

/**
 * Everything a match-centre page shows, loaded in one place (the page calls this; MatchPage and the tab
 * components only receive props): the match, the feed clock and the open tab's own data. The same for
 * every reader: a logged-in fan's 关注 / 预约 are filled in by their browser (scripts/match-states.ts),
 * so a fan gets the visitor's cached copy (docs/deployment.md, "Logged-in fans").
 */
export async function loadMatchPage(
  services: Services,
  q: { matchId: number; sport: 1 | 2; tab: MatchTab },
): Promise<MatchPageData | null> {
  const { sports } = services;
  const match = await sports.match.detail(q.matchId);
  if (!match || match.sport !== q.sport) return null;
  const body = await loadTab(services, match, q.tab);
  const feed = sports.feedInfo();
  return { match, feed: { now: feed.now, speed: feed.speed }, body };
}

async function loadTab(services: Services, m: MatchDetail, tab: MatchTab) {
  const { sports, live, tips, predictions, ratings } = services;
  const football = m.sport === 1;
  switch (tab) {
    case 'live': {
      const [timeline, stats, lineups, texts, rooms, announced, crowd, board] = await Promise.all([
        sports.timeline.input(m),
        sports.match.stats(m.id, m.sport),
        football ? sports.match.lineups(m.id, m.sport) : [],
        sports.match.texts(m.id, { limit: 100 }),
        live.rooms.forMatch(m.id),
        live.schedules.anchorsFor([m.id]),
        predictions.forMatch(m.id, null),
        ratings.board(m.id),
      ]);
      // The timeline's events are the event list's too (one query for both).
      const base = { tab, timeline, stats, lineups, texts, rooms, crowd, board: board! };
      return { ...base, announced: announced.get(m.id) ?? [] } as const;
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
        // As a visitor sees them: a plan card shows no reader's own state (PlanCard.astro).
        plans: await tips.queries.plans({ matchId: m.id, pageNum: 1, pageSize: 50 }, null),
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
  feed: { now: number; speed: number };
  body: MatchTabData;
}
