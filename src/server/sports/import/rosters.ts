import { insertChunks, insertReturningKeys } from '../../db/bulk.ts';
import type { Db } from '../../db/client.ts';
import { players, squads } from '../../db/schema/sports-core.ts';
import { nameKey } from '../names.ts';
import { rngFor } from '../rng.ts';
import { readClubNames, readNbaRosters, readPlayerNames, readSquads, readWorldCupSquads } from './files.ts';
import { footballTeamKey, nbaTeamKey } from './teams.ts';

/** A player with the squad row(s) to write once the player has an id. */
export interface RosterEntry {
  player: typeof players.$inferInsert;
  squads: {
    seasonId: number;
    teamId: number;
    shirtNumber: number | null;
    position: string | null;
    generated: boolean;
  }[];
}

const LINE: Record<string, string> = { GK: 'G', DF: 'D', MF: 'M', FW: 'F' };

/** The 2023-24 squads of the EPL, LaLiga, Bundesliga and Serie A (openfootball, CC0). */
export function realSquads(
  seasonIdOf: (league: string) => number,
  teamIds: Map<string, number>,
): RosterEntry[] {
  const alias = new Map<string, string>();
  for (const c of readClubNames()) for (const a of c.aliases) alias.set(a, c.name);
  const byKey = new Map<string, RosterEntry>();
  const zh = readPlayerNames().football;
  for (const code of ['en.1', 'es.1', 'de.1', 'it.1']) {
    const file = readSquads(code);
    for (const team of file.teams) {
      const teamId = teamIds.get(footballTeamKey(alias.get(team.team) ?? team.team));
      if (!teamId) continue;
      for (const p of team.players) {
        const key = `fbp:${p.name}:${p.birth_year ?? ''}`;
        const position = p.position ? (LINE[p.position] ?? null) : null;
        let entry = byKey.get(key);
        if (!entry) {
          entry = {
            player: {
              key,
              sport: 1,
              name: p.name,
              nameZh: zh[p.name] ?? null,
              shirtNumber: p.number ?? null,
              position,
              nationality: p.nationality ?? file.nationality_default,
              birthYear: p.birth_year ?? null,
              teamId,
            },
            squads: [],
          };
          byKey.set(key, entry);
        } else {
          entry.player.teamId = teamId;
        }
        entry.squads.push({
          seasonId: seasonIdOf(code),
          teamId,
          shirtNumber: p.number ?? null,
          position,
          generated: false,
        });
      }
    }
  }
  return [...byKey.values()];
}

/** World Cup 2026 club spellings that differ from the fixture files (clubs of the site only). */
const WORLD_CUP_CLUBS: Record<string, string> = {
  'Real Madrid C. F.': 'Real Madrid CF',
  'Atlético De Madrid': 'Club Atlético de Madrid',
  'TSG Hoffenheim': 'TSG 1899 Hoffenheim',
  'RCD Espanyol': 'RCD Espanyol de Barcelona',
  'US Sassuolo': 'US Sassuolo Calcio',
  Como: 'Como 1907',
  Parma: 'Parma Calcio 1913',
  Udinese: 'Udinese Calcio',
  Cagliari: 'Cagliari Calcio',
  'Pisa SC': 'AC Pisa 1909',
  'FC St. Pauli': 'FC St. Pauli 1910',
};

/**
 * The clubs' latest squads: the 2023-24 lists are the newest club squads in the seed pack, and
 * the World Cup 2026 lists name each international's club in 2026. For every club with a real
 * squad that plays a later season, its squad for that season is the 2023-24 one without the
 * players listed at another club, plus the players listed at this club.
 */
export function latestSquads(
  entries: RosterEntry[],
  currentSeason: Map<number, number>,
  teamIds: Map<string, number>,
): RosterEntry[] {
  const alias = new Map<string, string>();
  for (const c of readClubNames()) for (const a of [c.name, ...c.aliases]) alias.set(a, c.name);
  const zh = readPlayerNames().football;
  const known = new Map(entries.map((e) => [`${nameKey(e.player.name)}:${e.player.birthYear ?? ''}`, e]));
  // Spellings differ between the files (Erling Håland / Erling Haaland, Andrew / Andy Robertson):
  // the same birth year in the same club's 2023-24 squad with a shared name part is the same man.
  const sameAtClub = (name: string, year: number | null, teamId: number | null) => {
    if (!year || !teamId) return undefined;
    const parts = new Set(
      nameKey(name)
        .split(/[\s-]+/)
        .filter((w) => w.length > 2),
    );
    return entries.find(
      (e) =>
        e.player.birthYear === year &&
        e.squads.some((s) => s.teamId === teamId) &&
        nameKey(e.player.name)
          .split(/[\s-]+/)
          .some((w) => parts.has(w)),
    );
  };
  const clubOf = new Map<RosterEntry, number | null>();
  const added: RosterEntry[] = [];
  for (const nation of readWorldCupSquads()) {
    for (const p of nation.players) {
      const club = p.club ? (WORLD_CUP_CLUBS[p.club.name] ?? alias.get(p.club.name) ?? p.club.name) : null;
      const teamId = club ? (teamIds.get(footballTeamKey(club)) ?? null) : null;
      const year = p.date_of_birth ? Number(p.date_of_birth.slice(0, 4)) : null;
      let entry = known.get(`${nameKey(p.name)}:${year ?? ''}`) ?? sameAtClub(p.name, year, teamId);
      if (!entry) {
        if (!teamId || !currentSeason.has(teamId)) continue;
        entry = {
          player: {
            key: `fbp:${p.name}:${year ?? ''}`,
            sport: 1,
            name: p.name,
            nameZh: zh[p.name] ?? null,
            position: p.pos ? (LINE[p.pos] ?? null) : null,
            nationality: nation.fifa_code,
            birthDate: p.date_of_birth ?? null,
            birthYear: year,
            teamId,
          },
          squads: [],
        };
        added.push(entry);
      }
      clubOf.set(entry, teamId);
    }
  }
  for (const entry of [...entries, ...added]) {
    const last = entry.squads.at(-1);
    const listed = clubOf.get(entry);
    // Not in a World Cup squad: still at the 2023-24 club as far as the seed pack knows.
    const teamId = listed === undefined ? (last?.teamId ?? null) : listed;
    entry.player.teamId = teamId;
    const seasonId = teamId === null ? undefined : currentSeason.get(teamId);
    if (!seasonId || teamId === null) continue;
    entry.squads.push({
      seasonId,
      teamId,
      shirtNumber: last?.teamId === teamId ? last.shirtNumber : null,
      position: last?.position ?? entry.player.position ?? null,
      generated: false,
    });
  }
  return added;
}

