import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { MSG } from '../../../lib/messages.ts';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { competitions, matches, sportFollows, teams } from '../../db/schema/index.ts';
import { invalidParam, notFound } from '../../errors.ts';
import type { MatchRow } from '../../sports/present.ts';
import { competitionHref, teamHref } from '../../../lib/match/links.ts';
import { matchHref } from '../../../lib/match/format.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import { stateInfo } from '../../../lib/vocab/match-states.ts';
import type { createNotificationService } from '../notifications/notifications.ts';

export type SportFollowType = 'team' | 'competition';
export const isSportFollowType = (v: unknown): v is SportFollowType => v === 'team' || v === 'competition';

export interface FollowedThing {
  type: SportFollowType;
  id: number;
  sport: number;
  name: string;
  href: string;
}

type Notices = ReturnType<typeof createNotificationService>;
type Highlight = { type: string; side: 1 | 2; player?: string | null };

/**
 * 关注 of teams and competitions (docs/messages.md): follow and unfollow, the list on /v/concern,
 * the 我的关注 filter of the score pages, and the alerts a followed team's match sends to its
 * followers' notification list (and, over the user channel, a toast on an open score page).
 */
export function createSportFollowService(db: Db, notices: Notices) {
  async function exists(type: SportFollowType, id: number) {
    const table = type === 'team' ? teams : competitions;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
    return !!row;
  }

  async function followers(type: SportFollowType, id: number) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(sportFollows)
      .where(and(eq(sportFollows.targetType, type), eq(sportFollows.targetId, id)));
    return n;
  }

  /** Sends `title` to every follower of the given teams, once a user (a user may follow both sides). */
  async function tell(teamIds: number[], m: MatchRow, title: (teamId: number) => string, body: string) {
    if (!teamIds.length) return 0;
    const rows = await db
      .select({ userId: sportFollows.userId, teamId: sportFollows.targetId })
      .from(sportFollows)
      .where(and(eq(sportFollows.targetType, 'team'), inArray(sportFollows.targetId, teamIds)))
      .orderBy(asc(sportFollows.userId), asc(sportFollows.targetId));
    const told = new Set<number>();
    for (const r of rows) {
      if (told.has(r.userId)) continue;
      told.add(r.userId);
      await notices.notify(db, {
        userId: r.userId,
        kind: 'match',
        title: title(r.teamId),
        body,
        link: matchHref(m.sport, 'live', m.id),
      });
    }
    return told.size;
  }

  async function namesOf(m: MatchRow) {
    const rows = await db
      .select({ id: teams.id, name: teams.nameZh })
      .from(teams)
      .where(inArray(teams.id, [m.homeTeamId, m.awayTeamId]));
    const name = (id: number) => rows.find((r) => r.id === id)?.name ?? '';
    return { home: name(m.homeTeamId), away: name(m.awayTeamId) };
  }
  const line = (m: MatchRow, n: { home: string; away: string }) =>
    `${n.home} ${m.homeScore ?? 0}-${m.awayScore ?? 0} ${n.away}`;

  return {
    async set(userId: number, type: unknown, targetId: number, on: boolean) {
      if (!isSportFollowType(type)) throw invalidParam('type', MSG.sportFollowTypeRule);
      if (!(await exists(type, targetId)))
        throw notFound(type === 'team' ? SPORTS_MSG.teamNotFound : SPORTS_MSG.competitionNotFound);
      if (on) {
        await db.insert(sportFollows).values({ userId, targetType: type, targetId }).onConflictDoNothing();
      } else {
        await db
          .delete(sportFollows)
          .where(
            and(
              eq(sportFollows.userId, userId),
              eq(sportFollows.targetType, type),
              eq(sportFollows.targetId, targetId),
            ),
          );
      }
      return { type, id: targetId, following: on, followers: await followers(type, targetId) };
    },

    /** Whether `userId` follows it, and how many do (the button on team and competition pages). */
    async status(userId: number | null, type: SportFollowType, targetId: number) {
      const [mine] = userId
        ? await db
            .select({ at: sportFollows.createdAt })
            .from(sportFollows)
            .where(
              and(
                eq(sportFollows.userId, userId),
                eq(sportFollows.targetType, type),
                eq(sportFollows.targetId, targetId),
              ),
            )
        : [];
      return { following: !!mine, followers: await followers(type, targetId) };
    },

    /** The teams and competitions `userId` follows, newest first. */
    async list(userId: number): Promise<FollowedThing[]> {
      const [t, c] = await Promise.all([
        db
          .select({ id: teams.id, sport: teams.sport, name: teams.nameZh, at: sportFollows.createdAt })
          .from(sportFollows)
          .innerJoin(teams, eq(teams.id, sportFollows.targetId))
          .where(and(eq(sportFollows.userId, userId), eq(sportFollows.targetType, 'team'))),
        db
          .select({
            id: competitions.id,
            sport: competitions.sport,
            name: competitions.nameZh,
            at: sportFollows.createdAt,
          })
          .from(sportFollows)
          .innerJoin(competitions, eq(competitions.id, sportFollows.targetId))
          .where(and(eq(sportFollows.userId, userId), eq(sportFollows.targetType, 'competition')))
          .orderBy(desc(sportFollows.createdAt)),
      ]);
      return [
        ...t.map((r) => ({ ...r, type: 'team' as const, href: teamHref(r.sport, r.id) })),
        ...c.map((r) => ({ ...r, type: 'competition' as const, href: competitionHref(r.sport, r.id) })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .map(({ at: _at, ...rest }) => rest);
    },

    /** Ids for the 我的关注 filter. */
    async ids(userId: number) {
      const rows = await db
        .select({ type: sportFollows.targetType, id: sportFollows.targetId })
        .from(sportFollows)
        .where(eq(sportFollows.userId, userId));
      return {
        teamIds: rows.filter((r) => r.type === 'team').map((r) => r.id),
        competitionIds: rows.filter((r) => r.type === 'competition').map((r) => r.id),
      };
    },

    /**
     * A football goal: the scorer's followers hear 进球, the other side's followers 落后 when their
     * team is now behind. There is no measured stream delay in the live rooms yet, so nothing is
     * held back (docs/messages.md).
     */
    async onGoal(m: MatchRow, h: Highlight): Promise<number> {
      if (h.type !== 'goal' || m.sport !== 1) return 0;
      const n = await namesOf(m);
      const scorer = h.side === 1 ? m.homeTeamId : m.awayTeamId;
      const other = h.side === 1 ? m.awayTeamId : m.homeTeamId;
      const [us, them] =
        h.side === 1 ? [m.homeScore ?? 0, m.awayScore ?? 0] : [m.awayScore ?? 0, m.homeScore ?? 0];
      const minute = m.minute ? `${m.minute}${m.addedMinute ? `+${m.addedMinute}` : ''}' ` : '';
      const body = `${minute}${h.player ?? ''}`.trim();
      let sent = await tell([scorer], m, () => `进球！${line(m, n)}`, body);
      if (us > them) sent += await tell([other], m, () => `落后！${line(m, n)}`, body);
      return sent;
    },

    /** Full time: every follower of either side hears the final score. */
    async onFinish(matchId: number): Promise<number> {
      const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
      if (!m || stateInfo(m.sport as SportId, m.state).phase !== 'finished') return 0;
      const n = await namesOf(m);
      return tell([m.homeTeamId, m.awayTeamId], m, () => `完场：${line(m, n)}`, '比赛结束');
    },
  };
}

export type SportFollowService = ReturnType<typeof createSportFollowService>;
