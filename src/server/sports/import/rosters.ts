import type { players } from '../../db/schema/sports-core.ts';
import { chineseName, foreignName, uniqueName } from '../names.ts';
import { rngFor } from '../rng.ts';
import { readClubNames, readNbaPlayers, readPlayerNames, readSquads, readWorldCupSquads } from './files.ts';
import { footballTeamKey } from './teams.ts';

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

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

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
  const known = new Map(entries.map((e) => [`${plain(e.player.name)}:${e.player.birthYear ?? ''}`, e]));
  // Spellings differ between the files (Erling Håland / Erling Haaland, Andrew / Andy Robertson):
  // the same birth year in the same club's 2023-24 squad with a shared name part is the same man.
  const sameAtClub = (name: string, year: number | null, teamId: number | null) => {
    if (!year || !teamId) return undefined;
    const parts = new Set(
      plain(name)
        .split(/[\s-]+/)
        .filter((w) => w.length > 2),
    );
    return entries.find(
      (e) =>
        e.player.birthYear === year &&
        e.squads.some((s) => s.teamId === teamId) &&
        plain(e.player.name)
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
      let entry = known.get(`${plain(p.name)}:${year ?? ''}`) ?? sameAtClub(p.name, year, teamId);
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

/** A generated 24-man football roster; Chinese clubs get Chinese names. */
export function generatedFootballRoster(
  seed: string,
  team: { id: number; key: string; country: string | null },
  seasonId: number,
): RosterEntry[] {
  const rng = rngFor(seed, `roster:${team.key}`);
  const taken = new Set<string>();
  const make = team.country === 'CHN' ? chineseName : foreignName;
  const out: RosterEntry[] = [];
  for (const [position, numbers] of FOOTBALL_SHAPE) {
    for (const shirtNumber of numbers) {
      const n = uniqueName(rng, make, taken);
      out.push({
        player: {
          key: `gen:${team.key}:${shirtNumber}`,
          sport: 1,
          name: n.name,
          nameZh: n.nameZh,
          shirtNumber,
          position,
          nationality: team.country,
          birthYear: rng.int(1991, 2006),
          teamId: team.id,
          generated: true,
        },
        squads: [{ seasonId, teamId: team.id, shirtNumber, position, generated: true }],
      });
    }
  }
  return out;
}

const BASKETBALL_SLOTS = ['PG', 'SG', 'SF', 'PF', 'C'];

function shirtNumbers(rng: ReturnType<typeof rngFor>, count: number): number[] {
  return rng.shuffle(Array.from({ length: 100 }, (_, i) => i)).slice(0, count);
}

/**
 * NBA rosters: the source lists 530 active players without teams, so 15 are assigned to each
 * team by seeded shuffle. The players are real; the assignment, numbers and positions are generated.
 */
export function nbaRosters(seed: string, teamIds: number[], seasonId: number): RosterEntry[] {
  const rng = rngFor(seed, 'nba-rosters');
  const active = rng.shuffle(readNbaPlayers().filter((p) => p.is_active));
  const zh = readPlayerNames().nba;
  const out: RosterEntry[] = [];
  active.forEach((p, i) => {
    const teamId = i < teamIds.length * 15 ? teamIds[Math.floor(i / 15)] : null;
    const entry: RosterEntry = {
      player: { key: `nba:${p.id}`, sport: 2, name: p.full_name, nameZh: zh[p.full_name] ?? null, teamId },
      squads: [],
    };
    if (teamId)
      entry.squads.push({
        seasonId,
        teamId,
        shirtNumber: null,
        position: BASKETBALL_SLOTS[i % 5],
        generated: true,
      });
    out.push(entry);
  });
  for (const teamId of teamIds) {
    const numbers = shirtNumbers(rngFor(seed, `nba-numbers:${teamId}`), 15);
    out.filter((e) => e.player.teamId === teamId).forEach((e, i) => (e.squads[0].shirtNumber = numbers[i]));
  }
  return out;
}

/** CBA rosters: 14 generated players per club with Chinese names. */
export function cbaRoster(seed: string, team: { id: number; key: string }, seasonId: number): RosterEntry[] {
  const rng = rngFor(seed, `roster:${team.key}`);
  const taken = new Set<string>();
  const numbers = shirtNumbers(rng, 14);
  return numbers.map((shirtNumber, i) => {
    const n = uniqueName(rng, chineseName, taken);
    const position = BASKETBALL_SLOTS[i % 5];
    return {
      player: {
        key: `gen:${team.key}:${i}`,
        sport: 2,
        name: n.name,
        nameZh: n.nameZh,
        shirtNumber,
        position,
        nationality: 'CHN',
        birthYear: rng.int(1993, 2005),
        teamId: team.id,
        generated: true,
      },
      squads: [{ seasonId, teamId: team.id, shirtNumber, position, generated: true }],
    };
  });
}
