import { describe, expect, it } from 'vitest';
import { beijingDate } from '../../src/lib/sports/time.ts';
import { quickResult } from '../../src/server/providers/sports/simulator/backfill.ts';
import {
  rankByRecord,
  type GameResult,
} from '../../src/server/providers/sports/simulator/basketball-seeding.ts';
import {
  calendarDay,
  seasonFixtures,
  toEntry,
  type CalendarPools,
} from '../../src/server/providers/sports/simulator/calendar.ts';
import { nbaPlayoffs } from '../../src/server/providers/sports/simulator/nba-playoffs.ts';
import type { SeasonFixture } from '../../src/server/providers/sports/simulator/season-fixtures.ts';

const SEED = 'playoff-seed';
const SEASON = '2026-27';
type Score = readonly [number, number];

/** The part of a key that names the game: 'pi-east-7v8', 'r1-west-2v7-g3', 'finals-g1'. */
const gameId = (f: SeasonFixture) => f.key.split(':')[3];
const seriesId = (f: SeasonFixture) => gameId(f).replace(/-g\d$/, '');
const gameNo = (f: SeasonFixture) => Number(gameId(f).match(/-g(\d)$/)?.[1] ?? 1);
const winnerOf = (f: SeasonFixture, s: Score) => (s[0] > s[1] ? f.home : f.away);

/**
 * Plays the post-season out: whatever is laid out and unplayed gets a result from `decide`, and
 * the bracket is asked again, until nothing new appears.
 */
function playOut(
  teams: { key: string; west: boolean }[],
  regular: SeasonFixture[],
  results: Map<string, Score>,
  decide: (f: SeasonFixture) => Score,
) {
  const res = new Map(results);
  for (;;) {
    const fixtures = nbaPlayoffs(SEED, SEASON, teams, regular, res);
    const open = fixtures.filter((f) => !res.has(f.key));
    if (!open.length) return { fixtures, results: res };
    for (const f of open) res.set(f.key, decide(f));
  }
}

/** The series of a played-out post-season, each game in order. */
function seriesOf(fixtures: SeasonFixture[]) {
  const out = new Map<string, SeasonFixture[]>();
  for (const f of fixtures) out.set(seriesId(f), [...(out.get(seriesId(f)) ?? []), f]);
  for (const games of out.values()) games.sort((a, b) => gameNo(a) - gameNo(b));
  return out;
}

// A synthetic season: every team meets every other once, the stronger (earlier in ORDER) winning
// unless the pair is an upset; e7 wins big and e6 narrowly, so e7 has the better point difference.
const EAST = Array.from({ length: 15 }, (_, i) => `nba:e${i}`);
const WEST = Array.from({ length: 15 }, (_, i) => `nba:w${i}`);
const TEAMS = [...EAST.map((key) => ({ key, west: false })), ...WEST.map((key) => ({ key, west: true }))];
const ORDER = EAST.flatMap((e, i) => [e, WEST[i]]);
const REGULAR_STAGE = { key: 'regular', nameZh: '常规赛', kind: 'regular' };

function syntheticSeason(upsets: string[]) {
  const regular: SeasonFixture[] = [];
  const results = new Map<string, Score>();
  ORDER.forEach((a, i) =>
    ORDER.slice(i + 1).forEach((b) => {
      const key = `sim:nba:${SEASON}:2027-01-01:${a}-${b}`;
      regular.push({
        key,
        competitionKey: 'nba',
        season: SEASON,
        stage: REGULAR_STAGE,
        round: null,
        home: a,
        away: b,
        kickoffAt: new Date('2027-01-02T00:00:00Z'),
      });
      const aWins = !upsets.includes(`${a}<${b}`);
      const winner = aWins ? a : b;
      const margin = winner === 'nba:e7' ? 30 : winner === 'nba:e6' ? 1 : 10;
      results.set(key, aWins ? [100 + margin, 100] : [100, 100 + margin]);
    }),
  );
  return { regular, results };
}

// e6 (17 wins) loses to w7 and e7 (15) beats w6: both 16-13, e6 having beaten e7.
const tied = syntheticSeason(['nba:e6<nba:w7', 'nba:w6<nba:e7']);

