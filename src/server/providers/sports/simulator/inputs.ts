import { and, eq, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FB } from '../../../../lib/vocab/match-states.ts';
import type { Db } from '../../../db/client.ts';
import { competitions, players, rounds, squads, stages, teams } from '../../../db/schema/sports-core.ts';
import { matches } from '../../../db/schema/sports-match.ts';
import { hasAuthoredName } from '../../../sports/import/files.ts';
import type { PlanInput, RosterPlayer } from './plan-types.ts';

export interface SimMatch {
  id: number;
  kickoff: number;
  cursor: number;
  input: PlanInput;
}

/** Each team's latest squad (rosters do not change while the process runs). */
export function createRosterCache(db: Db) {
  const cache = new Map<number, RosterPlayer[]>();
  return async function rosters(teamIds: number[]): Promise<Map<number, RosterPlayer[]>> {
    const missing = teamIds.filter((id) => !cache.has(id));
    if (missing.length) {
      const rows = await db
        .select({
          teamId: squads.teamId,
          seasonId: squads.seasonId,
          playerId: players.id,
          sport: players.sport,
          name: players.name,
          nameZh: players.nameZh,
          squadNumber: squads.shirtNumber,
          number: players.shirtNumber,
          squadPosition: squads.position,
          position: players.position,
          generated: players.generated,
        })
        .from(squads)
        .innerJoin(players, eq(players.id, squads.playerId))
        .where(inArray(squads.teamId, missing))
        .orderBy(squads.playerId);
      for (const id of missing) {
        const mine = rows.filter((r) => r.teamId === id);
        const latest = Math.max(...mine.map((r) => r.seasonId));
        cache.set(
          id,
          mine
            .filter((r) => r.seasonId === latest)
            .map((r) => ({
              playerId: r.playerId,
              name: r.nameZh ?? r.name,
              shirtNumber: r.squadNumber ?? r.number,
              position: r.squadPosition ?? r.position,
              // Every real player has a Chinese name now; the well-known are those with an authored one.
              known: !r.generated && hasAuthoredName(r.sport, r.name),
            })),
        );
      }
    }
    return new Map(teamIds.map((id) => [id, cache.get(id) ?? []]));
  };
}

/**
 * A knockout match that must produce a winner: a second leg (with its first leg's score, this
 * match's home side first) or a one-match final on neutral ground. A first leg may end level.
 */
function deciderOf(
  stageKind: string | null,
  neutral: boolean,
  leg1: typeof matches.$inferSelect | null,
  round: string | null,
): PlanInput['decider'] {
  if (stageKind !== 'knockout' && stageKind !== 'playoff') return undefined;
  if (!leg1) return neutral ? { firstLeg: null, round } : undefined;
  if (leg1.homeScore === null || leg1.awayScore === null) return undefined;
  return { firstLeg: [leg1.awayScore, leg1.homeScore], round };
}

/** Everything a plan is built from, for the simulator matches `ids`. */
export async function loadSimMatches(
  db: Db,
  seed: string,
  ids: number[],
  rosters: ReturnType<typeof createRosterCache>,
): Promise<SimMatch[]> {
  if (!ids.length) return [];
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const src = alias(matches, 'src');
  const leg1 = alias(matches, 'leg1');
  const rows = await db
    .select({
      m: matches,
      comp: competitions.key,
      stageKind: stages.kind,
      roundZh: rounds.nameZh,
      home,
      away,
      src,
      leg1,
    })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .leftJoin(stages, eq(stages.id, matches.stageId))
    .leftJoin(rounds, eq(rounds.id, matches.roundId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .leftJoin(src, eq(src.id, matches.sourceMatchId))
    // A knockout match's first leg: the same clubs the other way round, earlier in the stage.
    .leftJoin(
      leg1,
      and(
        inArray(stages.kind, ['knockout', 'playoff']),
        eq(leg1.stageId, matches.stageId),
        eq(leg1.homeTeamId, matches.awayTeamId),
        eq(leg1.awayTeamId, matches.homeTeamId),
        lt(leg1.kickoffAt, matches.kickoffAt),
      ),
    )
    .where(inArray(matches.id, ids));
  const squadsOf = await rosters([...new Set(rows.flatMap((r) => [r.home.id, r.away.id]))]);
  return rows.map(({ m, comp, stageKind, roundZh, home: h, away: a, src: s, leg1: l }) => ({
    id: m.id,
    kickoff: m.kickoffAt.getTime(),
    cursor: m.simCursor,
    input: {
      seed,
      key: m.key,
      sport: m.sport as 1 | 2,
      competitionKey: comp,
      knockout: stageKind === 'knockout' || stageKind === 'playoff',
      decider: deciderOf(stageKind, m.neutral, l, roundZh),
      neutral: m.neutral,
      home: { id: h.id, name: h.nameZh, rating: h.rating, roster: squadsOf.get(h.id)!, coach: h.coachZh },
      away: { id: a.id, name: a.nameZh, rating: a.rating, roster: squadsOf.get(a.id)!, coach: a.coachZh },
      result:
        s && s.ftHome !== null && s.ftAway !== null
          ? {
              ht: s.htHome !== null && s.htAway !== null ? [s.htHome, s.htAway] : null,
              ft: [s.ftHome, s.ftAway],
              et: s.etHome !== null && s.etAway !== null ? [s.etHome, s.etAway] : null,
              p: s.pkHome !== null && s.pkAway !== null ? [s.pkHome, s.pkAway] : null,
            }
          : null,
      postponed: s?.state === FB.postponed,
      lottery: { jc: !!m.jcNo, bd: m.bdNo !== null },
    },
  }));
}
