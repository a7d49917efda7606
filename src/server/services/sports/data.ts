import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import {
  competitions,
  publishedStandings,
  rounds,
  seasons,
  stages,
  teams,
} from '../../db/schema/sports-core.ts';
import { matches } from '../../db/schema/sports-match.ts';
import { createPlayerData } from './data-players.ts';
import type { ListService } from './lists.ts';

const competitionCols = {
  id: competitions.id,
  key: competitions.key,
  sport: competitions.sport,
  name: competitions.nameZh,
  fullName: competitions.fullNameZh,
  nameEn: competitions.nameEn,
  shortName: competitions.shortName,
  country: competitions.country,
  region: competitions.regionZh,
  type: competitions.type,
  isHot: competitions.isHot,
  color: competitions.color,
};

/** The league, team and player database (资料库); the player part is in data-players.ts. */
export function createDataService(deps: { db: Db; lists: ListService }) {
  const { db, lists } = deps;
  const playerData = createPlayerData(db);

  async function competition(id: number) {
    const [c] = await db.select(competitionCols).from(competitions).where(eq(competitions.id, id));
    if (!c) return null;
    const list = await db
      .select({
        id: seasons.id,
        name: seasons.name,
        isCurrent: seasons.isCurrent,
        generated: seasons.generated,
      })
      .from(seasons)
      .where(
        and(
          eq(seasons.competitionId, id),
          // A season only a roster list comes from (NBA 2025-26) has nothing to show: not listed.
          or(
            eq(seasons.isCurrent, true),
            sql`exists (select 1 from ${matches} m where m.season_id = ${seasons.id})`,
            sql`exists (select 1 from ${publishedStandings} p where p.season_id = ${seasons.id})`,
          ),
        ),
      )
      .orderBy(desc(seasons.name));
    return { ...c, seasons: list, currentSeasonId: (list.find((s) => s.isCurrent) ?? list[0])?.id ?? null };
  }

  return {
    /** Competitions grouped by region (the allEventCom filter and the database index). */
    async competitionsByRegion(sport?: SportId) {
      const rows = await db
        .select(competitionCols)
        .from(competitions)
        .where(sport ? eq(competitions.sport, sport) : undefined)
        .orderBy(asc(competitions.sort));
      const regions = new Map<string, typeof rows>();
      for (const r of rows) regions.set(r.region, [...(regions.get(r.region) ?? []), r]);
      return [...regions].map(([region, list]) => ({ region, competitions: list }));
    },

    async hotCompetitions(sport?: SportId) {
      const rows = await db
        .select(competitionCols)
        .from(competitions)
        .where(and(eq(competitions.isHot, true), sport ? eq(competitions.sport, sport) : undefined))
        .orderBy(asc(competitions.sort));
      const current = await db
        .select({ id: seasons.id, competitionId: seasons.competitionId })
        .from(seasons)
        .where(eq(seasons.isCurrent, true));
      return rows.map((r) => ({
        ...r,
        currentSeasonId: current.find((s) => s.competitionId === r.id)?.id ?? null,
      }));
    },

    competition,

    /** A season's stages and rounds (for fixtures by round). */
    async season(id: number) {
      const [s] = await db.select().from(seasons).where(eq(seasons.id, id));
      if (!s) return null;
      const stageRows = await db
        .select()
        .from(stages)
        .where(eq(stages.seasonId, id))
        .orderBy(asc(stages.sort));
      const roundRows = await db
        .select()
        .from(rounds)
        .where(eq(rounds.seasonId, id))
        .orderBy(asc(rounds.sort));
      return {
        id: s.id,
        name: s.name,
        isCurrent: s.isCurrent,
        generated: s.generated,
        startDate: s.startDate,
        endDate: s.endDate,
        competition: await competition(s.competitionId),
        stages: stageRows.map((st) => ({
          id: st.id,
          name: st.nameZh,
          kind: st.kind,
          rounds: roundRows
            .filter((r) => r.stageId === st.id)
            .map((r) => ({ id: r.id, name: r.nameZh, number: r.number })),
        })),
      };
    },

    /** A season's fixtures and results (a round, or a team's), simulator replays left out of real seasons. */
    async seasonMatches(seasonId: number, opts: { roundId?: number; teamId?: number } = {}) {
      const [s] = await db
        .select({ generated: seasons.generated })
        .from(seasons)
        .where(eq(seasons.id, seasonId));
      if (!s) return null;
      return lists.load(
        and(
          eq(matches.seasonId, seasonId),
          s.generated ? undefined : ne(matches.origin, 'sim'),
          opts.roundId ? eq(matches.roundId, opts.roundId) : undefined,
          opts.teamId
            ? or(eq(matches.homeTeamId, opts.teamId), eq(matches.awayTeamId, opts.teamId))
            : undefined,
        ),
        [asc(matches.kickoffAt), asc(matches.id)],
        500,
      );
    },

    ...playerData,

    async team(id: number) {
      const [t] = await db.select().from(teams).where(eq(teams.id, id));
      if (!t) return null;
      const played = await db
        .selectDistinct({
          seasonId: seasons.id,
          season: seasons.name,
          competitionId: competitions.id,
          competition: competitions.nameZh,
          isCurrent: seasons.isCurrent,
        })
        .from(matches)
        .innerJoin(seasons, eq(seasons.id, matches.seasonId))
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(
          and(
            or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id)),
            // Replays never count in a real season; a season the simulator plays (current, 演示) does.
            or(ne(matches.origin, 'sim'), eq(seasons.generated, true)),
          ),
        );
      const { key: _key, ...team } = t;
      return { ...team, seasons: played.sort((a, b) => b.season.localeCompare(a.season)) };
    },

    /** A team's results (latest first) or fixtures (soonest first). */
    teamMatches(id: number, kind: 'results' | 'fixtures', sport: SportId, limit = 20) {
      const done = codesWhere(sport, (p) => p === 'finished');
      const mine = or(eq(matches.homeTeamId, id), eq(matches.awayTeamId, id));
      return kind === 'results'
        ? lists.load(and(mine, inArray(matches.state, done)), [desc(matches.kickoffAt)], limit)
        : lists.load(and(mine, eq(matches.state, 1)), [asc(matches.kickoffAt)], limit);
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;
