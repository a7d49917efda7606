import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchEvents, matches, teams } from '../../../db/schema/index.ts';
import { matchInPhase } from '../../sports/phase-where.ts';
import type { Result, SeasonContext, TableRow } from './stakes.ts';

/** Places that go down and places that reach the Champions League, by league (football). */
const DROP: Record<string, number> = { 'en.1': 3, 'es.1': 3, 'it.1': 3, 'de.1': 2, 'fr.1': 2, 'cn.1': 2 };
const EUROPE: Record<string, number> = { 'en.1': 4, 'es.1': 4, 'it.1': 4, 'de.1': 4, 'fr.1': 3 };

interface Subject {
  id: number;
  sport: number;
  seasonId: number;
  stageId: number | null;
  kickoffAt: string | Date;
}

/** A season stage's matches and team names, read once for a run of articles (SeasonReads). */
async function readSeason(db: Db, seasonId: number, stageId: number | null) {
  const games = await db
    .select({
      id: matches.id,
      home: matches.homeTeamId,
      away: matches.awayTeamId,
      hs: matches.homeScore,
      as: matches.awayScore,
      at: matches.kickoffAt,
      done: sql<boolean>`${matchInPhase((p) => p === 'finished')}`,
      void: sql<boolean>`${matchInPhase((p) => p === 'void')}`,
    })
    .from(matches)
    .where(
      and(
        eq(matches.seasonId, seasonId),
        stageId === null ? sql`${matches.stageId} is null` : eq(matches.stageId, stageId),
      ),
    );
  const ids = [...new Set(games.flatMap((g) => [g.home, g.away]))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: teams.id, name: teams.nameZh }).from(teams).where(inArray(teams.id, ids))).map(
          (t) => [t.id, t.name] as const,
        )
      : [],
  );
  return { games, ids, names };
}

/**
 * The seasons a run of articles has read, by season and stage: the seed's first articles are
 * eight reports a competition, each of which read its whole season again. Only for one run (no
 * match changes meanwhile); a new run makes a new one.
 */
export type SeasonReads = Map<string, ReturnType<typeof readSeason>>;

/**
 * The season as it stood after `m` (or before it, for a match not played yet): the table of its
 * stage from the finished matches up to its kick-off, what each team has left, each team's results
 * newest first, and how many goals each scorer had by then. Read from the matches, so a report
 * written days later still speaks of the table of its day.
 */
export async function seasonAt(db: Db, m: Subject, competitionKey: string, reads: SeasonReads = new Map()) {
  const at = new Date(m.kickoffAt);
  const readKey = `${m.seasonId}:${m.stageId}`;
  if (!reads.has(readKey)) reads.set(readKey, readSeason(db, m.seasonId, m.stageId));
  const { games, ids, names } = await reads.get(readKey)!;
  const played = games
    .filter((g) => g.done && !g.void && g.hs !== null && g.as !== null && g.at <= at)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
  const acc = new Map(
    ids.map((id) => [id, { w: 0, d: 0, l: 0, gf: 0, ga: 0, total: 0, results: [] as Result[] }]),
  );
  for (const g of games) if (!g.void) for (const id of [g.home, g.away]) acc.get(id)!.total++;
  for (const g of played)
    for (const [id, gf, ga] of [
      [g.home, g.hs!, g.as!],
      [g.away, g.as!, g.hs!],
    ] as const) {
      const a = acc.get(id)!;
      const r: Result = gf > ga ? 'W' : gf < ga ? 'L' : 'D';
      a[r === 'W' ? 'w' : r === 'L' ? 'l' : 'd']++;
      a.gf += gf;
      a.ga += ga;
      a.results.push(r);
    }
  const football = m.sport === 1;
  // The calendar holds only the next days' fixtures: a league's length comes from its size (a
  // double round robin), the Champions League's league phase is eight matches each.
  const length =
    football && competitionKey in DROP ? 2 * (ids.length - 1) : competitionKey === 'uefa.cl' ? 8 : null;
  const rows = ids
    .map((id) => {
      const a = acc.get(id)!;
      const n = a.w + a.d + a.l;
      return {
        teamId: id,
        name: names.get(id) ?? '',
        played: n,
        won: a.w,
        lost: a.l,
        points: football ? a.w * 3 + a.d : a.w,
        left: Math.max(0, (length ?? a.total) - n),
        gd: a.gf - a.ga,
        gf: a.gf,
      };
    })
    .sort(
      (x, y) => y.points - x.points || x.lost - y.lost || y.gd - x.gd || y.gf - x.gf || x.teamId - y.teamId,
    );
  const table: TableRow[] = rows.map(({ gd: _gd, gf: _gf, ...r }, i) => ({ ...r, rank: i + 1 }));
  const league = football && competitionKey in DROP;
  const context: SeasonContext = {
    sport: m.sport,
    league,
    leaguePhase: competitionKey === 'uefa.cl' && ids.length === 36,
    table,
    dropPlaces: DROP[competitionKey] ?? 0,
    europePlaces: EUROPE[competitionKey] ?? 0,
    results: Object.fromEntries(ids.map((id) => [id, acc.get(id)!.results])),
  };
  return {
    context,
    goalsBy: () =>
      goalsBy(
        db,
        played.map((g) => g.id),
      ),
  };
}

/** Each scorer's goals over these matches (penalties count, own goals do not). */
async function goalsBy(db: Db, matchIds: number[]): Promise<Map<string, number>> {
  if (!matchIds.length) return new Map();
  const rows = await db
    .select({ name: matchEvents.playerName, n: sql<number>`count(*)::int` })
    .from(matchEvents)
    .where(
      and(
        inArray(matchEvents.matchId, matchIds),
        inArray(matchEvents.type, ['goal', 'penalty']),
        sql`${matchEvents.playerName} is not null`,
      ),
    )
    .groupBy(matchEvents.playerName);
  return new Map(rows.map((r) => [r.name!, Number(r.n)]));
}
