import { describe, expect, it } from 'vitest';
import { beijingDate } from '../../src/lib/sports/time.ts';
import { cbaPlayoffs } from '../../src/server/providers/sports/simulator/cba-playoffs.ts';
import type { SeasonFixture } from '../../src/server/providers/sports/simulator/season-fixtures.ts';

const SEED = 'playoff-seed';
const SEASON = '2026-27';
type Score = readonly [number, number];

/** Twenty clubs, c0 the strongest; every club meets every other once and the stronger wins. */
const TEAMS = Array.from({ length: 20 }, (_, i) => ({ key: `cba:c${i}` }));
const strength = (k: string) => Number(k.slice(5));
const regular: SeasonFixture[] = TEAMS.flatMap((a, i) =>
  TEAMS.slice(i + 1).map((b) => ({
    key: `sim:cba:${SEASON}:2027-01-01:${a.key}-${b.key}`,
    competitionKey: 'cba',
    season: SEASON,
    stage: { key: 'regular', nameZh: '常规赛', kind: 'regular' },
    round: null,
    home: a.key,
    away: b.key,
    kickoffAt: new Date('2027-01-01T11:35:00Z'),
  })),
);
const seasonResults = new Map<string, Score>(regular.map((f) => [f.key, [100, 90]]));

const gameId = (f: SeasonFixture) => f.key.split(':')[3];
const seriesId = (f: SeasonFixture) => gameId(f).replace(/-g\d$/, '');
const gameNo = (f: SeasonFixture) => Number(gameId(f).match(/-g(\d)$/)![1]);

/** Plays the post-season out with `decide`, asking the bracket again until nothing new appears. */
function playOut(decide: (f: SeasonFixture) => Score) {
  const res = new Map(seasonResults);
  for (;;) {
    const fixtures = cbaPlayoffs(SEED, SEASON, TEAMS, regular, res);
    const open = fixtures.filter((f) => !res.has(f.key));
    if (!open.length) {
      const series = new Map<string, SeasonFixture[]>();
      for (const f of fixtures) series.set(seriesId(f), [...(series.get(seriesId(f)) ?? []), f]);
      return { fixtures, series };
    }
    for (const f of open) res.set(f.key, decide(f));
  }
}

describe('CBA play-offs', () => {
  it('wait for the last regular-season result', () => {
    const missing = new Map(seasonResults);
    missing.delete(regular[0].key);
    expect(cbaPlayoffs(SEED, SEASON, TEAMS, regular, missing)).toEqual([]);
  });

  it('play 5–12 best of three, then 1–4 best of five, then best of seven; a 2-0 has no third game', () => {
    const { series } = playOut((f) => (strength(f.home) < strength(f.away) ? [100, 90] : [90, 100]));
    const sides = (id: string) => [series.get(id)![0].home, series.get(id)![0].away];
    // A best-of-three opens at the lower seed's.
    expect(sides('first-round-5v12')).toEqual(['cba:c11', 'cba:c4']);
    expect(sides('first-round-8v9')).toEqual(['cba:c8', 'cba:c7']);
    expect(sides('quarterfinals-1')).toEqual(['cba:c0', 'cba:c7']);
    expect(sides('quarterfinals-4')).toEqual(['cba:c3', 'cba:c4']);
    expect(sides('semifinals-1')).toEqual(['cba:c0', 'cba:c3']);
    expect(sides('finals')).toEqual(['cba:c0', 'cba:c1']);
    expect(series.size).toBe(4 + 4 + 2 + 1);
    const lengths = Object.fromEntries([...series].map(([id, games]) => [id, games.length]));
    expect(lengths['first-round-6v11']).toBe(2);
    expect(lengths['quarterfinals-2']).toBe(3);
    expect(lengths.finals).toBe(4);
    expect(series.get('first-round-7v10')![1].round!.nameZh).toBe('12进8 第2场');
    expect(series.get('quarterfinals-3')![0].stage).toEqual({
      key: 'quarterfinals',
      nameZh: '1/4决赛',
      kind: 'playoff',
    });
  });

  it('host by the pattern of each length when every series goes the distance', () => {
    const { series } = playOut(() => [100, 90]);
    for (const [id, games] of series) {
      const bestOf = id.startsWith('first-round') ? 3 : id.startsWith('quarterfinals') ? 5 : 7;
      expect(games.map(gameNo), id).toEqual(Array.from({ length: bestOf }, (_, i) => i + 1));
      const higher = bestOf === 3 ? games[0].away : games[0].home;
      const hosts = bestOf === 3 ? [2, 3] : bestOf === 5 ? [1, 2, 5] : [1, 2, 5, 7];
      for (const f of games)
        expect(f.home === higher, `${id} game ${gameNo(f)}`).toBe(hosts.includes(gameNo(f)));
    }
    // From four days after the regular season (5 April) to late May, every other day.
    const dates = [...series.values()]
      .flat()
      .map((f) => beijingDate(f.kickoffAt))
      .sort();
    expect(dates[0]).toBe('2027-04-09');
    expect(dates.at(-1)).toBe('2027-05-24');
  });
});
