import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { liveSessions, rooms } from '../../src/server/db/schema/index.ts';
import { linkTodaysMatches } from '../../src/server/seed/live.ts';
import { titleForMatch } from '../../src/server/seed/live-titles.ts';
import { createMatchLookup } from '../../src/server/services/live/matches.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** A demo room's title names the match its score strip shows (issue 23: no contradiction). */
describe('demo live rooms are titled after their linked match', () => {
  let t: SportsBench;
  let linkAt: number;
  /** The demo relink job, run at `linkAt`. */
  async function relink() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(linkAt);
    try {
      await linkTodaysMatches(t.app.db);
    } finally {
      vi.useRealTimers();
    }
  }
  beforeAll(async () => {
    // The sports bench brings the simulator up to now: today under way, a week scheduled.
    t = await createSportsBench(targets()[0]!);
    // Link at an hour before the first match still to come, so football has a game to pick.
    const [next] = await t.app.db
      .select({ at: matches.kickoffAt })
      .from(matches)
      .where(and(eq(matches.sport, 1), eq(matches.state, 1), gt(matches.kickoffAt, new Date())))
      .orderBy(asc(matches.kickoffAt))
      .limit(1);
    linkAt = next!.at.getTime() - 3600_000;
    await relink();
  }, 300_000);
  afterAll(() => t?.close());

  it('names the competition and both teams of the linked match', async () => {
    const linked = await t.app.db
      .select()
      .from(rooms)
      .where(and(eq(rooms.liveState, 1), isNotNull(rooms.matchId)));
    expect(linked.length).toBeGreaterThan(0);
    const briefs = await createMatchLookup(t.app.db).briefs(linked.map((r) => r.matchId!));
    for (const room of linked) {
      const match = briefs.get(room.matchId!)!;
      expect(room.title).toContain(`${match.home} vs ${match.away}`);
      expect(room.title.length).toBeLessThanOrEqual(30);
    }
  });

  it('leaves a live room alone when its anchor wrote the title or pushes from OBS (issue 41)', async () => {
    const { db } = t.app;
    const linked = await db
      .select()
      .from(rooms)
      .where(and(eq(rooms.liveState, 1), isNotNull(rooms.matchId)))
      .orderBy(asc(rooms.id));
    expect(linked.length).toBeGreaterThanOrEqual(2);
    const [own, pushed] = linked;
    // Unlinked, so the job would link each to a match and title it after that match.
    await db.update(rooms).set({ matchId: null, title: '阿杰今晚陪你看球' }).where(eq(rooms.id, own.id));
    const [first] = await db
      .select({ title: liveSessions.title })
      .from(liveSessions)
      .where(eq(liveSessions.roomId, pushed.id))
      .orderBy(asc(liveSessions.id))
      .limit(1);
    await db.update(rooms).set({ matchId: null, title: first.title }).where(eq(rooms.id, pushed.id));
    await db.update(liveSessions).set({ pushClient: 'obs-1' }).where(eq(liveSessions.id, pushed.sessionId!));

    await relink();
    const after = async (id: number) => (await db.select().from(rooms).where(eq(rooms.id, id)))[0];
    expect(await after(own.id)).toMatchObject({ title: '阿杰今晚陪你看球', matchId: null });
    expect(await after(pushed.id)).toMatchObject({ title: first.title, matchId: null });
  });

  it('drops the show, never the teams, when the title would be too long', () => {
    const long = { competition: '欧冠', home: '巴黎圣日耳曼足球俱乐部', away: '国际米兰足球俱乐部' };
    expect(titleForMatch(long, '阿杰全程陪看')).toBe('欧冠 巴黎圣日耳曼足球俱乐部 vs 国际米兰足球俱乐部');
    expect(titleForMatch({ competition: '英超', home: '阿森纳', away: '切尔西' }, '阿杰全程陪看')).toBe(
      '英超 阿森纳 vs 切尔西｜阿杰全程陪看',
    );
  });
});
