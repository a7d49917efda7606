import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readClubNames } from '../../src/server/sports/import/files.ts';
import { cityZh, venueZh } from '../../src/server/sports/import/places-zh.ts';
import { clubPlaces } from '../../src/server/sports/import/teams.ts';

const DATA = new URL(
  '../../src/server/seed/data/football/openfootball-second-tiers/2025-26/',
  import.meta.url,
);
const LEAGUES = ['en.2', 'es.2', 'it.2', 'de.2', 'fr.2'];
const clubsOf = (code: string): string[] => {
  const { matches } = JSON.parse(readFileSync(new URL(`${code}.json`, DATA), 'utf8')) as {
    matches: { team1: string; team2: string }[];
  };
  return [...new Set(matches.flatMap((m) => [m.team1, m.team2]))].sort();
};
const latin = (s: string | null | undefined) => /[A-Za-z]{2}/.test(s ?? '');

/** Issue #32: clubs promoted from the 2025-26 second tiers read in Chinese, with their grounds and cities. */
describe('second-tier clubs in Chinese', () => {
  const zh = new Map(readClubNames().map((c) => [c.name, c]));

  it.each(LEAGUES)('%s: every club has a Chinese name', (code) => {
    const clubs = clubsOf(code);
    expect(clubs.length).toBeGreaterThanOrEqual(18);
    expect(clubs.filter((c) => !zh.has(c))).toEqual([]);
    expect(clubs.filter((c) => latin(zh.get(c)?.zh) || latin(zh.get(c)?.zh_full))).toEqual([]);
  });

  it.each(LEAGUES)('%s: grounds and cities read in Chinese', (code) => {
    const untranslated = clubsOf(code).flatMap((club) => {
      const info = clubPlaces(club);
      return [venueZh(info?.venue ?? null), cityZh(info?.city ?? null)]
        .filter(latin)
        .map((place) => `${club}: ${place}`);
    });
    expect(untranslated).toEqual([]);
  });
});

/** A club line of openfootball/clubs with a name alone kept its aliases from being read as the line above's. */
describe('club facts from openfootball/clubs', () => {
  it('gives a club the source names without facts none, not its neighbour’s', () => {
    // Leganés and Valladolid used to get Osasuna's and Racing's cities, Valladolid Racing's founding year.
    expect(clubPlaces('CD Leganés')).toEqual({ founded: null, venue: null, city: null });
    expect(clubPlaces('Real Valladolid')).toEqual({ founded: null, venue: null, city: null });
    expect(clubPlaces('CA Osasuna')?.city).toBe('Pamplona');
    expect(clubPlaces('Racing Santander')).toMatchObject({ founded: 1913, city: 'Santander' });
  });
});
