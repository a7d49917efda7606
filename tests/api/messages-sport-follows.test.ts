import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications } from '../../src/server/db/schema/index.ts';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';

/** Waits for the alerts the feed's listeners send after a write (they run beside the feed). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (done(v) || i > 100) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(targets())('follows of teams and competitions, and goal alerts, on $name', (target) => {
  let b: LiveBench;
  let matchId: number;
  let homeId: number;
  let awayId: number;
  let competitionId: number;
  beforeAll(async () => {
    b = await createLiveBench(target);
    matchId = await insertMatch(b.app.db, new Date(Date.now() - 30 * 60_000));
    const [m] = await b.app.db.select().from(matches).where(eq(matches.id, matchId));
    [homeId, awayId, competitionId] = [m.homeTeamId, m.awayTeamId, m.competitionId];
  }, 180_000);
  afterAll(async () => {
    await b?.close();
  });

  const follow = (token: string, type: string, targetId: number, cancel = 0) =>
    b.post('/api/attention/sport', { type, targetId, cancel }, { token });
  const notices = (userId: number) =>
    b.app.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

  it('finds the matches of followed teams for /football/collect, within two days back and a week ahead (issue 33)', async () => {
    const me = await b.viewer();
    const ofTeams = async () =>
      (await b.app.services.sports.follows.ofFollowedTeams(me.id, 1)).map((m: { id: number }) => m.id);
    expect(await ofTeams()).toEqual([]);
    await follow(me.token, 'team', awayId);
    const far = await insertMatch(b.app.db, new Date(Date.now() + 30 * 86400_000));
    await b.app.db.update(matches).set({ awayTeamId: awayId }).where(eq(matches.id, far));
    const other = await insertMatch(b.app.db);
    const found = await ofTeams();
    expect(found).toContain(matchId);
    expect(found).not.toContain(far);
    expect(found).not.toContain(other);
    // Nothing of basketball for a football team.
    expect(await b.app.services.sports.follows.ofFollowedTeams(me.id, 2)).toEqual([]);
  });

  it('follows and unfollows a team and a competition, with counts and the list', async () => {
    const [me, pal] = await Promise.all([b.viewer(), b.viewer()]);
    expect((await follow(me.token, 'team', homeId)).data).toMatchObject({ following: true, followers: 1 });
    await follow(me.token, 'team', homeId); // twice changes nothing
    expect((await follow(pal.token, 'team', homeId)).data.followers).toBe(2);
    await follow(me.token, 'competition', competitionId);

    const list = (await b.get('/api/attention/sport/list', {}, { token: me.token })).data;
    expect(list.map((x: { type: string; name: string }) => `${x.type}:${x.name}`).sort()).toEqual([
      'competition:测试联赛',
      'team:红队',
    ]);
    const status = await b.get(
      '/api/attention/sport/status',
      { type: 'team', targetId: homeId },
      { token: me.token },
    );
    expect(status.data).toEqual({ following: true, followers: 2 });
    expect((await b.get('/api/attention/sport/status', { type: 'team', targetId: homeId })).data).toEqual({
      following: false,
      followers: 2,
    });

    expect((await follow(me.token, 'competition', competitionId, 1)).data).toMatchObject({
      following: false,
    });
    expect((await follow(pal.token, 'team', homeId, 1)).data.followers).toBe(1);
    expect((await b.get('/api/attention/sport/list', {}, { token: me.token })).data).toHaveLength(1);
  });

  it('refuses visitors, unknown teams and bad types', async () => {
    const me = await b.viewer();
    expect((await b.post('/api/attention/sport', { type: 'team', targetId: homeId })).code).toBe(401);
    expect((await b.get('/api/attention/sport/list')).code).toBe(401);
    expect(await follow(me.token, 'team', 99_999_999)).toMatchObject({ code: 404, msg: '球队不存在' });
    const bad = await follow(me.token, 'player', homeId);
    expect(bad.code).toBe(400);
    // Once, not "参数 type 无效：参数 type 无效：…" (the field's refusal used to carry the prefix too).
    expect(bad.msg).toBe('参数 type 无效：应为 team 或 competition');
  });

  it("tells a team's followers when it scores, goes behind, and at full time", async () => {
    const [fan, rival, nobody] = await Promise.all([b.viewer(), b.viewer(), b.viewer()]);
    await follow(fan.token, 'team', homeId);
    await follow(rival.token, 'team', awayId);
    const { feed } = b.app.services.sports;
    const at = new Date();
    await feed.changeState(matchId, { state: FB.firstHalf, at });
    await b.app.db.update(matches).set({ minute: 23 }).where(eq(matches.id, matchId));
    await feed.updateScore(matchId, {
      at,
      score: [1, 0],
      highlight: { type: 'goal', side: 1, player: '测试前锋' },
    });

    const fanNotices = await until(
      () => notices(fan.id),
      (l) => l.length >= 1,
    );
    expect(fanNotices.map((n) => n.title)).toEqual(['进球！红队 1-0 蓝队']);
    expect(fanNotices[0]).toMatchObject({
      kind: 'match',
      body: "23' 测试前锋",
      link: `/football/live/${matchId}`,
    });
    const rivalNotices = await until(
      () => notices(rival.id),
      (l) => l.length >= 1,
    );
    expect(rivalNotices.map((n) => n.title)).toEqual(['落后！红队 1-0 蓝队']);

    // A red card is no alert; the equaliser tells the away side's fans, and the home fans are not behind.
    await feed.updateScore(matchId, { at, score: [1, 0], red: [0, 1], highlight: { type: 'red', side: 2 } });
    await feed.updateScore(matchId, { at, score: [1, 1], highlight: { type: 'goal', side: 2 } });
    await until(
      () => notices(rival.id),
      (l) => l.length >= 2,
    );

    await feed.changeState(matchId, { state: FB.halfTime, at });
    await feed.changeState(matchId, { state: FB.secondHalf, at });
    await feed.changeState(matchId, { state: FB.fullTime, at });
    const fanAll = await until(
      () => notices(fan.id),
      (l) => l.length >= 2,
    );
    const rivalAll = await until(
      () => notices(rival.id),
      (l) => l.length >= 3,
    );
    expect(fanAll.map((n) => n.title)).toEqual(['进球！红队 1-0 蓝队', '完场：红队 1-1 蓝队']);
    expect(rivalAll.map((n) => n.title)).toEqual([
      '落后！红队 1-0 蓝队',
      '进球！红队 1-1 蓝队',
      '完场：红队 1-1 蓝队',
    ]);
    expect(await notices(nobody.id)).toHaveLength(0);
    // The notification list and its unread count show it.
    const listed = await b.get('/inform/message/list', { kind: 'match' }, { token: fan.token });
    expect(listed.data.total).toBe(2);
  });
});
