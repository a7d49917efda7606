import type { teams } from '../../db/schema/sports-core.ts';
import { rngFor } from '../rng.ts';
import { loadClubIndex, normalizeClub } from './clubs.ts';
import { computeElo } from './elo.ts';
import { readCbaTeams, readClubNames, readNbaStandings, readNbaTeamNames, readNbaTeams } from './files.ts';
import { teamCode, teamColor } from './labels.ts';
import { cityZh, venueZh } from './places-zh.ts';
import type { SourceMatch } from './sources.ts';

type TeamRow = typeof teams.$inferInsert;

export const footballTeamKey = (name: string) => `fb:${name}`;
export const nbaTeamKey = (id: number) => `nba:${id}`;
export const cbaTeamKey = (slug: string) => `cba:${slug}`;

/** Football clubs named in the fixtures, with Chinese names, club facts and Elo from the results. */
export function footballTeamRows(sources: SourceMatch[]): TeamRow[] {
  const zh = new Map(readClubNames().map((c) => [c.name, c]));
  const clubs = loadClubIndex();
  const elo = computeElo(
    sources
      .filter((s) => s.fixture.score?.ft)
      .map((s) => ({
        at: s.kickoff.getTime(),
        home: s.home,
        away: s.away,
        homeGoals: s.fixture.score!.ft![0],
        awayGoals: s.fixture.score!.ft![1],
      })),
  );
  const countries = new Map<string, string | null>();
  for (const s of sources) {
    countries.set(s.home, s.homeCountry);
    countries.set(s.away, s.awayCountry);
  }
  return [...countries].map(([name, country]) => {
    const names = zh.get(name);
    const info =
      clubs.get(normalizeClub(name)) ?? names?.aliases.map((a) => clubs.get(normalizeClub(a))).find(Boolean);
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
      rating: Math.round((elo.get(name) ?? 1500) * 10) / 10,
    };
  });
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