describe('NBA seeding', () => {
  const g = (home: string, away: string, hs: number, as: number): GameResult => ({ home, away, hs, as });

  it('ranks by winning percentage, a tie by head-to-head before point difference', () => {
    const games = [g('A', 'B', 101, 100), g('B', 'C', 140, 90), g('C', 'A', 100, 95), g('C', 'D', 100, 90)];
    // C is 2-1; A and B are 1-1, B with the better point difference, A having beaten B.
    expect(rankByRecord(SEED, 'k', ['A', 'B', 'C', 'D'], games)).toEqual(['C', 'A', 'B', 'D']);
    // Without a meeting, point difference decides.
    const apart = [g('A', 'C', 101, 100), g('C', 'B', 90, 120)];
    expect(rankByRecord(SEED, 'k', ['A', 'B', 'C'], apart)).toEqual(['B', 'A', 'C']);
  });

  it('draws lots between teams level on everything, the same for the same seed', () => {
    const games = [g('A', 'C', 100, 90), g('C', 'B', 90, 100)];
    const orders = new Set(
      Array.from({ length: 12 }, (_, i) => rankByRecord(`seed-${i}`, 'k', ['A', 'B'], games).join()),
    );
    expect(orders).toEqual(new Set(['A,B', 'B,A']));
    expect(rankByRecord(SEED, 'k', ['A', 'B'], games)).toEqual(rankByRecord(SEED, 'k', ['B', 'A'], games));
  });
});

describe('NBA play-in', () => {
  const playIn = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, tied.results).filter(
    (f) => f.stage.key === 'play-in',
  );
  const game = (id: string) => playIn.find((f) => gameId(f) === id)!;

  it('waits for the last regular-season result', () => {
    const missing = new Map(tied.results);
    missing.delete(tied.regular.at(-1)!.key);
    expect(nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, missing)).toEqual([]);
  });

  it('has 7 host 8 and 9 host 10, the 7th by head-to-head when level with the 8th', () => {
    // e6 and e7 are both 16-13: e6 beat e7, e7 has the better point difference.
    expect([game('pi-east-7v8').home, game('pi-east-7v8').away]).toEqual(['nba:e6', 'nba:e7']);
    expect([game('pi-east-9v10').home, game('pi-east-9v10').away]).toEqual(['nba:e8', 'nba:e9']);
    expect([game('pi-west-7v8').home, game('pi-west-7v8').away]).toEqual(['nba:w6', 'nba:w7']);
    expect(game('pi-east-7v8').stage).toEqual({ key: 'play-in', nameZh: '附加赛', kind: 'playoff' });
    expect(game('pi-east-7v8').round!.nameZh).toBe('东部附加赛 7-8名之争');
    expect(game('pi-west-9v10').round!.nameZh).toBe('西部附加赛 9-10名之争');
    // A few days after the regular season (Sunday 11 April): the East on Tuesday, the West on Wednesday.
    expect(beijingDate(game('pi-east-7v8').kickoffAt)).toBe('2027-04-14');
    expect(beijingDate(game('pi-west-7v8').kickoffAt)).toBe('2027-04-15');
    // No 8th-seed game, 1 v 8 or 2 v 7 until the first two are played; 4 v 5 and 3 v 6 are known.
    expect(playIn).toHaveLength(4);
    const all = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, tied.results);
    expect(
      all
        .filter((f) => f.stage.key === 'first-round')
        .map(gameId)
        .sort(),
    ).toEqual(['r1-east-3v6-g1', 'r1-east-4v5-g1', 'r1-west-3v6-g1', 'r1-west-4v5-g1']);
  });

  it('gives the 8th seed to the winner of the 7-8 loser at home against the 9-10 winner', () => {
    const results = new Map(tied.results);
    // The 8th beats the 7th, the 10th beats the 9th, the 10th then wins away for the 8th seed.
    results.set(game('pi-east-7v8').key, [99, 104]);
    results.set(game('pi-east-9v10').key, [95, 97]);
    const eighth = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, results).find(
      (f) => gameId(f) === 'pi-east-8',
    )!;
    expect([eighth.home, eighth.away]).toEqual(['nba:e6', 'nba:e9']);
    expect(eighth.round!.nameZh).toBe('东部附加赛 争八战');
    results.set(eighth.key, [90, 101]);
    const first = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, results).filter(
      (f) => f.stage.key === 'first-round' && f.key.includes(':r1-east-'),
    );
    const pair = (id: string) =>
      first.filter((f) => gameId(f) === `r1-east-${id}-g1`).map((f) => [f.home, f.away]);
    expect(pair('1v8')).toEqual([['nba:e0', 'nba:e9']]);
    expect(pair('2v7')).toEqual([['nba:e1', 'nba:e7']]);
    expect(pair('4v5')).toEqual([['nba:e3', 'nba:e4']]);
    expect(pair('3v6')).toEqual([['nba:e2', 'nba:e5']]);
  });
});

