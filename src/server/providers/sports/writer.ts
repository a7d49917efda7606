import { and, eq, inArray, sql } from 'drizzle-orm';
import { canReach, stateInfo } from '../../../lib/vocab/match-states.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { insertChunks, upsertChunks } from '../../db/bulk.ts';
import {
  matches,
  matchEvents,
  matchLineupPlayers,
  matchLineups,
  matchPlayerStats,
  matchTeamStats,
  matchTexts,
} from '../../db/schema/sports-match.ts';
import type { Logger } from '../../logger.ts';
import { CHANNEL, WS_CODE } from '../../../lib/realtime/codes.ts';
import { publish } from '../../realtime/publish.ts';
import type { PubSub } from '../../realtime/pubsub.ts';
import type { MatchDetail } from '../../../lib/realtime/events.ts';
import { liveScoreOf, type MatchRow } from '../../sports/present.ts';
import { FeedError, type FeedMatch, type ScoreUpdate, type SportsFeed } from './feed.ts';
import { createIdResolver } from './ids.ts';
import { writeOdds } from './write-odds.ts';

export interface WriterDeps {
  db: Db;
  pubsub: PubSub;
  log: Logger;
  /** Called after every change, so hot caches drop what changed. */
  onChange(sport: SportId, matchId: number | null): void;
  /** Called after a match's state changed (e.g. to full time: the tips settle on it). */
  onStateChange?(matchId: number, sport: SportId, state: number): void;
  /** Called after a score change with its highlight (a goal: the followers' alerts). */
  onScore?(m: MatchRow, highlight: NonNullable<ScoreUpdate['highlight']>): void;
}

/** Upserts that touch this many matches or fewer are announced one by one on the score channels. */
const ANNOUNCE_UPSERTS_UP_TO = 50;

