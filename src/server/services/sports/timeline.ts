import { and, asc, eq, inArray } from 'drizzle-orm';
import type { MatchListItem } from '../../../lib/sports/types.ts';
import type { OddsMoveIn, TimelineInput, TimelineTextIn } from '../../../lib/match/timeline.ts';
import { FB } from '../../../lib/vocab/match-states.ts';
import type { Db } from '../../db/client.ts';
import { matchTexts } from '../../db/schema/sports-match.ts';
import { odds, oddsChanges, oddsCompanies } from '../../db/schema/sports-odds.ts';
import type { createMatchService } from './match.ts';
import { LIST_COMPANY, lineName } from './odds-summary.ts';

/**
 * The data of the match timeline (docs/match-day.md): the events, the text live's moments (kind, side,
 * minute and score, not the words) and the list company's 1X2 and handicap change history, as the
 * pure model in src/lib/match/timeline.ts takes them.
 */
export function createTimelineService(db: Db, match: ReturnType<typeof createMatchService>) {
  async function texts(matchId: number): Promise<TimelineTextIn[]> {
    const rows = await db
      .select({
        kind: matchTexts.kind,
        side: matchTexts.side,
        minute: matchTexts.minute,
        period: matchTexts.period,
        clockSeconds: matchTexts.clockSeconds,
        homeScore: matchTexts.homeScore,
        awayScore: matchTexts.awayScore,
        at: matchTexts.at,
      })
      .from(matchTexts)
      .where(eq(matchTexts.matchId, matchId))
      .orderBy(asc(matchTexts.seq));
    return rows.map((r) => ({ ...r, at: r.at.getTime() }));
  }

  async function mainOdds(matchId: number, sport: number): Promise<TimelineInput['odds']> {
    const rows = await db
      .select({ id: odds.id, market: odds.market, company: oddsCompanies.name })
      .from(odds)
      .innerJoin(oddsCompanies, eq(oddsCompanies.id, odds.companyId))
      .where(
        and(
          eq(odds.matchId, matchId),
          eq(oddsCompanies.key, LIST_COMPANY),
          inArray(odds.market, ['eu', 'asia']),
        ),
      );
    if (!rows.length) return null;
    const changes = await db
      .select()
      .from(oddsChanges)
      .where(
        inArray(
          oddsChanges.oddsId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(oddsChanges.at));
    const of = (market: 'eu' | 'asia'): OddsMoveIn[] => {
      const id = rows.find((r) => r.market === market)?.id;
      return changes
        .filter((c) => c.oddsId === id)
        .map((c) => ({
          at: c.at.getTime(),
          live: c.live,
          minute: c.minute,
          v1: c.v1,
          v2: c.v2,
          v3: c.v3,
          line: c.line,
          lineName: lineName(sport, market, c.line),
          homeScore: c.homeScore,
          awayScore: c.awayScore,
        }));
    };
    return { company: rows[0].company, eu: of('eu'), asia: of('asia') };
  }

  return {
    /** Everything the timeline of `m` draws, read in three queries beside the events. */
    async input(m: MatchListItem): Promise<TimelineInput> {
      const [events, lines, main] = await Promise.all([
        match.events(m.id),
        texts(m.id),
        mainOdds(m.id, m.sport),
      ]);
      const extraTime =
        m.sport === 1 &&
        (m.et !== null || m.pk !== null || m.state === FB.extraTime || m.state === FB.penalties);
      return {
        sport: m.sport,
        phase: m.phase,
        minute: m.minute,
        addedMinute: m.addedMinute,
        period: m.period,
        clockSeconds: m.clockSeconds,
        extraTime,
        shootout: m.pk !== null || m.state === FB.penalties,
        home: { name: m.home.name, periods: m.home.periods },
        away: { name: m.away.name, periods: m.away.periods },
        events,
        texts: lines,
        odds: main,
      };
    },
  };
}
