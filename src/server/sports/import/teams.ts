import type { teams } from '../../db/schema/sports-core.ts';
import { rngFor } from '../rng.ts';
import { loadClubIndex, normalizeClub, type ClubInfo } from './clubs.ts';
import { readCbaTeams, readClubNames, readNbaStandings, readNbaTeamNames, readNbaTeams } from './files.ts';
import { teamCode, teamColor } from './labels.ts';
import { cityZh, venueZh } from './places-zh.ts';
import { COMPETITIONS } from './catalog.ts';
import { eloOf } from './season-finish.ts';
import type { Turnover } from './season-turnover.ts';
import type { SourceMatch } from './sources.ts';

type TeamRow = typeof teams.$inferInsert;

export const footballTeamKey = (name: string) => `fb:${name}`;
/** The club name a football team key was made from (footballTeamKey's inverse). */
export const footballTeamName = (key: string) => key.slice('fb:'.length);
export const nbaTeamKey = (id: number) => `nba:${id}`;
export const cbaTeamKey = (slug: string) => `cba:${slug}`;

/** A club's city, founding year and ground in openfootball-clubs: found by its name, then by its zh-names aliases. */
export function clubPlaces(name: string): ClubInfo | undefined {
  const clubs = (clubMemo ??= loadClubIndex());
  return (
    clubs.get(normalizeClub(name)) ??
    zhNames()
      .get(name)
      ?.aliases.map((a) => clubs.get(normalizeClub(a)))
      .find(Boolean)
  );
}

/** A club's names and facts: Chinese names from zh-names, city, founding year and ground from openfootball-clubs. */
function clubRow(name: string, country: string | null) {
  const names = zhNames().get(name);
  const info = clubPlaces(name);
  const key = footballTeamKey(name);
  return {
    key,
    sport: 1,
    name,
    nameZh: names?.zh ?? name,
    fullNameZh: names?.zh_full ?? names?.zh ?? name,
    shortName: teamCode(name),
    country,
    city: cityZh(info?.city ?? null),
    founded: info?.founded ?? null,
    venue: venueZh(info?.venue ?? null),
    color: teamColor(key),
  };
}

let clubMemo: ReturnType<typeof loadClubIndex> | null = null;
let zhMemo: Map<string, ReturnType<typeof readClubNames>[number]> | null = null;
const zhNames = () => (zhMemo ??= new Map(readClubNames().map((c) => [c.name, c])));

/** Football clubs named in the fixtures, with Chinese names, club facts and Elo from the real results. */
export function footballTeamRows(sources: SourceMatch[]): TeamRow[] {
  const elo = eloOf(sources);
  const countries = new Map<string, string | null>();
  for (const s of sources) {
    countries.set(s.home, s.homeCountry);
    countries.set(s.away, s.awayCountry);
  }
  return [...countries].map(([name, country]) => ({
    ...clubRow(name, country),
    rating: Math.round((elo.get(name) ?? 1500) * 10) / 10,
  }));
}

/** A promoted club new to the top flight: its row as every club's, in its league's country, with `rating`. */
export function promotedClubRow(competition: string, name: string, rating: number) {
  return { ...clubRow(name, COMPETITIONS.find((c) => c.key === competition)!.country), rating };
}

/**
 * Promoted clubs that never played a season of the data (Championship clubs and the like): the
 * same facts as the others, strength from the turnover (the relegated clubs' level).
 */
export function promotedTeamRows(sources: SourceMatch[], turnovers: Map<string, Turnover>): TeamRow[] {
  const known = new Set(sources.flatMap((s) => [s.home, s.away]));
  return [...turnovers.values()].flatMap((t) =>
    [...t.newcomerRatings]
      .filter(([club]) => !known.has(club))
      .map(([club, rating]) => promotedClubRow(t.competition, club, rating)),
  );
}

/** The 30 NBA teams; strength is the 2024-25 point differential per game. */
export function nbaTeamRows(): TeamRow[] {
  const zh = new Map(readNbaTeamNames().map((t) => [t.nba_id, t]));
  const standings = readNbaStandings();
  return readNbaTeams().map((t) => {
    const names = zh.get(t.id);
    const row = standings.find((s) => s.abbreviation === names?.espn_abbreviation);
    const games = row ? row.wins + row.losses : 0;
    const key = nbaTeamKey(t.id);
    return {
      key,
      sport: 2,
      name: t.full_name,
      nameZh: names?.zh ?? t.full_name,
      fullNameZh: names?.zh_full ?? t.full_name,
      shortName: t.abbreviation,
      country: 'USA',
      city: cityZh(t.city),
      founded: t.year_founded,
      conference: row?.conference ?? null,
      color: teamColor(key),
      rating: row && games ? Math.round(((row.pointsFor - row.pointsAgainst) / games) * 10) / 10 : 0,
    };
  });
}

/** The 20 CBA clubs; no open results exist, so their strength is generated (and marked so). */
export function cbaTeamRows(seed: string): TeamRow[] {
  return readCbaTeams().map((t) => {
    const key = cbaTeamKey(t.slug);
    return {
      key,
      sport: 2,
      name: t.en,
      nameZh: t.zh,
      fullNameZh: t.zh,
      shortName: t.slug
        .replace(/[^a-z]/g, '')
        .slice(0, 3)
        .toUpperCase(),
      country: 'CHN',
      city: t.city_zh,
      color: teamColor(key),
      rating: Math.round(rngFor(seed, `cba-rating:${t.slug}`).normal(0, 4) * 10) / 10,
      ratingGenerated: true,
    };
  });
}
