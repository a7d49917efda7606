import { describe, expect, it } from 'vitest';
import { seasonFixtures, type CalendarPools } from '../../src/server/providers/sports/simulator/calendar.ts';
import type { SeasonFixture } from '../../src/server/providers/sports/simulator/season-fixtures.ts';
import {
  leagueRoundSlots,
  uclKnockoutTuesdays,
} from '../../src/server/providers/sports/simulator/season-rounds.ts';
import {
  leaguePhaseTable,
  uclKnockouts,
  type Outcome,
} from '../../src/server/providers/sports/simulator/ucl-knockout.ts';
import { rngFor } from '../../src/server/sports/rng.ts';

const SEASON = '2026-27';
const COUNTRIES = ['ENG', 'ESP', 'GER', 'ITA', 'FRA', 'NED', 'POR', 'BEL', 'SCO', 'AUT', 'SUI', 'CZE'];
const CLUBS = Array.from({ length: 36 }, (_, i) => ({
  key: `fb:club-${i}`,
  rating: 1900 - i * 8,
  country: COUNTRIES[i % COUNTRIES.length],
}));
const pools: CalendarPools = {
  football: [{ competitionKey: 'uefa.cl', teams: CLUBS.map((c) => c.key) }],
  basketball: [],
  teams: new Map(CLUBS.map((c) => [c.key, { rating: c.rating, venue: null, country: c.country }])),
};
const league = seasonFixtures('seed', pools, 'uefa.cl', SEASON);

const win = (home: number, away: number): Outcome => ({ ft: [home, away], et: null, pk: null });

/** League-phase results drawn from a seed: every table differs. */
function leagueResults(seed: string): Map<string, Outcome> {
  const rng = rngFor(seed, 'test-league');
  return new Map(league.map((f) => [f.key, win(rng.poisson(1.5), rng.poisson(1.2))]));
}

type Decide = (f: SeasonFixture, place: (club: string) => number) => Outcome;

/** Plays the knockout phase round by round with `decide` until nothing new is drawn. */
function playThrough(seed: string, decide: Decide, results = leagueResults(seed)) {
  const table = leaguePhaseTable(seed, SEASON, league, results);
  const place = (club: string) => table.indexOf(club) + 1;
  let fixtures: SeasonFixture[] = [];
  for (let added = true; added;) {
    fixtures = uclKnockouts(seed, SEASON, league, results);
    added = false;
    for (const f of fixtures)
      if (!results.has(f.key)) {
        results.set(f.key, decide(f, place));
        added = true;
      }
  }
  return { table, place, fixtures, results };
}

const round = (list: SeasonFixture[], n: number) => list.filter((f) => f.round?.number === n);
/** Each tie of a two-legged round as [first leg, second leg]. */
const ties = (list: SeasonFixture[], first: number) =>
  round(list, first).map((a) => [
    a,
    round(list, first + 1).find((b) => b.home === a.away && b.away === a.home)!,
  ]);
const parisDate = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

const higherWins: Decide = (f, place) => (place(f.home) < place(f.away) ? win(1, 0) : win(0, 1));
/** Random scores; a second leg or final carries a shoot-out, which counts only when the tie is level. */
const coinFlips = (seed: string): Decide => {
  const rng = rngFor(seed, 'test-knockout');
  return (f) => {
    const decisive = !!f.neutralVenue || (f.round?.number ?? 1) % 2 === 0;
    const ft: [number, number] = [rng.poisson(1.4), rng.poisson(1.2)];
    return { ft, et: null, pk: decisive ? (rng.chance(0.5) ? [5, 4] : [3, 4]) : null };
  };
};

