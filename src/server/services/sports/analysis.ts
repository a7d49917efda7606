import { and, asc, desc, eq, gt, inArray, lt, notInArray, or } from 'drizzle-orm';
import type { MatchListItem } from '../../../lib/sports/types.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/sports-core.ts';
import { matches, matchEvents } from '../../db/schema/sports-match.ts';
import type { FeedClock } from '../../providers/sports/clock.ts';
import type { ListService } from './lists.ts';
import { impliedProbabilities, modelProbabilities } from './model.ts';
import type { OddsService } from './odds.ts';
import type { StandingsService } from './standings.ts';

type Result = 'W' | 'D' | 'L';
const BUCKETS = ['1-15', '16-30', '31-45', '46-60', '61-75', '76-90'];

/** How a finished match went for `teamId`. */
function resultFor(m: MatchListItem, teamId: number): Result | null {
  if (m.home.score === null || m.away.score === null) return null;
  const [mine, theirs] = m.home.id === teamId ? [m.home.score, m.away.score] : [m.away.score, m.home.score];
  if (mine === theirs)
    return m.pk ? ((m.home.id === teamId ? m.pk[0] > m.pk[1] : m.pk[1] > m.pk[0]) ? 'W' : 'L') : 'D';
  return mine > theirs ? 'W' : 'L';
}

function summary(list: MatchListItem[], teamId: number) {
  const s = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 };
  for (const m of list) {
    const r = resultFor(m, teamId);
    if (!r) continue;
    s.played++;
    if (r === 'W') s.won++;
    else if (r === 'D') s.drawn++;
    else s.lost++;
    s.goalsFor += (m.home.id === teamId ? m.home.score : m.away.score) ?? 0;
    s.goalsAgainst += (m.home.id === teamId ? m.away.score : m.home.score) ?? 0;
  }
  return s;
}

/**
 * 分析: head-to-head (real meetings; simulator replays would repeat them), each side's last ten
 * results with W/D/L, their league table rows, next fixtures, when their goals come, and the
 * model's probabilities beside those the prices imply.
 */
export function createAnalysisService(deps: {
  db: Db;
  clock: FeedClock;
  lists: ListService;
  standings: StandingsService;
  odds: OddsService;
}) {
  const { db, lists } = deps;

  async function recent(teamId: number, before: Date, sport: number, limit = 10) {
    const done = codesWhere(sport as 1 | 2, (p) => p === 'finished');
    const items = await lists.load(
      and(
        or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)),
        lt(matches.kickoffAt, before),
        inArray(matches.state, done),
      ),
      [desc(matches.kickoffAt)],
      limit,
    );
    return items.map((m) => ({ ...m, result: resultFor(m, teamId) }));
  }

  async function goalTimes(teamId: number, matchIds: number[]) {
    const scored = BUCKETS.map(() => 0);
    const conceded = BUCKETS.map(() => 0);
    if (!matchIds.length) return { buckets: BUCKETS, scored, conceded, matches: 0 };
    const goals = await db
      .select({
        matchId: matchEvents.matchId,
        side: matchEvents.side,
        minute: matchEvents.minute,
        home: matches.homeTeamId,
      })
      .from(matchEvents)
      .innerJoin(matches, eq(matches.id, matchEvents.matchId))
      .where(
        and(
          inArray(matchEvents.matchId, matchIds),
          inArray(matchEvents.type, ['goal', 'own_goal', 'penalty']),
        ),
      );
    for (const g of goals) {
      const bucket = Math.min(5, Math.floor(Math.max(0, (g.minute ?? 1) - 1) / 15));
      const forTeam = (g.side === 1) === (g.home === teamId);
      (forTeam ? scored : conceded)[bucket]++;
    }
    return { buckets: BUCKETS, scored, conceded, matches: new Set(goals.map((g) => g.matchId)).size };
  }

  return {
    async analysis(matchId: number) {
      const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
      if (!m) return null;
      const [home, away] = await Promise.all(
        [m.homeTeamId, m.awayTeamId].map(
          async (id) => (await db.select().from(teams).where(eq(teams.id, id)))[0],
        ),
      );
      const done = codesWhere(m.sport as 1 | 2, (p) => p === 'finished');
      const h2h = await lists.load(
        and(
          or(
            and(eq(matches.homeTeamId, home.id), eq(matches.awayTeamId, away.id)),
            and(eq(matches.homeTeamId, away.id), eq(matches.awayTeamId, home.id)),
          ),
          lt(matches.kickoffAt, m.kickoffAt),
          inArray(matches.state, done),
          // Meetings that happened: not the simulator's, nor the results that finish a season the
          // data left open (origin 'finish', 演示).
          notInArray(matches.origin, ['sim', 'finish']),
        ),
        [desc(matches.kickoffAt)],
        10,
      );
      const [homeForm, awayForm] = await Promise.all([
        recent(home.id, m.kickoffAt, m.sport),
        recent(away.id, m.kickoffAt, m.sport),
      ]);
      const next = (teamId: number) =>
        lists.load(
          and(
            or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)),
            gt(matches.kickoffAt, m.kickoffAt),
            eq(matches.state, 1),
          ),
          [asc(matches.kickoffAt)],
          3,
        );
      const [homeRow, awayRow] = await deps.standings.rowsOf(m.seasonId, [home.id, away.id]);
      const eu = await deps.odds.market(matchId, 'eu');
      return {
        matchId,
        sport: m.sport,
        home: { id: home.id, name: home.nameZh },
        away: { id: away.id, name: away.nameZh },
        h2h: {
          matches: h2h.map((x) => ({ ...x, result: resultFor(x, home.id) })),
          summary: summary(h2h, home.id),
        },
        form: {
          home: { matches: homeForm, summary: summary(homeForm, home.id) },
          away: { matches: awayForm, summary: summary(awayForm, away.id) },
        },
        standings: { seasonId: m.seasonId, home: homeRow, away: awayRow },
        upcoming: { home: await next(home.id), away: await next(away.id) },
        goalTimes:
          m.sport === 1
            ? {
                home: await goalTimes(
                  home.id,
                  homeForm.map((x) => x.id),
                ),
                away: await goalTimes(
                  away.id,
                  awayForm.map((x) => x.id),
                ),
              }
            : null,
        model: {
          model: modelProbabilities(m.sport, home.rating, away.rating, m.neutral),
          implied: impliedProbabilities((eu?.companies ?? []).filter((c) => !c.isLottery).map((c) => c.live)),
          ratingGenerated: home.ratingGenerated || away.ratingGenerated,
        },
      };
    },
  };
}
