import { beijingIso } from '../seo/json-ld.ts';
import { MATCH_TABS, sidesInOrder, sportSlug, teamsText, type MatchTab } from './format.ts';
import { teamHref } from './links.ts';
import type { MatchDetail } from './types.ts';

const TAB_TOPIC: Record<MatchTab, (basketball: boolean) => string> = {
  live: (b) => (b ? '直播_比分_技术统计_文字直播' : '直播_比分_阵容_文字直播'),
  analysis: () => '数据分析_历史交锋_近期战绩',
  oupei: () => '欧赔_百家欧赔指数_凯利指数',
  yapan: (b) => (b ? '让分盘口_让分赔率' : '亚盘_让球盘口'),
  daxiaoqiu: (b) => (b ? '大小分盘口' : '大小球盘口'),
  three: () => '赔率三合一_欧亚大小对比',
  plan: () => '专家方案_推荐',
};

/** Title and description of a match page, built from the teams, the competition and the tab. */
export function matchSeo(m: MatchDetail, tab: MatchTab) {
  const basketball = m.sport === 2;
  const vs = teamsText(m, 'vs');
  const tabName = MATCH_TABS.find((t) => t.key === tab)![sportSlug(m.sport)];
  const [first, second] = sidesInOrder(m.sport, m.home, m.away);
  const score =
    first.score !== null && second.score !== null
      ? `，${m.stateName} ${first.score}-${second.score}`
      : `，${m.stateName}`;
  return {
    title: `${vs}${TAB_TOPIC[tab](basketball)} ${m.date}`,
    description: `${m.date} ${m.time} ${m.competition.name}${m.round ? ` ${m.round}` : ''}：${teamsText(m, ' 对阵 ')}${score}。球友圈${tabName}页提供本场${basketball ? '篮球' : '足球'}比赛的${TAB_TOPIC[tab](basketball).replace(/_/g, '、')}。`,
  };
}

/** schema.org's words for the states that are not "as scheduled" (by the state's Chinese name). */
const EVENT_STATUS: Partial<Record<string, string>> = {
  推迟: 'https://schema.org/EventPostponed',
  取消: 'https://schema.org/EventCancelled',
  腰斩: 'https://schema.org/EventCancelled',
};

/**
 * schema.org SportsEvent of a match page: teams (linked to their pages), start in Beijing time with its
 * offset, the ground when the feed names one, status and the page's address.
 */
export function matchJsonLd(m: MatchDetail, tab: MatchTab, site: string) {
  const url = new URL(`/${sportSlug(m.sport)}/${tab}/${m.id}`, site).toString();
  const team = (t: MatchDetail['home']) => ({
    '@type': 'SportsTeam',
    name: t.name,
    url: new URL(teamHref(m.sport, t.id), site).toString(),
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${m.competition.name} ${teamsText(m)}`,
    description: matchSeo(m, tab).description,
    sport: m.sport === 2 ? 'Basketball' : 'Soccer',
    startDate: beijingIso(m.kickoffAt),
    eventStatus: EVENT_STATUS[m.stateName] ?? 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(m.venue ? { location: { '@type': 'Place', name: m.venue } } : {}),
    homeTeam: team(m.home),
    awayTeam: team(m.away),
    competitor: [team(m.home), team(m.away)],
    superEvent: { '@type': 'SportsEvent', name: `${m.competition.name} ${m.season}` },
    url,
  };
}