describe('NBA play-off series', () => {
  // The stronger side (earlier in ORDER) always wins.
  const strength = (k: string) => ORDER.indexOf(k);
  const favourites = (f: SeasonFixture): Score =>
    strength(f.home) < strength(f.away) ? [110, 100] : [100, 110];
  const sweep = playOut(TEAMS, tied.regular, tied.results, favourites);

  it('stops a series at four wins: a sweep has no game 5', () => {
    const series = seriesOf(sweep.fixtures.filter((f) => f.stage.key !== 'play-in'));
    expect(series.size).toBe(8 + 4 + 2 + 1);
    for (const [id, games] of series) {
      expect(games.map(gameNo), id).toEqual([1, 2, 3, 4]);
      expect(new Set(games.map((f) => winnerOf(f, sweep.results.get(f.key)!))).size, id).toBe(1);
    }
    // The Finals open at the better record: e0 (29-0) over w0 (28-1), or w0 when it beat e0.
    expect(series.get('finals')![0].home).toBe('nba:e0');
    const westBest = syntheticSeason(['nba:e6<nba:w7', 'nba:w6<nba:e7', 'nba:e0<nba:w0']);
    const other = playOut(TEAMS, westBest.regular, westBest.results, favourites);
    expect(other.fixtures.find((f) => gameId(f) === 'finals-g1')!.home).toBe('nba:w0');
  });

  it('brackets 1 v 8, 4 v 5, 3 v 6, 2 v 7, the semi-finals by halves, 2-2-1-1-1 at the higher seed', () => {
    // Home sides win every game: each series goes to seven and the higher seed takes it.
    const { fixtures, results } = playOut(TEAMS, tied.regular, tied.results, () => [108, 100]);
    const series = seriesOf(fixtures.filter((f) => f.stage.key !== 'play-in'));
    const winner = (id: string) => {
      const games = series.get(id)!;
      const last = games.at(-1)!;
      return winnerOf(last, results.get(last.key)!);
    };
    for (const [id, games] of series) {
      const higher = games[0].home;
      games.forEach((f) =>
        expect(f.home, `${id} game ${gameNo(f)}`).toBe(
          [1, 2, 5, 7].includes(gameNo(f)) ? higher : games[0].away,
        ),
      );
      const wins = games.map((f) => winnerOf(f, results.get(f.key)!));
      expect(
        wins.filter((w) => w === winner(id)),
        id,
      ).toHaveLength(4);
      expect(games.length, id).toBe(7);
    }
    const sides = (id: string) => {
      const g1 = series.get(id)![0];
      return [g1.home, g1.away];
    };
    // e6 won the 7-8 game at home, e7 then beat e8 at home for the 8th seed.
    expect(sides('r1-east-1v8')).toEqual(['nba:e0', 'nba:e7']);
    expect(sides('r1-east-2v7')).toEqual(['nba:e1', 'nba:e6']);
    expect(sides('r1-east-4v5')).toEqual(['nba:e3', 'nba:e4']);
    expect(sides('r1-east-3v6')).toEqual(['nba:e2', 'nba:e5']);
    expect(sides('r2-east-1')).toEqual([winner('r1-east-1v8'), winner('r1-east-4v5')]);
    expect(sides('r2-east-2').sort()).toEqual([winner('r1-east-3v6'), winner('r1-east-2v7')].sort());
    expect(sides('r3-west').sort()).toEqual([winner('r2-west-1'), winner('r2-west-2')].sort());
    expect(series.get('r1-east-1v8')![2].round!.nameZh).toBe('东部首轮 第3场');
    expect(series.get('r2-west-2')![4].round!.nameZh).toBe('西部半决赛 第5场');
    expect(series.get('r3-east')![6].round!.nameZh).toBe('东部决赛 第7场');
    expect(series.get('finals')![0].round!.nameZh).toBe('总决赛 第1场');
    expect(series.get('finals')![0].stage.nameZh).toBe('总决赛');
  });

  it('lays out each game only once the one before it is final, a round once its sides are known', () => {
    const results = new Map(sweep.results);
    const g = (id: string) => sweep.fixtures.find((f) => gameId(f) === id)!;
    results.delete(g('r1-east-4v5-g3').key);
    let ids = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, results).map(gameId);
    expect(ids).toContain('r1-east-4v5-g3');
    expect(ids).not.toContain('r1-east-4v5-g4');
    // The semi-final fed by 4 v 5 waits for it; the other half goes on.
    expect(ids.some((id) => id.startsWith('r2-east-1-'))).toBe(false);
    expect(ids).toContain('r2-east-2-g1');
    results.set(g('r1-east-4v5-g3').key, sweep.results.get(g('r1-east-4v5-g3').key)!);
    ids = nbaPlayoffs(SEED, SEASON, TEAMS, tied.regular, results).map(gameId);
    expect(ids).toContain('r1-east-4v5-g4');
  });
});

