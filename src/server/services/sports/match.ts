import { and, asc, desc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import { BASKETBALL_TEAM_STATS, FOOTBALL_TEAM_STATS, pct } from '../../../lib/sports/stats.ts';
import { MATCH_EVENT_TYPES, type MatchEventType } from '../../../lib/vocab/match-events.ts';
import { codesWhere } from '../../../lib/vocab/match-states.ts';
import { positionName } from '../../../lib/vocab/positions.ts';
import { countSources, firstSeasons } from '../../../lib/sports/squad-source.ts';
import type { Db } from '../../db/client.ts';
import { players, seasons, squads, stages } from '../../db/schema/sports-core.ts';
import {
  matches,
  matchEvents,
  matchLineupPlayers,
  matchLineups,
  matchPlayerStats,
  matchTeamStats,
  matchTexts,
} from '../../db/schema/sports-match.ts';
import { pitchGrid } from './pitch.ts';
import { listOdds } from './odds-summary.ts';
import { selectMatchRows, toListItem } from './rows.ts';

/** The source spelling shown beside the Chinese name (萨拉赫 Mohamed Salah), else null. */
const originalName = (name: string, nameZh: string | null) => (nameZh && nameZh !== name ? name : null);

interface LineupClub {
  /** The match's season. */
  season: string;
  /** Player id → the season he was first listed at the club. */
  firstSeasons: Map<number | null, string>;
}

/** One match: header, events, statistics, lineups and text live (the match-centre pages). */
export function createMatchService(db: Db) {
  /** Per side: the season each of the team's real players was first listed at it. */
  async function lineupClubs(id: number): Promise<Map<number, LineupClub>> {
    const [m] = await db
      .select({ home: matches.homeTeamId, away: matches.awayTeamId, season: seasons.name })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .where(eq(matches.id, id));
    if (!m) return new Map();
    const ids = [m.home, m.away];
    const memberships = await db
      .select({ teamId: squads.teamId, playerId: squads.playerId, season: seasons.name })
      .from(squads)
      .innerJoin(seasons, eq(seasons.id, squads.seasonId))
      .where(and(inArray(squads.teamId, ids), eq(squads.generated, false)));
    return new Map(
      ids.map((teamId, i) => {
        const mine = memberships.filter((r) => r.teamId === teamId);
        const club: LineupClub = {
          season: m.season,
          firstSeasons: firstSeasons(
            mine.map((r) => ({ key: r.playerId as number | null, season: r.season })),
          ),
        };
        return [i + 1, club];
      }),
    );
  }

  /** The same stage's earlier meeting of the two clubs the other way round, once it has a score. */
  async function firstLegOf(m: typeof matches.$inferSelect) {
    const [leg] = await db
      .select({ id: matches.id, home: matches.homeScore, away: matches.awayScore })
      .from(matches)
      .where(
        and(
          eq(matches.stageId, m.stageId!),
          eq(matches.homeTeamId, m.awayTeamId),
          eq(matches.awayTeamId, m.homeTeamId),
          lt(matches.kickoffAt, m.kickoffAt),
        ),
      )
      .orderBy(desc(matches.kickoffAt))
      .limit(1);
    if (!leg || leg.home === null || leg.away === null) return null;
    return { id: leg.id, score: [leg.away, leg.home] as [number, number] };
  }

  const BB_FINISHED = codesWhere(2, (p) => p === 'finished');
  /**
   * A basketball play-off game's series: the wins of this game's home and away side in the same
   * stage's finished games between the two, this game included once it is final.
   */
  async function seriesOf(m: typeof matches.$inferSelect) {
    const pair = (h: number, a: number) => and(eq(matches.homeTeamId, h), eq(matches.awayTeamId, a));
    const games = await db
      .select({
        home: matches.homeTeamId,
        hs: matches.homeScore,
        as: matches.awayScore,
        state: matches.state,
      })
      .from(matches)
      .where(
        and(
          eq(matches.stageId, m.stageId!),
          lte(matches.kickoffAt, m.kickoffAt),
          inArray(matches.state, BB_FINISHED),
          or(pair(m.homeTeamId, m.awayTeamId), pair(m.awayTeamId, m.homeTeamId)),
        ),
      );
    const wins = { home: 0, away: 0 };
    for (const g of games) {
      if (g.hs === null || g.as === null) continue;
      if (g.hs > g.as === (g.home === m.homeTeamId)) wins.home++;
      else wins.away++;
    }
    return wins;
  }

  async function detail(id: number) {
    const [row] = await selectMatchRows(db).where(eq(matches.id, id));
    if (!row) return null;
    const odds = await listOdds(db, row.m.sport, [id]);
    const [stage] = row.m.stageId
      ? await db
          .select({ name: stages.nameZh, kind: stages.kind })
          .from(stages)
          .where(eq(stages.id, row.m.stageId))
      : [];
    const item = toListItem(row, odds.get(id) ?? null);
    const secondLeg = item.sport === 1 && row.m.stageId !== null && !!item.round?.endsWith('次回合');
    return {
      ...item,
      /** A second leg's first leg: its id and score as this match's home and away side scored in it. */
      firstLeg: secondLeg ? await firstLegOf(row.m) : null,
      /** A basketball play-off game's series so far (this game's home and away wins); else null. */
      series: item.sport === 2 && stage?.kind === 'playoff' ? await seriesOf(row.m) : null,
      competitionId: row.m.competitionId,
      seasonId: row.m.seasonId,
      stageId: row.m.stageId,
      roundId: row.m.roundId,
      stage: stage?.name ?? null,
      stageKind: stage?.kind ?? null,
      venue: row.m.venue,
      neutral: row.m.neutral,
      updatedAt: row.m.updatedAt.toISOString(),
    };
  }

  return {
    detail,

    async events(id: number) {
      const rows = await db
        .select()
        .from(matchEvents)
        .where(eq(matchEvents.matchId, id))
        .orderBy(asc(matchEvents.seq));
      return rows.map((e) => ({
        seq: e.seq,
        type: e.type,
        typeName: MATCH_EVENT_TYPES[e.type as MatchEventType] ?? e.type,
        side: e.side,
        minute: e.minute,
        addedMinute: e.addedMinute,
        period: e.period,
        clockSeconds: e.clockSeconds,
        playerId: e.playerId,
        playerName: e.playerName,
        otherPlayerId: e.otherPlayerId,
        otherPlayerName: e.otherPlayerName,
        detail: e.detail,
        homeScore: e.homeScore,
        awayScore: e.awayScore,
        at: e.at.toISOString(),
      }));
    },

    /** Team statistics as labelled home/away pairs, and every player's line (box score). */
    async stats(id: number, sport: number) {
      const teams = await db.select().from(matchTeamStats).where(eq(matchTeamStats.matchId, id));
      const home = teams.find((t) => t.side === 1)?.stats ?? null;
      const away = teams.find((t) => t.side === 2)?.stats ?? null;
      const labels = sport === 1 ? FOOTBALL_TEAM_STATS : BASKETBALL_TEAM_STATS;
      const lines = await db
        .select({
          s: matchPlayerStats,
          name: players.name,
          nameZh: players.nameZh,
          position: players.position,
          number: players.shirtNumber,
        })
        .from(matchPlayerStats)
        .innerJoin(players, eq(players.id, matchPlayerStats.playerId))
        .where(eq(matchPlayerStats.matchId, id))
        .orderBy(
          desc(matchPlayerStats.starter),
          desc(matchPlayerStats.minutesPlayed),
          desc(matchPlayerStats.points),
        );
      const teamFgm = (side: number) =>
        lines.filter((l) => l.s.side === side).reduce((a, l) => a + l.s.fieldGoalsScored, 0);
      return {
        teams:
          home && away
            ? labels.map(([key, name]) => ({ key, name, home: home[key] ?? 0, away: away[key] ?? 0 }))
            : [],
        players: lines.map(({ s, name, nameZh, position, number }) => ({
          playerId: s.playerId,
          name: nameZh ?? name,
          originalName: originalName(name, nameZh),
          position,
          positionName: positionName(sport as 1 | 2, position),
          shirtNumber: number,
          side: s.side,
          starter: s.starter,
          minutesPlayed: s.minutesPlayed,
          ...(sport === 2
            ? {
                points: s.points,
                fieldGoalsScored: s.fieldGoalsScored,
                fieldGoalsAttempted: s.fieldGoalsAttempted,
                fieldGoalsAccuracy: pct(s.fieldGoalsScored, s.fieldGoalsAttempted),
                threePoints: s.threePoints,
                threePointsAttempted: s.threePointsAttempted,
                freeThrowsScored: s.freeThrowsScored,
                freeThrowsAttempted: s.freeThrowsAttempted,
                offensiveRebounds: s.offensiveRebounds,
                defensiveRebounds: s.defensiveRebounds,
                rebounds: s.rebounds,
                assists: s.assists,
                steals: s.steals,
                blocks: s.blocks,
                turnovers: s.turnovers,
                fouls: s.fouls,
                plusMinus: s.plusMinus,
                // Share of team-mates' baskets this player assisted while on the floor (AST%).
                assistRate: assistRate(s.assists, s.minutesPlayed, teamFgm(s.side), s.fieldGoalsScored),
              }
            : {
                goals: s.goals,
                assists: s.assists,
                shots: s.shots,
                yellowCards: s.yellowCards,
                redCards: s.redCards,
                rating: s.rating,
              }),
        })),
      };
    },

    async lineups(id: number, sport: number) {
      const [sides, people, clubs] = await Promise.all([
        db.select().from(matchLineups).where(eq(matchLineups.matchId, id)),
        db
          .select({ p: matchLineupPlayers, name: players.name, nameZh: players.nameZh })
          .from(matchLineupPlayers)
          .leftJoin(players, eq(players.id, matchLineupPlayers.playerId))
          .where(eq(matchLineupPlayers.matchId, id))
          .orderBy(asc(matchLineupPlayers.side), asc(matchLineupPlayers.slot))
          .then((rows) =>
            rows.map((r) => ({ ...r.p, originalName: r.name ? originalName(r.name, r.nameZh) : null })),
          ),
        lineupClubs(id),
      ]);
      return sides
        .sort((a, b) => a.side - b.side)
        .map((l) => {
          const mine = people.filter((p) => p.side === l.side);
          const starters = mine.filter((p) => p.starter);
          const grid = sport === 1 ? pitchGrid(l.formation, starters.length) : [];
          const out = (p: (typeof mine)[number], i: number) => ({
            playerId: p.playerId,
            name: p.name,
            originalName: p.originalName,
            shirtNumber: p.shirtNumber,
            position: p.position,
            positionName: positionName(sport as 1 | 2, p.position),
            ...(p.starter && grid[i] ? grid[i] : {}),
          });
          const club = clubs.get(l.side);
          return {
            side: l.side,
            formation: l.formation,
            coach: l.coach,
            /** The seasons the real players' squad lists come from (see squad-source.ts). */
            sources: club
              ? countSources(
                  mine.map((p) => p.playerId),
                  club.firstSeasons,
                )
              : [],
            season: club?.season ?? null,
            confirmed: l.confirmed,
            publishedAt: l.publishedAt.toISOString(),
            starters: starters.map(out),
            substitutes: mine.filter((p) => !p.starter).map(out),
          };
        });
    },

    /** 文字直播, newest first; `before` pages back through older lines. */
    async texts(id: number, opts: { before?: number; limit?: number } = {}) {
      const rows = await db
        .select()
        .from(matchTexts)
        .where(and(eq(matchTexts.matchId, id), opts.before ? lt(matchTexts.seq, opts.before) : undefined))
        .orderBy(desc(matchTexts.seq))
        .limit(Math.min(opts.limit ?? 50, 200));
      return rows.map((t) => ({
        seq: t.seq,
        kind: t.kind,
        side: t.side,
        minute: t.minute,
        period: t.period,
        clockSeconds: t.clockSeconds,
        text: t.text,
        homeScore: t.homeScore,
        awayScore: t.awayScore,
        at: t.at.toISOString(),
      }));
    },
  };
}

/** AST% = AST / ((MIN / (team minutes / 5)) × team FGM − FGM), with 48 × 5 team minutes. */
export function assistRate(ast: number, min: number, teamFgm: number, fgm: number): number {
  if (!min || !teamFgm) return 0;
  const chances = (min / 48) * teamFgm - fgm;
  return chances > 0 ? Math.min(100, Math.round((ast / chances) * 1000) / 10) : 0;
}
