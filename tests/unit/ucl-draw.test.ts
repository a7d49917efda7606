import { describe, expect, it } from 'vitest';
import { seasonFixtures } from '../../src/server/providers/sports/simulator/calendar.ts';
import { rngFor } from '../../src/server/sports/rng.ts';
import { drawLeaguePhase, type DrawClub } from '../../src/server/providers/sports/simulator/ucl-draw.ts';

/** The 2024-25 league phase's associations: 36 clubs, up to five from one country. */
const ASSOCIATIONS: [string, number][] = [
  ['ENG', 5],
  ['ESP', 4],
  ['GER', 5],
  ['ITA', 5],
  ['FRA', 4],
  ['NED', 3],
  ['POR', 3],
  ['BEL', 1],
  ['SCO', 1],
  ['AUT', 2],
  ['SUI', 1],
  ['CZE', 1],
  ['CRO', 1],
];
const CLUBS: DrawClub[] = ASSOCIATIONS.flatMap(([country, n]) =>
  Array.from({ length: n }, (_, i) => ({
    key: `${country}-${i}`,
    rating: 1900 - i * 40 - country.charCodeAt(0),
    country,
  })),
);

/** Checks UEFA's rules on a draw; returns every breach. */
function breaches(clubs: DrawClub[], rounds: [string, string][][]): string[] {
  const out: string[] = [];
  const ranked = [...clubs].sort((a, b) => b.rating - a.rating || a.key.localeCompare(b.key));
  const pot = new Map(ranked.map((c, i) => [c.key, Math.floor(i / (clubs.length / 4))]));
  const country = new Map(clubs.map((c) => [c.key, c.country]));
  if (rounds.length !== 8) out.push(`${rounds.length} matchdays`);
  rounds.forEach((pairs, day) => {
    const playing = pairs.flat();
    if (new Set(playing).size !== clubs.length || playing.length !== clubs.length)
      out.push(`matchday ${day + 1}: not every club once`);
  });
  for (const { key } of clubs) {
    const games = rounds.flat().filter((p) => p.includes(key));
    const opponents = games.map(([h, a]) => (h === key ? a : h));
    if (new Set(opponents).size !== 8) out.push(`${key}: ${new Set(opponents).size} different opponents`);
    for (const o of opponents) if (country.get(o) === country.get(key)) out.push(`${key} meets ${o}`);
    const perCountry = new Map<string, number>();
    for (const o of opponents) perCountry.set(country.get(o)!, (perCountry.get(country.get(o)!) ?? 0) + 1);
    for (const [c, n] of perCountry) if (n > 2) out.push(`${key}: ${n} from ${c}`);
    for (let p = 0; p < 4; p++) {
      const vsPot = games.filter(([h, a]) => pot.get(h === key ? a : h) === p);
      const home = vsPot.filter(([h]) => h === key).length;
      if (vsPot.length !== 2 || home !== 1)
        out.push(`${key} vs pot ${p + 1}: ${vsPot.length} games, ${home} at home`);
    }
  }
  return out;
}

describe('the Champions League league phase draw', () => {
  it('follows UEFA rules: two of each pot (one home, one away), no own association, at most two of another', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const rounds = drawLeaguePhase(rngFor(seed, 'ucl'), CLUBS);
      expect(rounds, seed).not.toBeNull();
      expect(breaches(CLUBS, rounds!), seed).toEqual([]);
    }
  });

  it('is the same for the same seed', () => {
    expect(drawLeaguePhase(rngFor('x', 'ucl'), CLUBS)).toEqual(drawLeaguePhase(rngFor('x', 'ucl'), CLUBS));
  });

  it('is how the simulated season pairs the clubs of the calendar', () => {
    const pools = {
      football: [{ competitionKey: 'uefa.cl', teams: CLUBS.map((c) => c.key) }],
      basketball: [],
      teams: new Map(CLUBS.map((c) => [c.key, { rating: c.rating, venue: null, country: c.country }])),
    };
    const fixtures = seasonFixtures('seed', pools, 'uefa.cl', '2026-27');
    const rounds = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
      fixtures.filter((f) => f.round?.number === n).map((f): [string, string] => [f.home, f.away]),
    );
    expect(breaches(CLUBS, rounds)).toEqual([]);
  });

  it('declines a pool that cannot make four equal pots', () => {
    expect(drawLeaguePhase(rngFor('x', 'ucl'), CLUBS.slice(0, 34))).toBeNull();
  });
});