describe('NBA post-season on the calendar', () => {
  const pools: CalendarPools = {
    football: [],
    basketball: [{ competitionKey: 'nba', teams: [...EAST, ...WEST].sort() }],
    teams: new Map(
      TEAMS.map((t, i) => [
        t.key,
        { rating: (i % 10) - 5, venue: null, conference: t.west ? 'West' : 'East' },
      ]),
    ),
  };
  const regular = seasonFixtures(SEED, pools, 'nba', SEASON);
  const results = new Map(
    regular.map((f) => [f.key, quickResult(SEED, toEntry(f, pools), pools).score as Score]),
  );
  const { fixtures } = playOut(
    TEAMS,
    regular,
    results,
    (f) => quickResult(SEED, toEntry(f, pools), pools).score,
  );
  const decided = { ...pools, decided: new Map([[`nba|${SEASON}`, [...regular, ...fixtures]]]) };

  it('keeps the real rhythm: play-in mid-April, first round from 17–18 April, the Finals in June', () => {
    const dates = (stage: string) =>
      fixtures
        .filter((f) => f.stage.key === stage)
        .map((f) => beijingDate(f.kickoffAt))
        .sort();
    expect(dates('play-in')[0]).toBe('2027-04-14');
    expect(dates('play-in').at(-1)).toBe('2027-04-17');
    expect(dates('first-round')[0]).toBe('2027-04-18');
    expect(dates('finals')[0]).toBe('2027-06-04');
    expect(dates('finals').at(-1)! <= '2027-06-21').toBe(true);
    // Nobody plays on consecutive days, the regular season included.
    const byTeam = new Map<string, number[]>();
    for (const f of [...regular, ...fixtures])
      for (const t of [f.home, f.away]) byTeam.set(t, [...(byTeam.get(t) ?? []), f.kickoffAt.getTime()]);
    for (const [team, times] of byTeam) {
      times.sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++)
        expect(times[i] - times[i - 1], team).toBeGreaterThan(36 * 3600_000);
    }
  });

  it('puts the play-off games on the day’s card with their 竞彩 numbers', () => {
    const g1 = fixtures.find((f) => gameId(f) === 'r1-east-1v8-g1')!;
    const day = calendarDay(SEED, beijingDate(g1.kickoffAt), decided);
    const entry = day.find((m) => m.key === g1.key)!;
    expect(entry.round).toEqual({ key: 'East First Round, Game 1', nameZh: '东部首轮 第1场', number: 1 });
    expect(entry.lottery!.jcNo).toMatch(/^周.3\d\d$/);
    // The seed alone knows no play-offs.
    expect(calendarDay(SEED, beijingDate(g1.kickoffAt), pools).some((m) => m.key === g1.key)).toBe(false);
  });
});
