import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { rooms } from '../../src/server/db/schema/index.ts';
import { linkTodaysMatches } from '../../src/server/seed/live.ts';
import { titleForMatch } from '../../src/server/seed/live-titles.ts';
import { createMatchLookup } from '../../src/server/services/live/matches.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** A demo room's title names the match its score strip shows (issue 23: no contradiction). */
describe('demo live rooms are titled after their linked match', () => {
  let t: SportsBench;
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
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(next!.at.getTime() - 3600_000);
    await linkTodaysMatches(t.app.db);
    vi.useRealTimers();
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

  it('drops the show, never the teams, when the title would be too long', () => {
    const long = { competition: '欧冠', home: '巴黎圣日耳曼足球俱乐部', away: '国际米兰足球俱乐部' };
    expect(titleForMatch(long, '阿杰全程陪看')).toBe('欧冠 巴黎圣日耳曼足球俱乐部 vs 国际米兰足球俱乐部');
    expect(titleForMatch({ competition: '英超', home: '阿森纳', away: '切尔西' }, '阿杰全程陪看')).toBe(
      '英超 阿森纳 vs 切尔西｜阿杰全程陪看',
    );
  });
});
