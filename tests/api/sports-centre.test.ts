import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, seasons, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches, matchPlayerStats } from '../../src/server/db/schema/sports-match.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/** The /svc/live calls of the match centre, odds-detail and database pages (docs/match-centre.md). */
describe.each(targets())('match centre calls on $name', (target) => {
  let b: SportsBench;
  let football: number;
  let basketball: number;
  let epl: { competitionId: number; seasonId: number; oldSeasonId: number };
  let nba: { competitionId: number; seasonId: number };

  const finishedSim = async (sport: number, state: number) =>
    (
      await b.app.db
        .select({ id: matches.id })
        .from(matches)
        .where(
          and(
            eq(matches.origin, 'sim'),
            eq(matches.sport, sport),
            eq(matches.state, state),
            eq(matches.hasLineup, true),
          ),
        )
        .orderBy(desc(matches.kickoffAt))
        .limit(1)
    )[0].id;
  const seasonOf = async (key: string, name?: string) => {
    const rows = await b.app.db
      .select({
        competitionId: competitions.id,
        seasonId: seasons.id,
        name: seasons.name,
        isCurrent: seasons.isCurrent,
      })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(competitions.key, key));
    return rows.find((r) => (name ? r.name === name : r.isCurrent))!;
  };

  beforeAll(async () => {
    b = await createSportsBench(target);
    football = await finishedSim(1, 8);
    basketball = await finishedSim(2, 10);
    const current = await seasonOf('en.1');
    epl = { ...current, oldSeasonId: (await seasonOf('en.1', '2023-24')).seasonId };
    nba = await seasonOf('nba');
  }, 300_000);
  afterAll(() => b?.close());

  const expectNotFound = (r: { status: number; code: number; msg: string; data: unknown }, msg: string) =>
    expect([r.status, r.code, r.msg, r.data]).toEqual([404, 404, msg, null]);
  const expectBad = (r: { status: number; code: number; msg: string }, field: string) => {
    expect([r.status, r.code]).toEqual([400, 400]);
    expect(r.msg).toContain(`参数 ${field} 无效`);
  };

  describe('odds', () => {
    it('join: every market of one company, each history from its opening to its live price', async () => {
      const [join, eu, asia, ou] = await Promise.all([
        b.get(`/live/match/${football}/odds/join?companyId=3`),
        ...['oupei', 'yapan', 'daxiaoqiu'].map((t) => b.get(`/live/match/${football}/odds?type=${t}`)),
      ]);
      expect(join.code).toBe(200);
      expect(join.data.company).toBe('金盾');
      expect(join.data.markets.map((m: { market: string }) => m.market)).toEqual(['eu', 'asia', 'ou']);
      for (const [i, market] of [eu, asia, ou].entries()) {
        const row = market.data.companies.find((c: { companyId: number }) => c.companyId === 3);
        const changes = join.data.markets[i].changes;
        expect(changes[0]).toMatchObject({ v1: row.open.v1, v3: row.open.v3, line: row.open.line });
        expect(changes.at(-1)).toMatchObject({
          v1: row.live.v1,
          v3: row.live.v3,
          line: row.live.line,
          lineName: row.live.lineName,
        });
      }
    });

    it('table: every company of a market with its changes, in the order of the odds page', async () => {
      const [table, yapan] = await Promise.all([
        b.get(`/live/match/${basketball}/odds/table?type=yapan`),
        b.get(`/live/match/${basketball}/odds?type=yapan`),
      ]);
      expect(table.data.market).toBe('asia');
      expect(table.data.companies.map((c: { company: string }) => c.company)).toEqual(
        yapan.data.companies.map((c: { company: string }) => c.company),
      );
      for (const c of table.data.companies) {
        expect(c.changes.length).toBeGreaterThan(0);
        expect(c.changes.at(-1).line).toBe(c.live.line);
      }
    });

    it('answers 404 for an unknown match or company and 400 for bad ids or types', async () => {
      expectNotFound(await b.get('/live/match/2147483647/odds/join?companyId=3'), '比赛不存在');
      expectNotFound(await b.get(`/live/match/${football}/odds/join?companyId=999`), '赔率公司不存在');
      expectNotFound(await b.get('/live/match/2147483647/odds/table?type=oupei'), '比赛不存在');
      expectBad(await b.get(`/live/match/${football}/odds/join`), 'companyId');
      expectBad(await b.get(`/live/match/${football}/odds/join?companyId=x`), 'companyId');
      expectBad(await b.get('/live/match/0/odds/table'), 'matchId');
      expectBad(await b.get(`/live/match/${football}/odds/table?type=zucai`), 'type');
    });
  });

  describe('the engine calls the match pages read', () => {
    it('analysis, lineups, texts, odds and three answer for a match and 404 for an unknown one', async () => {
      for (const path of ['analysis', 'lineups', 'texts', 'odds', 'odds/three', 'stats', 'events']) {
        expect((await b.get(`/live/match/${football}/${path}`)).code, path).toBe(200);
        expectNotFound(await b.get(`/live/match/2147483647/${path}`), '比赛不存在');
        expectBad(await b.get(`/live/match/abc/${path}`), 'matchId');
      }
      const lineups = await b.get(`/live/match/${football}/lineups`);
      expect(lineups.data.map((l: { starters: unknown[] }) => l.starters.length)).toEqual([11, 11]);
      const texts = await b.get(`/live/match/${football}/texts?limit=5`);
      expect(texts.data.map((t: { seq: number }) => t.seq)).toEqual(
        [...texts.data.map((t: { seq: number }) => t.seq)].sort((x, y) => y - x),
      );
    });

    it('odds history, hot leagues and the TV list', async () => {
      const history = await b.get(`/live/match/${football}/odds/history?companyId=4&type=yapan`);
      expect(history.data.company).toBe('银河');
      expectNotFound(
        await b.get(`/live/match/${football}/odds/history?companyId=999&type=yapan`),
        '赔率公司不存在',
      );
      const hot = await b.get('/live/hot-leagues?sport=football');
      expect(hot.data.map((c: { name: string }) => c.name)).toContain('英超');
      expectBad(await b.get('/live/hot-leagues?sport=tennis'), 'sport');
      expect((await b.get('/live/tv')).code).toBe(200);
      expectBad(await b.get('/live/tv?date=2025-13-01'), 'date');
    });
  });

  describe('database', () => {
    it('league, season standings, team and player answer and 404 for unknown ids', async () => {
      const league = await b.get(`/live/league/${epl.competitionId}`);
      expect(league.data.currentSeasonId).toBe(epl.seasonId);
      const standings = await b.get(`/live/season/${epl.seasonId}/standings`);
      expect(standings.data.groups[0].rows).toHaveLength(20);
      expectNotFound(await b.get('/live/league/2147483647'), '赛事不存在');
      expectNotFound(await b.get('/live/season/2147483647/standings'), '赛季不存在');
      expectNotFound(await b.get('/live/team/2147483647'), '球队不存在');
      expectNotFound(await b.get('/live/player/2147483647'), '球员不存在');
      expectBad(await b.get('/live/league/-1'), 'leagueId');
      expectBad(await b.get(`/live/season/${epl.seasonId}/standings?type=left`), 'type');
    });

    it('current-round is the round of the latest finished match (the current season is the simulator’s)', async () => {
      const r = await b.get(`/live/season/${epl.seasonId}/current-round`);
      const [latest] = await b.app.db
        .select({ roundId: matches.roundId })
        .from(matches)
        .where(and(eq(matches.seasonId, epl.seasonId), eq(matches.state, 8)))
        .orderBy(desc(matches.kickoffAt))
        .limit(1);
      expect(r.data.roundId).toBe(latest.roundId);
      expectNotFound(await b.get('/live/season/2147483647/current-round'), '赛季不存在');
    });

    it('dates lists the Beijing dates with games, today among them for the NBA', async () => {
      const r = await b.get(`/live/season/${nba.seasonId}/dates`);
      expect(r.data).toContain(b.app.services.sports.lists.today());
      expect(r.data).toEqual([...r.data].sort());
      expectNotFound(await b.get('/live/season/2147483647/dates'), '赛季不存在');
    });

    it('top-players counts the simulator matches, marked demo, where the source has no scorers', async () => {
      // A season the simulator has scored in by now (on a weekday the 英超 may have played no simulated match yet).
      const [scored] = await b.app.db
        .select({ seasonId: matches.seasonId })
        .from(matchPlayerStats)
        .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
        .where(and(eq(matches.origin, 'sim'), eq(matches.sport, 1), sql`${matchPlayerStats.goals} > 0`))
        .limit(1);
      const goals = await b.get(`/live/season/${scored.seasonId}/top-players?stat=goals&limit=5`);
      expect(goals.data.demo).toBe(true);
      const top = goals.data.rows[0];
      const [sum] = await b.app.db
        .select({ goals: sql<number>`sum(${matchPlayerStats.goals})::int` })
        .from(matchPlayerStats)
        .innerJoin(matches, eq(matches.id, matchPlayerStats.matchId))
        .where(and(eq(matchPlayerStats.playerId, top.playerId), eq(matches.seasonId, scored.seasonId)));
      expect(top.value).toBe(sum.goals);
      const old = await b.get(`/live/season/${epl.oldSeasonId}/top-players?stat=goals`);
      expect([old.data.rows, old.data.demo]).toEqual([[], false]);
      expectBad(await b.get(`/live/season/${epl.seasonId}/top-players?stat=1`), 'stat');
      expectBad(await b.get(`/live/season/${epl.seasonId}/top-players?limit=51`), 'limit');
    });

    it('team-stats: home and away lines add up to the total', async () => {
      const r = await b.get(`/live/season/${epl.seasonId}/team-stats`);
      for (const row of r.data.groups[0].rows) {
        for (const k of ['played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst'])
          expect(row.home[k] + row.away[k], `${row.team.name} ${k}`).toBe(row.total[k]);
      }
    });

    it('team season: the table rows and the per-game averages of a team', async () => {
      const [arsenal] = await b.app.db
        .select({ id: teams.id })
        .from(teams)
        .where(eq(teams.key, 'fb:Arsenal FC'));
      const r = await b.get(`/live/team/${arsenal.id}/season`);
      expect(r.data.season.seasonId).toBe(epl.seasonId);
      expect(r.data.rows.total.played).toBe(r.data.rows.home.played + r.data.rows.away.played);
      expect(r.data.averages.values.map((v: { key: string }) => v.key)).toContain('possession');
      expectNotFound(await b.get(`/live/team/${arsenal.id}/season?seasonId=${nba.seasonId}`), '赛季不存在');
      expectNotFound(await b.get('/live/team/2147483647/season'), '球队不存在');
      expectBad(await b.get(`/live/team/${arsenal.id}/season?seasonId=x`), 'seasonId');
    });

    it('player games: the latest matches with the player’s line, 命中率 and 助攻率', async () => {
      const [line] = await b.app.db
        .select({ playerId: matchPlayerStats.playerId })
        .from(matchPlayerStats)
        .where(
          and(
            inArray(matchPlayerStats.matchId, [basketball]),
            sql`${matchPlayerStats.fieldGoalsAttempted} > 0`,
          ),
        )
        .limit(1);
      const r = await b.get(`/live/player/${line.playerId}/games?limit=3`);
      const game = r.data.find((g: { match: { id: number } }) => g.match.id === basketball);
      const l = game.line;
      expect(l.fieldGoalsAccuracy).toBe(Math.round((l.fieldGoalsScored / l.fieldGoalsAttempted) * 1000) / 10);
      expect(typeof l.assistRate).toBe('number');
      expect(r.data.length).toBeLessThanOrEqual(3);
      expectNotFound(await b.get('/live/player/2147483647/games'), '球员不存在');
      expectBad(await b.get('/live/player/1.5/games'), 'playerId');
    });
  });
});