const FOOTBALL_SHAPE: [string, number[]][] = [
  ['G', [1, 13, 31]],
  ['D', [2, 3, 4, 5, 6, 15, 22, 24]],
  ['M', [8, 10, 14, 16, 17, 18, 20, 23]],
  ['F', [7, 9, 11, 19, 21]],
];

/**
 * A squad place of a club no source lists: the simulator needs players to field, but a real club
 * must not be given invented people, so the place is only a shirt number and a line ("7号").
 */
function numberedPlace(
  team: { id: number; key: string },
  seasonId: number,
  sport: 1 | 2,
  shirtNumber: number,
  position: string,
): RosterEntry {
  return {
    player: {
      key: `gen:${team.key}:${shirtNumber}`,
      sport,
      name: `${shirtNumber}号`,
      nameZh: `${shirtNumber}号`,
      shirtNumber,
      position,
      teamId: team.id,
      generated: true,
    },
    squads: [{ seasonId, teamId: team.id, shirtNumber, position, generated: true }],
  };
}

/**
 * Writes the players and their squad rows. A player already there (another instance wrote the same
 * roster first) keeps its rows.
 */
export async function insertRosters(db: Db, entries: RosterEntry[]): Promise<void> {
  const playerIds = await insertReturningKeys(
    db,
    players,
    entries.map((e) => e.player),
  );
  await insertChunks(
    db,
    squads,
    entries.flatMap((e) =>
      playerIds.has(e.player.key)
        ? e.squads.map((s) => ({ ...s, playerId: playerIds.get(e.player.key)! }))
        : [],
    ),
  );
}

/** The 24 numbered places of a football club without a squad list. */
export function numberedFootballSquad(team: { id: number; key: string }, seasonId: number): RosterEntry[] {
  return FOOTBALL_SHAPE.flatMap(([position, numbers]) =>
    numbers.map((n) => numberedPlace(team, seasonId, 1, n, position)),
  );
}

const BASKETBALL_SLOTS = ['PG', 'SG', 'SF', 'PF', 'C'];

/** The 14 numbered places of a CBA club (no open CBA roster exists). */
export function numberedCbaSquad(
  seed: string,
  team: { id: number; key: string },
  seasonId: number,
): RosterEntry[] {
  const rng = rngFor(seed, `roster:${team.key}`);
  const numbers = rng.shuffle(Array.from({ length: 100 }, (_, i) => i)).slice(0, 14);
  return numbers.map((n, i) => numberedPlace(team, seasonId, 2, n, BASKETBALL_SLOTS[i % 5]));
}

/** The season of the NBA rosters in the seed data (nba_api, early November 2025). */
export const NBA_ROSTER_SEASON = '2025-26';

/**
 * NBA rosters: the 2025-26 lists (nba_api, MIT) under their own season and, when the site's
 * current season is a later one, carried forward to it like the football lists (the squad page
 * then names the 2025-26 list and marks it 演示数据). The source has no number or position.
 */
export function nbaRosters(
  teamIds: Map<string, number>,
  listSeasonId: number,
  currentSeasonId: number,
): RosterEntry[] {
  const zh = readPlayerNames().basketball;
  return readNbaRosters().map((p) => {
    const teamId = teamIds.get(nbaTeamKey(p.team_id))!;
    const seasonIds = [...new Set([listSeasonId, currentSeasonId])];
    return {
      player: { key: `nba:${p.id}`, sport: 2, name: p.name, nameZh: zh[p.name] ?? null, teamId },
      squads: seasonIds.map((seasonId) => ({
        seasonId,
        teamId,
        shirtNumber: null,
        position: null,
        generated: false,
      })),
    };
  });
}
