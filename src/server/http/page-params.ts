import { LEAGUE_COOKIE } from '../../lib/sports/score-query.ts';

/**
 * The query parameters each page reads, by its route pattern (the file's path under src/pages, as
 * Astro names the route). A page renders with only these in its URL, and the visitor page cache keys
 * it by its path and these alone: `?utm_source=…`, `?from=…` or any other parameter never costs a
 * render of its own (issue #42; src/server/http/canonical-url.ts).
 *
 * A page that reads a parameter (itself, through a component, or through a helper such as
 * scoreQuery) must list it here; tests/unit/page-params.test.ts scans src/pages and fails otherwise.
 * A route that reads nothing needs no row, unless a broader row here would match it (`[]` then).
 */
export const PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  // Scores and schedules.
  '/football': ['league', 'lottery', 'mine', 'view'],
  '/basketball': ['league', 'lottery', 'mine', 'view'],
  '/football/end': ['date'],
  '/football/next': ['date'],
  '/basketball/end': ['date'],
  '/basketball/next': ['date'],
  '/next': ['date'],
  '/football/jczq': ['date'],
  '/football/model': ['date'],
  '/basketball/jclq': ['date'],
  '/football/bjdc': ['issue'],
  '/football/zc': ['issue'],
  '/football/odds-detail/[...sub]': ['companyId', 'matchId', 'type'],
  '/basketball/odds-detail/[...sub]': ['companyId', 'matchId', 'type'],
  // Database.
  '/database/fb/hot/0/[...path]': ['round', 'type'],
  '/database/lq/[id]': ['date', 'seasonId'],
  // Bare, they redirect to the basketball database (read nothing); '/database/lq/[id]' would match them.
  '/database/lq/player': [],
  '/database/lq/team': [],
  // News, community, people.
  '/news/[id]': ['page'],
  '/news/pages/[...page]': ['column'],
  '/news/rss.xml': ['column'],
  '/community/[...id]': ['page', 'sort'],
  '/community/anchor-dynamic/[...id]': ['page', 'sort'],
  '/community/circle-detail/[...id]': ['page', 'sort'],
  '/community/post/[id]': ['page'],
  '/personal/[id]': ['headerNavIndex', 'page', 'sort'],
  '/search': ['val'],
  // Live rooms and replays.
  '/anchor': ['page', 'word'],
  '/live/[...id]': ['page'],
  '/live/follow': ['page'],
  '/live/rank': ['period', 'type'],
  '/live/report': ['roomId'],
  '/live/manual': [],
  '/live/reserve': [],
  '/live/room': [],
  '/live/room/[id]': [],
  '/playback/[...id]': ['page'],
  '/playback/list/[...id]': ['page'],
  '/playback/video/[...video]': [],
  '/youliao': ['page', 'sort', 'sport'],
  '/youliao/cut': ['replay'],
  // Tips and experts.
  '/guide/expert': ['sort', 'sport'],
  '/guide/expert/comList': ['days'],
  '/guide/expert/info/[id]': ['page'],
  '/guide/expert/plan': ['page', 'play', 'sort', 'status'],
  '/recommend': ['competitionId', 'date'],
  '/recommend/yapan': ['competitionId', 'date'],
  '/recommend/daxiaoqiu': ['competitionId', 'date'],
  '/recommend/comList': ['matchId', 'play'],
  '/recommend/records': ['page'],
  // A fan's own pages (never cached, but rendered without other parameters all the same).
  '/message/chat': ['c', 'service', 'to'],
  '/v/anchor-zone': ['days', 'page'],
  '/v/attention': ['page'],
  '/v/collection': ['page'],
  '/v/concern': ['page', 'tab'],
  '/v/message': ['kind', 'page'],
  '/v/order': ['page'],
  '/v/pay': ['orderNo'],
  '/v/posting': ['circleId', 'postId', 'type'],
  '/v/wallet': ['currency', 'endDate', 'page', 'startDate', 'submitted', 'tab', 'type'],
  // The staff console.
  '/ops/anchors': ['status', 'tab'],
  '/ops/content': ['tab'],
  '/ops/experts': ['status'],
  '/ops/feedback': ['page'],
  '/ops/log': ['action', 'actorId', 'page'],
  '/ops/money': ['pageNum', 'status'],
  '/ops/money/adjust': ['userId'],
  '/ops/money/orders': ['orderNo', 'pageNum', 'status', 'userId'],
  '/ops/money/top-ups': ['pageNum', 'status'],
  '/ops/money/user': ['pageNum', 'q'],
  '/ops/news': ['keyword', 'page', 'status'],
  '/ops/news/edit/[...id]': ['saved'],
  '/ops/pages/edit/[id]': ['done', 'version'],
  '/ops/reports': ['source'],
  '/ops/service': ['c'],
  '/ops/users': ['word'],
  '/ops/youliao': ['filter', 'page'],
};

/**
 * The cookies a page renders from besides the login (a visitor's own choices kept on the device):
 * the visitor page cache keys a page by their values too, so one visitor's saved competitions never
 * reach another. tests/unit/page-params.test.ts fails when a page reads a cookie not listed here.
 */
export const PAGE_COOKIES: readonly string[] = [LEAGUE_COOKIE];
