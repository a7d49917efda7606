import { and, eq, like } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, beijingDate } from '../../src/lib/sports/time.ts';
import { competitions, rounds, seasons, stages, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { nbaPlayoffs } from '../../src/server/providers/sports/simulator/nba-playoffs.ts';
import type { SeasonFixture } from '../../src/server/providers/sports/simulator/season-fixtures.ts';
import { oneTarget } from '../support/context.ts';
import { writePreview } from '../../src/server/services/news/writers/preview.ts';
import { writeReport } from '../../src/server/services/news/writers/report.ts';
import { createSportsBench, SIM_SEED, type SportsBench } from '../support/sports.ts';

/**
 * Issue #32 item 5: the basketball post-seasons follow the regular seasons in the simulator, each
 * game laid out once the results before it are in. One target: the subject is the simulator's
 * order of work, the same SQL on both.
 */
const HOUR = 3600_000;
const FINISHED = 10;

/** Every stored game of the simulated NBA 2026-27, with what the bracket and the pages read. */
async function nbaSeason(b: SportsBench) {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const rows = await b.app.db
    .select({
      key: matches.key,
      home: home.key,
      away: away.key,
      homeId: home.id,
      awayId: away.id,
      hs: matches.homeScore,
      as: matches.awayScore,
      state: matches.state,
      kickoffAt: matches.kickoffAt,
      jcNo: matches.jcNo,
      stage: stages.key,
      stageKind: stages.kind,
      round: rounds.nameZh,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .innerJoin(stages, eq(stages.id, matches.stageId))
    .leftJoin(rounds, eq(rounds.id, matches.roundId))
    .where(like(matches.key, 'sim:nba:2026-27:%'));
  const conferences = await b.app.db
    .select({ key: teams.key, conference: teams.conference })
    .from(teams)
    .where(like(teams.key, 'nba:%'));
  const asFixture = (r: (typeof rows)[number]) =>
    ({ key: r.key, home: r.home, away: r.away }) as SeasonFixture;
  const results = new Map(
    rows.filter((r) => r.state === FINISHED).map((r) => [r.key, [r.hs!, r.as!] as const]),
  );
  // The post-season the stored results decide, as the bracket reads it.
  const decided = nbaPlayoffs(
    SIM_SEED,
    '2026-27',
    conferences.map((t) => ({ key: t.key, west: t.conference === 'West' })),
    rows.filter((r) => r.stageKind === 'regular').map(asFixture),
    results,
  );
  return { playoffs: rows.filter((r) => r.stageKind === 'playoff'), decided, results };
}

type Row = Awaited<ReturnType<typeof nbaSeason>>['playoffs'][number];
const gameId = (r: { key: string }) => r.key.split(':')[3];
const seriesId = (r: { key: string }) => gameId(r).replace(/-g\d$/, '');
const gameNo = (r: { key: string }) => Number(gameId(r).match(/-g(\d)$/)?.[1] ?? 1);

/** Each stored game is one the results decide, and the game before it in its series is final. */
function expectOnlyDecided(season: Awaited<ReturnType<typeof nbaSeason>>) {
  const decided = new Set(season.decided.map((f) => f.key));
  const stored = new Set(season.playoffs.map((r) => seriesId(r) + gameNo(r)));
  for (const r of season.playoffs) {
    expect(decided.has(r.key), r.key).toBe(true);
    if (gameNo(r) > 1) {
      expect(stored.has(seriesId(r) + (gameNo(r) - 1)), r.key).toBe(true);
      const before = season.playoffs.find((x) => seriesId(x) === seriesId(r) && gameNo(x) === gameNo(r) - 1)!;
      expect(before.state, before.key).toBe(FINISHED);
    }
  }
}

describe.each(oneTarget())('NBA play-offs in the simulator on $name', (target) => {
  // Monday evening in Beijing: the regular season's last night (Sunday 11 April in the US) is over.
  const START = Date.parse('2027-04-12T18:00:00+08:00');
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
  }, 600_000);
  afterAll(() => b?.close());

  const stepTo = async (until: number, check: (s: Awaited<ReturnType<typeof nbaSeason>>) => void) => {
    for (let t = b.clock.now() + 6 * HOUR; t <= until; t += 6 * HOUR) {
      b.clock.set(t);
      await b.sim.syncTo(t);
      check(await nbaSeason(b));
    }
  };

  it('plays the play-in after the regular season and then the first round, each game once the one before is final', async () => {
    const start = await nbaSeason(b);
    // Every regular-season game is final, and no play-off game is laid out before the next day.
    expect([...start.results.keys()].length).toBeGreaterThan(1000);
    expect(start.playoffs).toHaveLength(0);

    await stepTo(Date.parse('2027-04-13T06:00:00+08:00'), expectOnlyDecided);
    const playIn = (await nbaSeason(b)).playoffs.filter((r) => r.stage === 'play-in');
    expect(playIn.map(gameId).sort()).toEqual(['pi-east-7v8', 'pi-east-9v10', 'pi-west-7v8', 'pi-west-9v10']);
    for (const r of playIn) {
      expect(r.round).toMatch(/^(东部|西部)附加赛 (7-8|9-10)名之争$/);
      expect(r.jcNo, r.key).toMatch(/^周.3\d\d$/);
      expect(['2027-04-14', '2027-04-15']).toContain(beijingDate(r.kickoffAt));
    }
    // In each conference's table the play-in teams hold the records of places 7–10.
    const [current] = await b.app.db
      .select({ id: seasons.id })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(eq(competitions.key, 'nba'), eq(seasons.name, '2026-27')));
    const table = (await b.get(`/live/season/${current.id}/standings`)).data;
    const inPlayIn = new Set(playIn.flatMap((r) => [r.homeId, r.awayId]));
    expect(table.groups).toHaveLength(2);
    for (const g of table.groups) {
      const pct = (r: any) => r.won / (r.won + r.lost);
      const all = g.rows.map(pct).sort((x: number, y: number) => y - x);
      const mine = g.rows
        .filter((r: any) => inPlayIn.has(r.team.id))
        .map(pct)
        .sort((x: number, y: number) => y - x);
      expect(mine, g.name).toEqual(all.slice(6, 10));
    }

    await stepTo(Date.parse('2027-04-20T06:00:00+08:00'), expectOnlyDecided);
    const season = await nbaSeason(b);
    const game = (id: string) => season.playoffs.find((r) => gameId(r) === id)!;
    const winner = (r: Row) => (r.hs! > r.as! ? r.home : r.away);
    const loser = (r: Row) => (r.hs! > r.as! ? r.away : r.home);
    for (const c of ['east', 'west']) {
      // The loser of 7 v 8 hosts the winner of 9 v 10 for the 8th seed; the winners meet 2 and 1.
      const eighth = game(`pi-${c}-8`);
      expect([eighth.home, eighth.away]).toEqual([loser(game(`pi-${c}-7v8`)), winner(game(`pi-${c}-9v10`))]);
      expect(eighth.state).toBe(FINISHED);
      expect(game(`r1-${c}-2v7-g1`).away).toBe(winner(game(`pi-${c}-7v8`)));
      expect(game(`r1-${c}-1v8-g1`).away).toBe(winner(eighth));
      for (const s of ['1v8', '4v5', '3v6', '2v7']) {
        expect(game(`r1-${c}-${s}-g1`).state, s).toBe(FINISHED);
        expect(game(`r1-${c}-${s}-g1`).round).toBe(`${c === 'east' ? '东部' : '西部'}首轮 第1场`);
        expect(game(`r1-${c}-${s}-g2`).home).toBe(game(`r1-${c}-${s}-g1`).home);
      }
    }
    expect(season.playoffs.some((r) => r.stage === 'conference-semifinals')).toBe(false);
  }, 900_000);

  it('previews game 2 of a series with where the series stands', async () => {
    const [g2] = await b.app.db
      .select({ id: matches.id })
      .from(matches)
      .where(like(matches.key, 'sim:nba:2026-27:r1-east-1v8-g2:%'));
    const preview = (await writePreview(b.app.db, b.app.services.sports, g2.id))!;
    expect(preview.summary).toMatch(/^.+在系列赛中以1-0领先。$/);
    expect(preview.body).toContain(preview.summary);
    // The match page's header reads the same series (系列赛 1-0 in its own order).
    const detail = await b.app.services.sports.match.detail(g2.id);
    expect(detail!.series!.home + detail!.series!.away).toBe(1);
  });
});

