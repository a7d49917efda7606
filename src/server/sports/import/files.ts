import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The seed files copied from ../shared/seed-data (with their LICENSE and SOURCE files). */
const DATA_DIR = new URL('../../seed/data/', import.meta.url);

export const readText = (rel: string) => readFileSync(new URL(rel, DATA_DIR), 'utf8');
const readJson = (rel: string): unknown => JSON.parse(readText(rel));

const pair = z.tuple([z.number().int(), z.number().int()]);
const fixture = z.object({
  round: z.string(),
  date: z.string(),
  time: z.string().optional(),
  team1: z.string(),
  team2: z.string(),
  score: z
    .object({ ht: pair.optional(), ft: pair.optional(), et: pair.optional(), p: pair.optional() })
    .optional(),
  status: z.string().optional(),
});
export type Fixture = z.infer<typeof fixture>;

export const readFixtures = (rel: string) =>
  z.object({ name: z.string(), matches: z.array(fixture) }).parse(readJson(rel)).matches;

const squadFile = z.object({
  nationality_default: z.string(),
  teams: z.array(
    z.object({
      team: z.string(),
      players: z.array(
        z.object({
          number: z.number().int().nullish(),
          name: z.string(),
          nationality: z.string().nullish(),
          position: z.string().nullish(),
          birth_year: z.number().int().nullish(),
        }),
      ),
    }),
  ),
});
export type SquadFile = z.infer<typeof squadFile>;
export const readSquads = (code: string) =>
  squadFile.parse(readJson(`football/openfootball-squads-2023-24/${code}.squads.json`));

/** World Cup 2026 squads (openfootball, CC0): the latest club of each listed player. */
export const readWorldCupSquads = () =>
  z
    .array(
      z.object({
        fifa_code: z.string(),
        players: z.array(
          z.object({
            pos: z.string().nullish(),
            name: z.string(),
            club: z.object({ name: z.string(), country: z.string().nullish() }).nullish(),
            date_of_birth: z.string().nullish(),
          }),
        ),
      }),
    )
    .parse(readJson('football/openfootball-worldcup-2026/worldcup.squads.json'));

const zhClub = z.object({
  name: z.string(),
  zh: z.string(),
  zh_full: z.string(),
  aliases: z.array(z.string()),
});
export const readClubNames = () =>
  z.object({ clubs: z.array(zhClub) }).parse(readJson('zh-names/football_clubs_zh.json')).clubs;

/** Authored Chinese renderings of well-known footballers' and NBA players' names, keyed by the source spelling. */
export const readPlayerNames = () =>
  z
    .object({ football: z.record(z.string(), z.string()), basketball: z.record(z.string(), z.string()) })
    .parse(readJson('zh-names/players_zh.json'));

let authored: Set<string> | undefined;
/** Whether a player (sport 1 / 2, source spelling) has an authored Chinese name: a well-known player. */
export function hasAuthoredName(sport: number, name: string): boolean {
  if (!authored) {
    const zh = readPlayerNames();
    authored = new Set([
      ...Object.keys(zh.football).map((n) => `1|${n}`),
      ...Object.keys(zh.basketball).map((n) => `2|${n}`),
    ]);
  }
  return authored.has(`${sport}|${name}`);
}

export const readLeagueNames = () =>
  z
    .array(z.object({ code: z.string(), zh: z.string(), zh_full: z.string(), en: z.string() }))
    .parse(readJson('zh-names/leagues_zh.json'));

export const readNbaTeamNames = () =>
  z
    .array(
      z.object({
        nba_id: z.number(),
        abbreviation: z.string(),
        espn_abbreviation: z.string(),
        zh: z.string(),
        zh_full: z.string(),
      }),
    )
    .parse(readJson('zh-names/nba_teams_zh.json'));

export const readCbaTeams = () =>
  z
    .object({
      teams: z.array(z.object({ slug: z.string(), zh: z.string(), en: z.string(), city_zh: z.string() })),
    })
    .parse(readJson('zh-names/cba_teams_zh.json')).teams;

export const readNbaTeams = () =>
  z
    .array(
      z.object({
        id: z.number(),
        abbreviation: z.string(),
        full_name: z.string(),
        city: z.string(),
        year_founded: z.number(),
      }),
    )
    .parse(readJson('basketball/nba_api-static/nba_teams.json'));

/** NBA 2025-26 rosters (nba_api's CommonAllPlayers sample, MIT): each player's NBA team id. */
export const readNbaRosters = () =>
  z
    .array(z.object({ id: z.number(), name: z.string(), team_id: z.number(), from_year: z.number() }))
    .parse(readJson('basketball/nba_api-rosters-2025-26/nba_rosters_2025-26.json'));

export interface NbaStandingRow {
  conference: string;
  seed: number;
  abbreviation: string;
  wins: number;
  losses: number;
  pointsFor: number;
  pointsAgainst: number;
  home: string;
  road: string;
  clincher: string;
}

/** nba_standings_2024-25.csv (hoopR-nba-raw, CC BY 4.0): plain CSV without quoted commas. */
export function readNbaStandings(): NbaStandingRow[] {
  const [header, ...lines] = readText('basketball/hoopR-nba-standings-2024-25/nba_standings_2024-25.csv')
    .trim()
    .split('\n');
  const cols = header.split(',');
  return lines.map((line) => {
    const v = Object.fromEntries(line.split(',').map((x, i) => [cols[i], x]));
    return {
      conference: v.conference,
      seed: Number(v.seed),
      abbreviation: v.abbreviation,
      wins: Number(v.wins),
      losses: Number(v.losses),
      pointsFor: Number(v.points_for),
      pointsAgainst: Number(v.points_against),
      home: v.home,
      road: v.road,
      clincher: v.clincher,
    };
  });
}
