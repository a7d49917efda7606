import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { competitions, rounds, seasons, stages, teams } from '../../../db/schema/sports-core.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import type { CalendarPools, FootballPool, PoolFixture } from './calendar.ts';

/** What the calendar draws from: each football competition's current season, and the basketball clubs. */
export async function loadPools(db: Db): Promise<CalendarPools> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const rows = await db
    .select({
      id: matches.id,
      comp: competitions.key,
      season: seasons.name,
      stageKey: stages.key,
      stageZh: stages.nameZh,
      stageKind: stages.kind,
      roundKey: rounds.key,
      roundZh: rounds.nameZh,
      roundNumber: rounds.number,
      roundSort: rounds.sort,
      group: matches.groupName,
      home: home.key,
      away: away.key,
    })
    .from(matches)
    .innerJoin(seasons, and(eq(seasons.id, matches.seasonId), eq(seasons.isCurrent, true)))
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(stages, eq(stages.id, matches.stageId))
    .innerJoin(rounds, eq(rounds.id, matches.roundId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(eq(matches.origin, 'import'), eq(matches.sport, 1)))
    .orderBy(asc(stages.sort), asc(rounds.sort), asc(matches.kickoffAt), asc(matches.id));
  const pools = new Map<string, FootballPool & { byRound: Map<string, PoolFixture[]> }>();
  for (const r of rows) {
    let pool = pools.get(r.comp);
    if (!pool)
      pools.set(
        r.comp,
        (pool = { competitionKey: r.comp, seasonName: r.season, rounds: [], byRound: new Map() }),
      );
    let round = pool.byRound.get(r.roundKey);
    if (!round) {
      pool.byRound.set(r.roundKey, (round = []));
      pool.rounds.push(round);
    }
    round.push({
      id: r.id,
      stage: { key: r.stageKey, nameZh: r.stageZh, kind: r.stageKind },
      round: { key: r.roundKey, nameZh: r.roundZh, number: r.roundNumber },
      group: r.group,
      home: r.home,
      away: r.away,
    });
  }
  const teamRows = await db
    .select({ key: teams.key, sport: teams.sport, rating: teams.rating, venue: teams.venue })
    .from(teams);
  return {
    football: [...pools.values()].map(({ byRound: _b, ...p }) => p),
    basketball: ['nba', 'cba'].map((c) => ({
      competitionKey: c,
      teams: teamRows
        .filter((t) => t.key.startsWith(`${c}:`))
        .map((t) => t.key)
        .sort(),
    })),
    teams: new Map(teamRows.map((t) => [t.key, { rating: t.rating, venue: t.venue }])),
  };
}