describe('the Champions League knockout phase', () => {
  it('ranks the league phase by points, goal difference, goals, away goals and wins, the rest by a seeded lot', () => {
    let n = 0;
    const games: SeasonFixture[] = [];
    const score = new Map<string, Outcome>();
    const play = (home: string, away: string, h: number, a: number) => {
      games.push({ ...league[0], key: `k${++n}`, home, away });
      score.set(`k${n}`, win(h, a));
    };
    // A and B: two draws, 2-2 in goals; A scored its goals away, B at home.
    play('A', 'C', 0, 0);
    play('D', 'A', 2, 2);
    play('B', 'D', 2, 2);
    play('C', 'B', 0, 0);
    // E and F: six points and 2-2 in goals, all at home; E won twice, F once.
    [
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 1],
    ].forEach(([h, a], i) => play('E', `e${i}`, h, a));
    [
      [2, 0],
      [0, 0],
      [0, 0],
      [0, 2],
    ].forEach(([h, a], i) => play('F', `f${i}`, h, a));
    // X and Y: level in everything, so the order is drawn and some seed puts each first.
    play('X', 'Y', 1, 1);
    play('Y', 'X', 1, 1);
    const firsts = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const table = leaguePhaseTable(seed, SEASON, games, score);
      const before = (x: string, y: string) => table.indexOf(x) < table.indexOf(y);
      expect([before('A', 'B'), before('E', 'F')], seed).toEqual([true, true]);
      firsts.add(before('X', 'Y') ? 'X' : 'Y');
    }
    expect([...firsts].sort()).toEqual(['X', 'Y']);
  });

  it('pairs the play-offs 9/10 v 23/24 … 15/16 v 17/18, the seeded club at home in the second leg', () => {
    const pairings = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd']) {
      const results = leagueResults(seed);
      const table = leaguePhaseTable(seed, SEASON, league, results);
      const place = (club: string) => table.indexOf(club) + 1;
      const fixtures = uclKnockouts(seed, SEASON, league, results);
      expect(fixtures).toHaveLength(16);
      const seeded = new Set<number>();
      for (const [first, second] of ties(fixtures, 9)) {
        const [s, u] = [place(second.home), place(second.away)];
        expect(s, seed).toBeGreaterThanOrEqual(9);
        expect(s).toBeLessThanOrEqual(16);
        expect(u).toBeGreaterThanOrEqual(17);
        expect(u).toBeLessThanOrEqual(24);
        expect(Math.floor((s - 9) / 2), `${s} v ${u}`).toBe(Math.floor((24 - u) / 2));
        seeded.add(s);
        if (s === 9) pairings.add(`${s}-${u}`);
        expect([first.home, first.away]).toEqual([second.away, second.home]);
        expect(first.stage).toEqual({ key: 'playoff', nameZh: '淘汰赛附加赛', kind: 'playoff' });
        expect([first.round?.nameZh, second.round?.nameZh]).toEqual(['附加赛首回合', '附加赛次回合']);
        expect(['2027-02-16', '2027-02-17']).toContain(parisDate(first.kickoffAt));
        expect(parisDate(second.kickoffAt)).toBe(
          parisDate(new Date(first.kickoffAt.getTime() + 7 * 86_400_000)),
        );
        expect(first.key).toBe(`sim:uefa.cl:${SEASON}:po1:${first.home}-${first.away}`);
      }
      expect(seeded.size).toBe(8);
    }
    // Who meets whom within a pair of pairs is drawn.
    expect([...pairings].sort()).toEqual(['9-23', '9-24']);
  });

  it('draws a round only once the round before it is complete', () => {
    const results = leagueResults('x');
    const missing = league[17].key;
    const outcome = results.get(missing)!;
    results.delete(missing);
    expect(uclKnockouts('x', SEASON, league, results)).toEqual([]);
    // A league-phase match called off counts as settled.
    results.set(missing, null);
    expect(uclKnockouts('x', SEASON, league, results)).toHaveLength(16);
    results.set(missing, outcome);
    const playoffs = uclKnockouts('x', SEASON, league, results);
    // Each leg won at home, the second by more: every tie decided, once all are played.
    for (const f of playoffs.slice(0, -1)) results.set(f.key, f.round?.number === 9 ? win(1, 0) : win(2, 0));
    expect(uclKnockouts('x', SEASON, league, results)).toHaveLength(16);
    results.set(playoffs.at(-1)!.key, win(2, 0));
    const next = uclKnockouts('x', SEASON, league, results);
    expect(next).toHaveLength(32);
    expect(round(next, 11)).toHaveLength(8);
    expect(round(next, 11)[0].round?.nameZh).toBe('1/8决赛首回合');
  });

  it('keeps 1 and 2 apart until the final, the higher-ranked club at home in every second leg', () => {
    const { fixtures, place } = playThrough('y', higherWins);
    const final = round(fixtures, 17);
    expect(final).toHaveLength(1);
    expect([place(final[0].home), place(final[0].away)].sort()).toEqual([1, 2]);
    expect(final[0].neutralVenue).toBe('大都会球场');
    expect(final[0].kickoffAt.toISOString()).toBe('2027-05-29T19:00:00.000Z');
    const pairs = (n: number) =>
      round(fixtures, n).map((f) => [place(f.home), place(f.away)].sort((a, b) => a - b));
    // Quarter-finals: the 1/2 tie's winner meets the 7/8 tie's, the 3/4 tie's the 5/6 tie's.
    for (const [a, b] of pairs(14)) expect(a <= 2 ? [7, 8] : [5, 6], `${a} v ${b}`).toContain(b);
    for (const [a, b] of pairs(16)) expect([[1, 2].includes(a), [3, 4].includes(b)]).toEqual([true, true]);
    for (const n of [10, 12, 14, 16])
      for (const f of round(fixtures, n)) expect(place(f.home)).toBeLessThan(place(f.away));
    const days = (n: number) => [...new Set(round(fixtures, n).map((f) => parisDate(f.kickoffAt)))].sort();
    expect(days(11)).toEqual(['2027-03-09', '2027-03-10']);
    expect(days(13)).toEqual(['2027-04-06', '2027-04-07']);
    expect(days(15)).toEqual(['2027-04-27', '2027-04-28']);
    expect(days(16)).toEqual(['2027-05-04', '2027-05-05']);
  });

  it('meets the top eight with the winners of their own play-off brackets, 1 and 2 in opposite halves', () => {
    const bracket = (p: number) => (p <= 16 ? Math.floor((p - 9) / 2) : Math.floor((24 - p) / 2));
    for (const seed of ['p', 'q', 'r', 's', 't']) {
      const { fixtures, place, results } = playThrough(seed, coinFlips(seed));
      const winnerOf = ([first, second]: SeasonFixture[]) => {
        const [a, b] = [results.get(first.key)!, results.get(second.key)!];
        const home = a!.ft[1] + b!.ft[0];
        const away = a!.ft[0] + b!.ft[1];
        const homeWins = home !== away ? home > away : b!.pk![0] > b!.pk![1];
        return homeWins ? second.home : second.away;
      };
      const r16 = ties(fixtures, 11);
      expect(r16).toHaveLength(8);
      for (const [, second] of r16) {
        const top = place(second.home);
        expect(top).toBeLessThanOrEqual(8);
        expect(bracket(place(second.away)), `${top} v ${place(second.away)}`).toBe(
          3 - Math.floor((top - 1) / 2),
        );
      }
      const winners = ties(fixtures, 9).map(winnerOf).sort();
      expect(r16.map(([, s]) => s.away).sort()).toEqual(winners);
      // Follow 1 and 2 through: their ties' winners never share a quarter- or semi-final.
      const path = (club: string) => {
        let who = winnerOf(r16.find(([, s]) => s.home === club)!);
        const out = [who];
        for (const n of [13, 15]) {
          const tie = ties(fixtures, n).find(([, s]) => s.home === who || s.away === who)!;
          out.push(`${n}:${tie[1].key}`);
          who = winnerOf(tie);
        }
        return out;
      };
      const [one, two] = [path(clubAt(place, 1)), path(clubAt(place, 2))];
      expect(
        one.slice(1).some((x) => two.includes(x)),
        seed,
      ).toBe(false);
    }
  });

  it('goes through on aggregate with no away-goals rule, then extra time, then penalties', () => {
    const outcomes =
      (second: Outcome): Decide =>
      (f, place) =>
        f.round?.number === 9
          ? // The lower-ranked club wins the first leg 2-1 at home: the seeded club scored away.
            win(2, 1)
          : f.round?.number === 10
            ? second
            : higherWins(f, place);
    const through = (second: Outcome) => {
      const { fixtures, place } = playThrough('z', outcomes(second));
      return new Set(round(fixtures, 11).flatMap((f) => [f.home, f.away].map(place)));
    };
    const seeded = [9, 10, 11, 12, 13, 14, 15, 16];
    const unseeded = [17, 18, 19, 20, 21, 22, 23, 24];
    // 1-0 at home: level at 2-2, no away goals counted, extra time with no goals, the visitors win the shoot-out.
    const pens = through({ ft: [1, 0], et: [1, 0], pk: [3, 4] });
    expect(unseeded.every((p) => pens.has(p)) && seeded.every((p) => !pens.has(p))).toBe(true);
    const extraTime = through({ ft: [1, 0], et: [2, 0], pk: null });
    expect(seeded.every((p) => extraTime.has(p))).toBe(true);
    const ninety = through(win(2, 0));
    expect(seeded.every((p) => ninety.has(p))).toBe(true);
    // A level tie with no shoot-out stored is not decided: the round of 16 waits.
    expect(through({ ft: [1, 0], et: [1, 0], pk: null }).size).toBe(0);
  });
});

describe('league midweek rounds', () => {
  it('keep off the knockout rounds’ Tuesdays and leave the rounds before February where they were', () => {
    const knockout = uclKnockoutTuesdays(2026);
    const midweeks = (comp: string, rounds: number) =>
      leagueRoundSlots(comp, 2026, rounds)
        .filter((s) => s.midweek)
        .map((s) => s.date);
    for (const [comp, rounds] of [
      ['en.1', 38],
      ['es.1', 38],
      ['it.1', 38],
      ['de.1', 34],
      ['fr.1', 34],
    ] as const)
      for (const date of midweeks(comp, rounds)) expect(knockout, `${comp} ${date}`).not.toContain(date);
    // Stored in live databases since the season began (Serie A's only midweek round before February).
    expect(midweeks('it.1', 38).filter((d) => d < '2027-02-01')).toEqual(['2026-12-22']);
  });
});

/** The club at a league-phase place. */
function clubAt(place: (club: string) => number, n: number): string {
  return CLUBS.map((c) => c.key).find((k) => place(k) === n)!;
}
