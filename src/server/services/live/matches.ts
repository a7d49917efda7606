import { aliasedTable, and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { MatchBrief } from '../../../lib/live/types.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { competitions, teams } from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';

/**
 * What the live rooms need from the sports engine: short descriptions of matches (the score strip,
 * the linked match of a room, the schedule of an anchor). Read-only over its tables.
 */
export interface MatchLookup {
  briefs(ids: number[]): Promise<Map<number, MatchBrief>>;
  /** Matches kicking off in [from, to), soonest first (the anchor's match picker), of one sport when given. */
  between(from: Date, to: Date, limit: number, sport?: number): Promise<MatchBrief[]>;
}

export function createMatchLookup(db: Db): MatchLookup {
  const home = aliasedTable(teams, 'home');
  const away = aliasedTable(teams, 'away');
  const select = () =>
    db
      .select({
        id: matches.id,
        sport: matches.sport,
        competition: competitions.nameZh,
        home: home.nameZh,
        away: away.nameZh,
        homeScore: matches.homeScore,
        awayScore: matches.awayScore,
        state: matches.state,
        kickoffAt: matches.kickoffAt,
      })
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const brief = (r: Row): MatchBrief => {
    const info = stateInfo(r.sport as SportId, r.state);
    return { ...r, kickoffAt: r.kickoffAt.toISOString(), stateName: info.name, phase: info.phase };
  };

  return {
    async briefs(ids) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return new Map();
      const rows = await select().where(inArray(matches.id, wanted));
      return new Map(rows.map((r) => [r.id, brief(r)]));
    },
    async between(from, to, limit, sport) {
      const rows = await select()
        .where(
          and(
            gte(matches.kickoffAt, from),
            lt(matches.kickoffAt, to),
            sport ? eq(matches.sport, sport) : undefined,
          ),
        )
        .orderBy(asc(matches.kickoffAt), asc(matches.id))
        .limit(limit);
      return rows.map(brief);
    },
  };
}
