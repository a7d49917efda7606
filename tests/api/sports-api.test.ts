import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '../../src/lib/sports/time.ts';
import { competitions, players, seasons, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';
import { targets } from '../support/context.ts';

const USER = '13800000001';
const OPERATOR = '13800000009';

/** Every sports call under /svc: shapes, errors (400 bad input, 404 unknown id) and who may do what. */
describe.each(targets())('sports API on $name', (target) => {
  let b: SportsBench;
  let today: string;
  let finishedId: number;
  let upcomingId: number;
  let userToken: string;
  beforeAll(async () => {
    b = await createSportsBench(target);
    today = beijingDate(b.clock.now());
    // The calendar is the leagues' real one, so a quiet day may have no football: samples come
    // from the nearest day in the simulator's window that has them.
    const lists = [(await b.get('/live/football/live')).data];
    lists.push((await b.get(`/live/football/finished?date=${addDays(today, -1)}`)).data);
    for (let d = 1; d <= 7; d++)
      lists.push((await b.get(`/live/football/schedule?date=${addDays(today, d)}`)).data);
    finishedId = lists.flat().find((m: any) => m.phase === 'finished' && m.odds).id;
    upcomingId = lists.flat().find((m: any) => m.state === 1 && m.odds).id;
    userToken = await b.tokenOf(USER);
  }, 300_000);
  afterAll(() => b?.close());

  const seasonId = async (competition: string, season: string) =>
    (
      await b.app.db
        .select({ id: seasons.id })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(and(eq(competitions.key, competition), eq(seasons.name, season)))
    )[0].id;

  /** A basketball game played to the end today or, before tonight's games are over, yesterday. */
  const finishedGame = async () =>
    [
      ...(await b.get('/live/basketball/live')).data,
      ...(await b.get(`/live/basketball/finished?date=${addDays(today, -1)}`)).data,
    ].find((m: any) => m.phase === 'finished');

  describe('score lists', () => {
    it('即时 lists today’s football with states, half-time scores, cards, corners, lottery numbers and odds', async () => {
      const r = await b.get('/live/football/live');
      expect(r).toMatchObject({ status: 200, code: 200 });
      expect(r.data.every((m: any) => m.date === today || m.phase === 'playing' || m.phase === 'break')).toBe(
        true,
      );
      const { date } = (await b.get(`/live/match/${finishedId}`)).data;
      const done = [...r.data, ...(await b.get(`/live/football/finished?date=${date}`)).data].find(
        (m: any) => m.id === finishedId,
      );
      expect(done).toMatchObject({ sport: 1, stateName: '完场', demo: true });
      expect(typeof done.home.name).toBe('string');
      expect(done.home.ht).not.toBeNull();
      expect(done.odds.asia.lineName).toMatch(/平手|球|半/);
      // 初盘 beside 即时, as Chinese score sites list them.
      expect(done.odds.asia.openLineName).toMatch(/平手|球|半/);
      expect(done.odds.ou.openLineName).toMatch(/^\d/);
      expect(done.lottery.jcNo ?? '周一001').toMatch(/^周[一二三四五六日]\d{3}$/);
    });

    it('filters by league and by lottery', async () => {
      const all = (await b.get('/live/football/live')).data;
      const comp = all[0].competition.id;
      const one = await b.get(`/live/football/live?competitionIds=${comp}`);
      expect(one.data.length).toBeGreaterThan(0);
      expect(one.data.every((m: any) => m.competition.id === comp)).toBe(true);
      const jc = await b.get('/live/football/live?lottery=jc');
      expect(jc.data.every((m: any) => m.lottery.jcNo)).toBe(true);
      expect(jc.data.length).toBeLessThan(all.length);
      expect((await b.get('/live/football/live?lottery=xx')).status).toBe(400);
      expect((await b.get('/live/football/live?competitionIds=1,a')).status).toBe(400);
    });

    it('完场 by date, 赛程 by date, the date strip and the league filter', async () => {
      const yesterday = (await b.get('/live/football/dates')).data;
      expect(yesterday.find((d: any) => d.today).date).toBe(today);
      expect(yesterday.filter((d: any) => d.date < today).length).toBeLessThanOrEqual(7);
      // Earlier rounds of the season are there as results, on the days the calendar had them.
      const ends = [];
      for (const d of yesterday.filter((x: any) => x.date < today))
        ends.push(...(await b.get(`/live/football/finished?date=${d.date}`)).data);
      expect(ends.length).toBeGreaterThan(10);
      expect(ends.every((m: any) => ['finished', 'void'].includes(m.phase))).toBe(true);
      const ahead = yesterday.at(-1).date;
      const next = await b.get(`/live/basketball/schedule?date=${ahead}`);
      expect(next.data.length).toBeGreaterThanOrEqual(3);
      expect(next.data.every((m: any) => m.state === 1 && m.sport === 2)).toBe(true);
      const f = (await b.get('/live/football/filters')).data;
      expect(f.competitions.reduce((a: number, c: any) => a + c.count, 0)).toBe(f.total);
      expect((await b.get('/live/football/finished?date=2026-13-01')).status).toBe(400);
      expect((await b.get('/live/tennis/live')).status).toBe(400);
    });

    it('basketball lists carry quarter scores', async () => {
      const done = await finishedGame();
      expect(done.home.periods.reduce((a: number, x: number) => a + x, 0)).toBe(done.home.score);
    });

    it('竞彩, 北单 and 足彩 lists with their numbers and the lottery prices', async () => {
      const { date } = (await b.get(`/live/match/${upcomingId}`)).data;
      const jczq = (await b.get(`/live/football/jczq?date=${date}`)).data;
      expect(jczq.matches.length).toBeGreaterThan(0);
      expect(jczq.matches[0].lotteryOdds.jc_spf.home).toBeGreaterThan(1);
      expect(jczq.matches[0].lotteryOdds.jc_rqspf.line).not.toBeNull();
      const jclq = (await b.get('/live/basketball/jclq')).data;
      expect(jclq.matches[0].lottery.jcNo).toMatch(/^周.3\d\d$/);
      const bd = (await b.get('/live/football/bjdc')).data;
      expect(bd.matches.map((m: any) => m.lottery.bdNo)).toEqual(
        [...bd.matches.map((m: any) => m.lottery.bdNo)].sort((x: number, y: number) => x - y),
      );
      const zc = (
        await b.get(`/live/football/zc?issue=${(await b.get('/live/football/zc')).data.issues.at(-1)}`)
      ).data;
      expect(zc.plays).toEqual(['14场胜负', '任九']);
      expect(zc.matches.length).toBeLessThanOrEqual(14);
      expect((await b.get('/live/football/zc?issue=abc')).status).toBe(400);
    });

    it('hot leagues, the competitions index, the TV list and the feed clock', async () => {
      const hot = (await b.get('/live/hot-leagues?sport=football')).data;
      expect(hot.map((c: any) => c.name)).toEqual(
        expect.arrayContaining(['英超', '西甲', '德甲', '意甲', '法甲', '中超', '欧冠']),
      );
      expect(hot.every((c: any) => c.currentSeasonId)).toBe(true);
      const index = (await b.get('/live/football/competitions')).data;
      expect(index.map((g: any) => g.region)).toEqual(expect.arrayContaining(['英格兰', '欧洲', '中国']));
      const tv = (await b.get('/live/tv')).data;
      expect(tv.every((m: any) => m.heat >= 70)).toBe(true);
      expect((await b.get('/live/clock')).data).toMatchObject({ provider: 'import', demo: false, speed: 1 });
      // Only a server started with SIM_CONTROL (tests) lets a caller move the clock.
      expect((await b.post('/live/clock/advance', { form: { minutes: '60' } })).status).toBe(404);
    });
  });

  describe('one match', () => {
    it('detail, events that add up to the score, statistics, lineups and text live', async () => {
      const m = (await b.get(`/live/match/${finishedId}`)).data;
      expect(m).toMatchObject({ id: finishedId, phase: 'finished' });
      const events = (await b.get(`/live/match/${finishedId}/events`)).data;
      const goals = events.filter((e: any) => ['goal', 'own_goal', 'penalty'].includes(e.type));
      expect(goals.filter((e: any) => e.side === 1)).toHaveLength(m.home.score);
      expect(goals.filter((e: any) => e.side === 2)).toHaveLength(m.away.score);
      const stats = (await b.get(`/live/match/${finishedId}/stats`)).data;
      expect(stats.teams.find((s: any) => s.key === 'possession')).toMatchObject({ name: '控球率' });
      expect(stats.teams.find((s: any) => s.key === 'corners')).toMatchObject({
        home: m.home.corner,
        away: m.away.corner,
      });
      const lineups = (await b.get(`/live/match/${finishedId}/lineups`)).data;
      expect(lineups).toHaveLength(2);
      expect(lineups[0].starters).toHaveLength(11);
      expect(lineups[0].starters[0]).toMatchObject({ position: 'GK', positionName: '守门员', row: 1 });
      // No source names a coach, so none is made up: the lineups name nobody.
      for (const l of lineups) expect(l.coach).toBeNull();
      const texts = (await b.get(`/live/match/${finishedId}/texts?limit=5`)).data;
      expect(texts).toHaveLength(5);
      expect(texts[0].seq).toBeGreaterThan(texts[1].seq);
      expect(texts[0].text).toMatch(/[\u4e00-\u9fa5]/);
      const older = (await b.get(`/live/match/${finishedId}/texts?before=${texts[4].seq}&limit=2`)).data;
      expect(older[0].seq).toBe(texts[4].seq - 1);
    });

    it('box scores with the spec’s player-stats fields', async () => {
      const game = await finishedGame();
      const stats = (await b.get(`/live/match/${game.id}/stats`)).data;
      const line = stats.players[0];
      for (const k of [
        'minutesPlayed',
        'points',
        'fieldGoalsScored',
        'fieldGoalsAccuracy',
        'threePoints',
        'rebounds',
        'assists',
        'steals',
        'blocks',
        'turnovers',
        'fouls',
        'assistRate',
      ])
        expect(line, k).toHaveProperty(k);
      expect(
        stats.players.filter((p: any) => p.side === 1).reduce((a: number, p: any) => a + p.points, 0),
      ).toBe(game.home.score);
    });

    it('odds per company with payout rate and Kelly index, side by side, and their history', async () => {
      const eu = (await b.get(`/live/match/${upcomingId}/odds?type=oupei`)).data;
      expect(eu.market).toBe('eu');
      const book = eu.companies.find((c: any) => !c.isLottery);
      expect(book.payoutRate).toBeGreaterThan(0.85);
      expect(book.kelly).toHaveLength(3);
      expect(eu.summary.live.v1.min).toBeLessThanOrEqual(eu.summary.live.v1.max);
      const yapan = (await b.get(`/live/match/${upcomingId}/odds?type=yapan`)).data;
      expect(yapan.companies[0].open.lineName).toMatch(/平手|球|半/);
      expect((await b.get(`/live/match/${upcomingId}/odds/three`)).data[0]).toHaveProperty('ou');
      const history = (
        await b.get(`/live/match/${finishedId}/odds/history?companyId=${book.companyId}&type=daxiaoqiu`)
      ).data;
      expect(history.changes.length).toBeGreaterThan(2);
      expect(history.changes.some((c: any) => c.live && c.homeScore !== null)).toBe(true);
      const companies = (await b.get('/live/odds/companies')).data;
      expect(companies.map((c: any) => c.name)).toContain('竞彩官方');
      expect((await b.get(`/live/match/${upcomingId}/odds?type=foo`)).status).toBe(400);
      expect((await b.get(`/live/match/${upcomingId}/odds/history?companyId=999&type=eu`)).status).toBe(404);
    });

    it('analysis: head-to-head, form with W/D/L, table rows, upcoming fixtures, goal times and the model', async () => {
      const a = (await b.get(`/live/match/${finishedId}/analysis`)).data;
      expect(a.form.home.matches.length).toBeGreaterThan(0);
      expect(a.form.home.matches.every((m: any) => ['W', 'D', 'L'].includes(m.result))).toBe(true);
      expect(a.h2h.matches.every((m: any) => !m.demo)).toBe(true);
      expect(a.goalTimes.home.buckets).toHaveLength(6);
      const p = a.model.model;
      expect(p.home + p.draw + p.away).toBeCloseTo(1, 2);
      expect(a.model.implied.home).toBeGreaterThan(0);
    });

    it('answers 404 for an unknown match and 400 for a bad id', async () => {
      for (const path of [
        '/live/match/99999999',
        '/live/match/99999999/events',
        '/live/match/99999999/analysis',
        '/live/match/99999999/odds',
      ]) {
        const r = await b.get(path);
        expect(r, path).toMatchObject({ status: 404, code: 404, msg: '比赛不存在', data: null });
      }
      for (const path of ['/live/match/abc', '/live/match/0', '/live/match/-3/stats', '/live/match/1.5']) {
        const r = await b.get(path);
        expect(r.status, path).toBe(400);
        expect(r.msg).toContain('matchId');
      }
    });
  });

  describe('database', () => {
    it('league with seasons, standings with zones, fixtures by round, leaders', async () => {
      const sid = await seasonId('en.1', '2024-25');
      const table = (await b.get(`/live/season/${sid}/standings`)).data;
      const top = table.groups[0].rows[0];
      expect(top).toMatchObject({ rank: 1, points: 84, team: { name: '利物浦' }, zone: { name: '欧冠' } });
      expect(top.form).toHaveLength(5);
      expect(table.groups[0].rows.at(-1).zone.name).toBe('降级');
      const home = (await b.get(`/live/season/${sid}/standings?type=home`)).data;
      expect(home.groups[0].rows[0].played).toBe(19);
      const season = (await b.get(`/live/season/${sid}`)).data;
      expect(season.stages[0].rounds).toHaveLength(38);
      const round = (await b.get(`/live/season/${sid}/matches?roundId=${season.stages[0].rounds[0].id}`))
        .data;
      expect(round).toHaveLength(10);
      expect(round.every((m: any) => !m.demo)).toBe(true);
      const league = (await b.get(`/live/league/${season.competition.id}`)).data;
      expect(league.seasons.map((s: any) => s.name)).toEqual(['2026-27', '2025-26', '2024-25', '2023-24']);
      const nba = (await b.get(`/live/season/${await seasonId('nba', '2024-25')}/standings`)).data;
      expect(nba.groups.map((g: any) => g.name).sort()).toEqual(['东部', '西部']);
      const leaders = (await b.get(`/live/season/${await seasonId('en.1', '2025-26')}/leaders?stat=goals`))
        .data;
      expect(leaders.allowed).toContain('assists');
      expect((await b.get(`/live/season/${sid}/standings?type=x`)).status).toBe(400);
      expect((await b.get('/live/season/99999999/standings')).status).toBe(404);
      expect((await b.get('/live/league/99999999')).status).toBe(404);
    });

    it('team, squad by position, results and fixtures; player profile and stats', async () => {
      const [arsenal] = await b.app.db
        .select({ id: teams.id })
        .from(teams)
        .where(eq(teams.key, 'fb:Arsenal FC'));
      const team = (await b.get(`/live/team/${arsenal.id}`)).data;
      expect(team).toMatchObject({ nameZh: '阿森纳', venue: '酋长球场' });
      const squad = (await b.get(`/live/team/${arsenal.id}/squad`)).data;
      expect(squad.groups.map((g: any) => g.name)).toEqual(['门将', '后卫', '中场', '前锋']);
      // The latest squad: the 2023-24 list moved on by the World Cup 2026 squads, for the season Arsenal plays now.
      expect(squad.season).toBe('2025-26');
      const results = (await b.get(`/live/team/${arsenal.id}/matches?type=results&limit=5`)).data;
      expect(results).toHaveLength(5);
      const [saka] = await b.app.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.name, 'Bukayo Saka'));
      const player = (await b.get(`/live/player/${saka.id}`)).data;
      expect(player).toMatchObject({ name: 'Bukayo Saka', nationality: 'ENG', birthYear: 2001 });
      expect((await b.get(`/live/player/${saka.id}/stats`)).status).toBe(200);
      expect((await b.get('/live/team/99999999')).status).toBe(404);
      expect((await b.get('/live/player/99999999')).status).toBe(404);
      expect((await b.get('/live/team/x/squad')).status).toBe(400);
    });
  });

  describe('/api/match and /api/attention', () => {
    it('dates, hot, dataHot, schedule and next', async () => {
      const dates = (await b.get('/api/match/dates')).data;
      expect(dates.some((d: any) => d.today)).toBe(true);
      const schedule = (await b.get(`/api/match/schedule?date=${today}`)).data;
      expect(new Set(schedule.map((m: any) => m.sport))).toEqual(new Set([1, 2]));
      const hot = (await b.get(`/api/match/hot?date=${today}`)).data;
      expect(hot).toHaveLength(10);
      // Matches in play lead (issue 23), then the hottest of the rest in kick-off order.
      const inPlay = (m: any) => ['playing', 'break', 'halted'].includes(m.phase);
      const liveCount = hot.filter(inPlay).length;
      expect(hot.slice(0, liveCount).every(inPlay)).toBe(true);
      const liveToday = schedule.filter(inPlay);
      expect(liveCount).toBe(Math.min(10, liveToday.length));
      const tail = hot.slice(liveCount);
      expect(tail.map((m: any) => m.kickoffAt)).toEqual(tail.map((m: any) => m.kickoffAt).sort());
      const rest = schedule.filter(
        (m: any) => !hot.some((h: any) => h.id === m.id) && m.phase !== 'void' && !inPlay(m),
      );
      if (tail.length > 0)
        expect(Math.min(...tail.map((m: any) => m.heat))).toBeGreaterThanOrEqual(
          Math.max(...rest.map((m: any) => m.heat)),
        );
      expect((await b.get('/api/match/dataHot?size=3')).data.length).toBeLessThanOrEqual(3);
      expect((await b.get('/api/match/dataHot?size=0')).status).toBe(400);
      const next = (await b.get('/api/match/next')).data;
      expect(next.every((m: any) => m.state === 1 && m.reserved === false)).toBe(true);
      expect((await b.get('/api/match/next?userId=1')).status).toBe(401);
    });

    it('reserves a match before kick-off only, for the caller only', async () => {
      expect((await b.post('/api/match/reserve', { form: { matchId: String(upcomingId) } })).status).toBe(
        401,
      );
      const ok = await b.post('/api/match/reserve', {
        token: userToken,
        form: { matchId: String(upcomingId) },
      });
      expect(ok).toMatchObject({ code: 200, data: { matchId: upcomingId, reserved: true } });
      const started = await b.post('/api/match/reserve', {
        token: userToken,
        form: { matchId: String(finishedId) },
      });
      expect(started).toMatchObject({ status: 400, msg: '比赛已开始，无法预约' });
      expect(
        (await b.post('/api/match/reserve', { token: userToken, form: { matchId: '99999999' } })).status,
      ).toBe(404);
      const mine = await b.get('/api/match/reserveMatchByUser', userToken);
      expect(mine.data.map((m: any) => m.id)).toEqual([upcomingId]);
      const next = (await b.get('/api/match/next', userToken)).data;
      expect(next.filter((m: any) => m.reserved).map((m: any) => m.id)).toEqual(
        next.some((m: any) => m.id === upcomingId) ? [upcomingId] : [],
      );
      const otherUser = (await b.get('/api/match/reserveMatchByUser?userId=999999', userToken)).status;
      expect(otherUser).toBe(403);
      await b.post('/api/match/reserve', { token: userToken, body: { matchId: upcomingId, operateType: 0 } });
      expect((await b.get('/api/match/reserveMatchByUser', userToken)).data).toEqual([]);
    });

    it('follows and unfollows matches (operAttention) and lists them', async () => {
      const op = (q: string) => b.get(`/api/attention/operAttention?${q}`, userToken);
      expect(
        (await b.get(`/api/attention/operAttention?type=2&matchType=1&operateType=1&targetId=${finishedId}`))
          .status,
      ).toBe(401);
      expect((await op(`type=2&matchType=1&operateType=1&targetId=${finishedId}`)).data).toEqual({
        matchId: finishedId,
        isFollowed: true,
      });
      expect((await op(`type=2&matchType=1&operateType=1&targetId=${upcomingId}`)).code).toBe(200);
      const list = (await b.get('/api/attention/getAttentionMatchByUser', userToken)).data;
      expect(list.map((m: any) => m.id).sort()).toEqual([finishedId, upcomingId].sort());
      expect((await op(`type=2&operateType=0&targetId=${upcomingId}`)).data.isFollowed).toBe(false);
      expect(
        (await b.get('/api/attention/getAttentionMatchByUser?matchType=1', userToken)).data.map(
          (m: any) => m.id,
        ),
      ).toEqual([finishedId]);
      expect((await op('type=2&operateType=1&targetId=99999999')).status).toBe(404);
      expect((await op('type=2&operateType=5&targetId=1')).status).toBe(400);
      expect((await b.get('/api/attention/getAttentionMatchByUser')).status).toBe(401);
    });

    it("says which of the page's matches the caller follows and reserved (mine), for the caller only", async () => {
      const mine = (ids: string, token?: string) => b.get(`/api/match/mine?ids=${ids}`, token);
      expect((await mine(`${upcomingId}`)).status).toBe(401);
      await b.get(`/api/attention/operAttention?type=2&operateType=1&targetId=${upcomingId}`, userToken);
      await b.post('/api/match/reserve', { token: userToken, body: { matchId: upcomingId, operateType: 1 } });
      try {
        const own = (await mine(`${upcomingId},${finishedId}`, userToken)).data;
        expect(own.followed).toContain(upcomingId);
        expect(own.reserved).toEqual([upcomingId]);
        const other = await b.tokenOf(OPERATOR);
        expect((await mine(`${upcomingId},${finishedId}`, other)).data).toEqual({
          followed: [],
          reserved: [],
        });
        expect((await mine('', userToken)).data).toEqual({ followed: [], reserved: [] });
        expect((await mine('abc', userToken)).status).toBe(400);
      } finally {
        await b.get(`/api/attention/operAttention?type=2&operateType=0&targetId=${upcomingId}`, userToken);
        await b.post('/api/match/reserve', {
          token: userToken,
          body: { matchId: upcomingId, operateType: 0 },
        });
      }
      expect((await mine(`${upcomingId}`, userToken)).data).toEqual({ followed: [], reserved: [] });
    });

    it('pages followed matches through pageAttention (attentionType 2); other types are a clear 400', async () => {
      const op = (q: string) => b.get(`/api/attention/operAttention?${q}`, userToken);
      await op(`type=2&operateType=1&targetId=${finishedId}`);
      await op(`type=2&operateType=1&targetId=${upcomingId}`);
      const page = await b.get('/api/attention/pageAttention?attentionType=2&page=1&pageSize=1', userToken);
      expect(page.code).toBe(200);
      expect(page.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(page.data.list).toHaveLength(1);
      const second = await b.get('/api/attention/pageAttention?attentionType=2&page=2&pageSize=1', userToken);
      expect([page.data.list[0].id, second.data.list[0].id].sort()).toEqual([finishedId, upcomingId].sort());
      const bad = await b.get('/api/attention/pageAttention?attentionType=7', userToken);
      expect(bad).toMatchObject({ status: 400, msg: '参数 attentionType 无效：1 主播，2 比赛' });
      expect((await b.get('/api/attention/pageAttention?attentionType=2')).status).toBe(401);
      await op(`type=2&operateType=0&targetId=${finishedId}`);
      await op(`type=2&operateType=0&targetId=${upcomingId}`);
    });
  });

  describe('feed import (operators)', () => {
    const doc = (key: string, state = 1) => ({
      matches: [
        {
          key,
          sport: 1,
          competition: 'en.1',
          season: '2026-27',
          round: { key: 'Matchday 12', nameZh: '第12轮', number: 12 },
          stage: { key: 'league', nameZh: '联赛', kind: 'league' },
          home: 'fb:Arsenal FC',
          away: 'fb:Chelsea FC',
          kickoffAt: '2026-11-29T16:30:00Z',
          state,
        },
      ],
      scores: [{ match: key, score: [1, 0], ht: [1, 0], at: '2026-11-29T17:20:00Z' }],
      events: [
        {
          match: key,
          seq: 1,
          type: 'goal',
          side: 1,
          minute: 23,
          playerName: 'Bukayo Saka',
          homeScore: 1,
          awayScore: 0,
          at: '2026-11-29T16:53:00Z',
        },
      ],
      texts: [
        {
          match: key,
          seq: 1,
          kind: 'goal',
          minute: 23,
          text: '进球！萨卡破门。',
          at: '2026-11-29T16:53:00Z',
        },
      ],
      odds: [
        {
          match: key,
          company: 'jindun',
          market: 'eu',
          v1: 1.8,
          v2: 3.6,
          v3: 4.2,
          at: '2026-11-28T10:00:00Z',
        },
      ],
    });

    it('is refused to visitors and non-operators', async () => {
      expect((await b.post('/live/feed/import', { body: doc('feed:acme:1') })).status).toBe(401);
      expect((await b.post('/live/feed/import', { token: userToken, body: doc('feed:acme:1') })).status).toBe(
        403,
      );
    });

    it('takes a provider’s JSON through the same feed', async () => {
      const token = await b.tokenOf(OPERATOR);
      const r = await b.post('/live/feed/import', { token, body: doc('feed:acme:1') });
      expect(r).toMatchObject({ code: 200, data: { matches: 1, scores: 1, events: 1, texts: 1, odds: 1 } });
      const [match] = await b.app.db
        .select({ id: matches.id })
        .from(matches)
        .where(eq(matches.key, 'feed:acme:1'));
      const detail = (await b.get(`/live/match/${match.id}`)).data;
      expect(detail).toMatchObject({
        season: '2026-27',
        home: { name: '阿森纳', score: 1, ht: 1 },
        round: '第12轮',
        demo: false,
      });
      expect((await b.get(`/live/match/${match.id}/texts`)).data[0].text).toBe('进球！萨卡破门。');
      const bad = await b.post('/live/feed/import', {
        token,
        body: { states: [{ match: 'feed:acme:1', state: 99, at: '2026-11-29T16:30:00Z' }] },
      });
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('states');
      const finished = await b.post('/live/feed/import', {
        token,
        body: { states: [{ match: 'feed:acme:1', state: 8, at: '2026-11-29T18:30:00Z' }] },
      });
      expect(finished.code).toBe(200);
      const back = await b.post('/live/feed/import', {
        token,
        body: { states: [{ match: 'feed:acme:1', state: 2, at: '2026-11-29T18:40:00Z' }] },
      });
      expect(back).toMatchObject({ status: 400 });
      expect(back.msg).toContain('比赛状态不能从「完场」变为「上半场」');
      expect(
        (
          await b.post('/live/feed/import', {
            token,
            body: { scores: [{ match: 'feed:acme:404', score: [0, 0], at: '2026-11-29T18:40:00Z' }] },
          })
        ).msg,
      ).toContain('比赛不存在');
    });
  });
});