/** The SportsFeed every source writes through: stores, refreshes caches, publishes. */
export function createFeedWriter(deps: WriterDeps): SportsFeed {
  const { db } = deps;
  const ids = createIdResolver(db);

  const scoreChanged = async (m: MatchRow, highlight: ScoreUpdate['highlight'] = null) => {
    sportOf.set(m.id, m.sport as SportId);
    deps.onChange(m.sport as SportId, m.id);
    const payload = liveScoreOf(m, highlight);
    try {
      await publish(
        deps.pubsub,
        m.sport === 1 ? CHANNEL.football : CHANNEL.basketball,
        WS_CODE.scoreUpdate,
        payload,
      );
      await publish(deps.pubsub, CHANNEL.match(m.id), WS_CODE.scoreUpdate, payload);
    } catch (err) {
      deps.log.warn({ err, matchId: m.id }, 'sports publish failed');
    }
    if (highlight) deps.onScore?.(m, highlight);
  };
  const withText = new Set<number>();
  // A match never changes sport: remembering it saves a query on every detail change.
  const sportOf = new Map<number, SportId>();
  const knownSport = async (matchId: number): Promise<SportId> => {
    let sport = sportOf.get(matchId);
    if (!sport) {
      const [m] = await db.select({ sport: matches.sport }).from(matches).where(eq(matches.id, matchId));
      if (!m) throw new FeedError(`比赛不存在：${matchId}`);
      sportOf.set(matchId, (sport = m.sport as SportId));
    }
    return sport;
  };
  const detailChanged = async (matchId: number, payload: MatchDetail) => {
    const sport = await knownSport(matchId);
    deps.onChange(sport, matchId);
    try {
      await publish(deps.pubsub, CHANNEL.match(matchId), WS_CODE.matchEvent, { matchId, ...payload });
    } catch (err) {
      deps.log.warn({ err, matchId }, 'sports publish failed');
    }
  };

  async function rowOf(m: FeedMatch) {
    const competitionId = await ids.competition(m.competition);
    const seasonId = await ids.season(competitionId, m.season, m.origin === 'sim');
    const stageId = m.stage ? await ids.stage(seasonId, m.stage) : null;
    const roundId = m.round && stageId ? await ids.round(seasonId, stageId, m.round) : null;
    return {
      key: m.key,
      origin: m.origin,
      sport: m.sport,
      competitionId,
      seasonId,
      stageId,
      roundId,
      groupName: m.group ?? null,
      homeTeamId: await ids.team(m.home),
      awayTeamId: await ids.team(m.away),
      kickoffAt: m.kickoffAt,
      venue: m.venue ?? null,
      neutral: m.neutral ?? false,
      heat: m.heat ?? 0,
      sourceMatchId: m.sourceMatchId ?? null,
      jcNo: m.lottery?.jcNo ?? null,
      bdIssue: m.lottery?.bdIssue ?? null,
      bdNo: m.lottery?.bdNo ?? null,
      zcIssue: m.lottery?.zcIssue ?? null,
      zcOrder: m.lottery?.zcOrder ?? null,
      updatedAt: new Date(),
      ...(m.state === undefined ? {} : { state: m.state }),
    };
  }

  return {
    async upsertMatches(list) {
      const out = new Map<string, number>();
      const rows = [];
      await ids.warm(list);
      for (const m of list) rows.push(await rowOf(m));
      const columns = [
        'kickoffAt',
        'venue',
        'neutral',
        'heat',
        'stageId',
        'roundId',
        'groupName',
        'jcNo',
        'bdIssue',
        'bdNo',
        'zcIssue',
        'zcOrder',
        'updatedAt',
      ] as const;
      // Rows that name a state may set it; the others never reset a match already under way.
      for (const withState of [true, false]) {
        const part = rows.filter((r) => 'state' in r === withState);
        if (!part.length) continue;
        const update = [...columns, ...(withState ? (['state'] as const) : [])];
        if (list.length > ANNOUNCE_UPSERTS_UP_TO) {
          // A calendar at once (the simulator's new day, an import): in bulk, not announced.
          const saved = await upsertChunks(db, matches, part, [matches.key], {
            update: update.map((c) => matches[c]),
            returning: [matches.id, matches.key, matches.sport],
          });
          for (const m of saved) {
            out.set(m.key as string, m.id as number);
            sportOf.set(m.id as number, m.sport as SportId);
          }
          continue;
        }
        // A few matches (a feed's update): each announced on the score channels.
        const saved = await db
          .insert(matches)
          .values(part)
          .onConflictDoUpdate({
            target: matches.key,
            set: Object.fromEntries(update.map((c) => [c, sql.raw(`excluded.${toSnake(c)}`)])),
          })
          .returning();
        for (const m of saved) {
          out.set(m.key, m.id);
          await scoreChanged(m);
        }
      }
      for (const sport of new Set(list.map((m) => m.sport))) deps.onChange(sport, null);
      return out;
    },

    async changeState(matchId, c) {
      const [cur] = await db
        .select({ sport: matches.sport, state: matches.state })
        .from(matches)
        .where(eq(matches.id, matchId));
      if (!cur) throw new FeedError(`比赛不存在：${matchId}`);
      const sport = cur.sport as SportId;
      if (!canReach(sport, cur.state, c.state)) {
        throw new FeedError(
          `比赛状态不能从「${stateInfo(sport, cur.state).name}」变为「${stateInfo(sport, c.state).name}」`,
        );
      }
      const clock = {
        minute: c.minute,
        addedMinute: c.addedMinute,
        period: c.period,
        clockSeconds: c.clockSeconds,
        clockRunning: c.clockRunning,
      };
      const set = Object.fromEntries(Object.entries(clock).filter(([, v]) => v !== undefined));
      const [m] = await db
        .update(matches)
        .set({ ...set, state: c.state, clockAt: c.at, updatedAt: c.at })
        .where(eq(matches.id, matchId))
        .returning();
      await scoreChanged(m);
      deps.onStateChange?.(matchId, sport, c.state);
    },

    async updateScore(matchId, s) {
      const set: Partial<typeof matches.$inferInsert> = {
        homeScore: s.score[0],
        awayScore: s.score[1],
        updatedAt: s.at,
      };
      if (s.ht !== undefined) Object.assign(set, { htHome: s.ht?.[0] ?? null, htAway: s.ht?.[1] ?? null });
      if (s.ft !== undefined) Object.assign(set, { ftHome: s.ft?.[0] ?? null, ftAway: s.ft?.[1] ?? null });
      if (s.et !== undefined) Object.assign(set, { etHome: s.et?.[0] ?? null, etAway: s.et?.[1] ?? null });
      if (s.pk !== undefined) Object.assign(set, { pkHome: s.pk?.[0] ?? null, pkAway: s.pk?.[1] ?? null });
      if (s.periods) Object.assign(set, { homePeriods: s.periods[0], awayPeriods: s.periods[1] });
      if (s.red) Object.assign(set, { homeRed: s.red[0], awayRed: s.red[1] });
      if (s.yellow) Object.assign(set, { homeYellow: s.yellow[0], awayYellow: s.yellow[1] });
      if (s.corner) Object.assign(set, { homeCorner: s.corner[0], awayCorner: s.corner[1] });
      const [m] = await db.update(matches).set(set).where(eq(matches.id, matchId)).returning();
      if (!m) throw new FeedError(`比赛不存在：${matchId}`);
      await scoreChanged(m, s.highlight ?? null);
    },

    async addEvents(matchId, events) {
      if (!events.length) return;
      await insertChunks(
        db,
        matchEvents,
        events.map((e) => ({ ...e, matchId })),
      );
      await detailChanged(matchId, { kind: 'events', events });
    },

    async setStats(matchId, stats) {
      if (stats.teams.length) {
        await db
          .insert(matchTeamStats)
          .values(stats.teams.map((t) => ({ matchId, side: t.side, stats: t.stats, updatedAt: stats.at })))
          .onConflictDoUpdate({
            target: [matchTeamStats.matchId, matchTeamStats.side],
            set: { stats: sql`excluded.stats`, updatedAt: sql`excluded.updated_at` },
          });
      }
      if (stats.players?.length) {
        await upsertChunks(
          db,
          matchPlayerStats,
          stats.players.map((p) => ({ ...p, matchId })),
          [matchPlayerStats.matchId, matchPlayerStats.playerId],
        );
      }
      await detailChanged(matchId, { kind: 'stats', teams: stats.teams, players: stats.players ?? [] });
    },

    async setLineups(matchId, lineups) {
      if (!lineups.length) return;
      await db.delete(matchLineupPlayers).where(
        and(
          eq(matchLineupPlayers.matchId, matchId),
          inArray(
            matchLineupPlayers.side,
            lineups.map((l) => l.side),
          ),
        ),
      );
      await db
        .insert(matchLineups)
        .values(
          lineups.map((l) => ({
            matchId,
            side: l.side,
            formation: l.formation ?? null,
            coach: l.coach ?? null,
            publishedAt: l.at,
          })),
        )
        .onConflictDoUpdate({
          target: [matchLineups.matchId, matchLineups.side],
          set: {
            formation: sql`excluded.formation`,
            coach: sql`excluded.coach`,
            publishedAt: sql`excluded.published_at`,
          },
        });
      const rows = lineups.flatMap((l) =>
        l.players.map((p, slot) => ({ ...p, matchId, side: l.side, slot })),
      );
      if (rows.length) await db.insert(matchLineupPlayers).values(rows);
      await db.update(matches).set({ hasLineup: true }).where(eq(matches.id, matchId));
      await detailChanged(matchId, { kind: 'lineups' });
    },

    async updateOdds(matchId, list) {
      if (!list.length) return;
      const latest = await writeOdds(db, ids, matchId, list);
      await detailChanged(matchId, { kind: 'odds', odds: latest });
    },

    async addTexts(matchId, lines) {
      if (!lines.length) return;
      await insertChunks(
        db,
        matchTexts,
        lines.map((l) => ({ ...l, matchId })),
      );
      if (!withText.has(matchId)) {
        await db
          .update(matches)
          .set({ hasText: true })
          .where(and(eq(matches.id, matchId), eq(matches.hasText, false)));
        withText.add(matchId);
      }
      await detailChanged(matchId, { kind: 'text', lines });
    },
  };
}

const toSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