describe.each(oneTarget())('basketball play-offs on a fresh install in late May on $name', (target) => {
  // A Wednesday in Beijing: the conference finals are under way.
  const START = Date.parse('2027-05-26T12:00:00+08:00');
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
  }, 600_000);
  afterAll(() => b?.close());

  it('has the play-in and the first two rounds as results, consistent with the bracket', async () => {
    const season = await nbaSeason(b);
    expectOnlyDecided(season);
    // Everything the results decide before the window (from yesterday) is stored and final.
    const windowStart = addDays(beijingDate(START), -1);
    const stored = new Map(season.playoffs.map((r) => [r.key, r]));
    const before = season.decided.filter((f) => beijingDate(f.kickoffAt) < windowStart);
    expect(before.length).toBeGreaterThan(6 + 8 * 4 + 4 * 4);
    for (const f of before) expect(stored.get(f.key)?.state, f.key).toBe(FINISHED);
    // Each series of the first two rounds over at four wins, the next round between the winners.
    const series = new Map<string, Row[]>();
    for (const r of season.playoffs) series.set(seriesId(r), [...(series.get(seriesId(r)) ?? []), r]);
    const winnerOf = (id: string) => {
      const games = series.get(id)!;
      const wins = new Map<string, number>();
      for (const r of games) {
        const w = r.hs! > r.as! ? r.home : r.away;
        wins.set(w, (wins.get(w) ?? 0) + 1);
      }
      const [team, n] = [...wins].sort((a, c) => c[1] - a[1])[0];
      expect(n, id).toBe(4);
      return team;
    };
    const sides = (id: string) => {
      const g1 = series.get(id)!.find((r) => gameNo(r) === 1)!;
      return [g1.home, g1.away].sort();
    };
    for (const c of ['east', 'west']) {
      expect(sides(`r2-${c}-1`)).toEqual([winnerOf(`r1-${c}-1v8`), winnerOf(`r1-${c}-4v5`)].sort());
      expect(sides(`r2-${c}-2`)).toEqual([winnerOf(`r1-${c}-3v6`), winnerOf(`r1-${c}-2v7`)].sort());
      expect(sides(`r3-${c}`)).toEqual([winnerOf(`r2-${c}-1`), winnerOf(`r2-${c}-2`)].sort());
    }
    expect(series.has('finals')).toBe(false);
  });

  it('has the CBA’s play-offs over: each series won at its majority, the final between the semi-final winners', async () => {
    const rows = await b.app.db
      .select({
        key: matches.key,
        home: matches.homeTeamId,
        away: matches.awayTeamId,
        hs: matches.homeScore,
        as: matches.awayScore,
        state: matches.state,
      })
      .from(matches)
      .innerJoin(stages, eq(stages.id, matches.stageId))
      .where(and(like(matches.key, 'sim:cba:2026-27:%'), eq(stages.kind, 'playoff')));
    const winners = new Map<string, number[]>();
    for (const r of rows) {
      expect(r.state, r.key).toBe(FINISHED);
      const id = seriesId(r);
      winners.set(id, [...(winners.get(id) ?? []), r.hs! > r.as! ? r.home : r.away]);
    }
    const need = (id: string) => (id.startsWith('first-round') ? 2 : id.startsWith('quarterfinals') ? 3 : 4);
    const winnerOf = (id: string) => {
      const wins = winners.get(id)!;
      const top = wins.find((w) => wins.filter((x) => x === w).length === need(id));
      expect(top, id).toBeDefined();
      return top!;
    };
    expect(winners.size).toBe(4 + 4 + 2 + 1);
    const final = rows.find((r) => gameId(r) === 'finals-g1')!;
    expect([final.home, final.away].sort()).toEqual(
      [winnerOf('semifinals-1'), winnerOf('semifinals-2')].sort(),
    );
    winnerOf('finals');
  });

  it('has the news desk report a play-off game with the series: the score, and the winner going through', async () => {
    const finished = await b.app.db
      .select({ id: matches.id, key: matches.key })
      .from(matches)
      .innerJoin(stages, eq(stages.id, matches.stageId))
      .where(and(like(matches.key, 'sim:nba:2026-27:r1-east-1v8-g%'), eq(matches.state, FINISHED)));
    expect(finished.length).toBeGreaterThanOrEqual(4);
    const last = finished.sort((x, y) => gameNo(x) - gameNo(y)).at(-1)!;
    const first = finished.find((r) => gameNo(r) === 1)!;
    const write = (id: number) => writeReport(b.app.db, b.app.services.sports, id);
    const opener = (await write(first.id))!;
    expect(opener.title).toMatch(/^NBA季后赛：.+，总比分1-0$/);
    expect(opener.body).toMatch(/在系列赛中以1-0领先/);
    const clincher = (await write(last.id))!;
    expect(clincher.title).toMatch(new RegExp(`^NBA季后赛：.+，总比分4-${finished.length - 4}晋级$`));
    expect(clincher.body).toMatch(new RegExp(`以总比分4-${finished.length - 4}淘汰.+，晋级下一轮。`));
  });
});
