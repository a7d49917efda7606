import { footballLine } from '../../../../lib/vocab/positions.ts';
import type { Rng } from '../../../sports/rng.ts';
import type { RosterPlayer } from './plan-types.ts';

/** Formations with the spec's position codes: goalkeeper first, then each line from left to right. */
export const FORMATIONS: Record<string, string[]> = {
  '4-4-2': ['GK', 'DL', 'DC', 'DC', 'DR', 'ML', 'MC', 'MC', 'MR', 'ST', 'ST'],
  '4-3-3': ['GK', 'DL', 'DC', 'DC', 'DR', 'MC', 'DM', 'MC', 'LW', 'ST', 'RW'],
  '4-2-3-1': ['GK', 'DL', 'DC', 'DC', 'DR', 'DM', 'DM', 'LW', 'AM', 'RW', 'ST'],
  '3-5-2': ['GK', 'DC', 'DC', 'DC', 'ML', 'MC', 'DM', 'MC', 'MR', 'ST', 'ST'],
  '4-1-4-1': ['GK', 'DL', 'DC', 'DC', 'DR', 'DM', 'ML', 'MC', 'MC', 'MR', 'ST'],
};

export interface LineupPick {
  formation: string | null;
  starters: (RosterPlayer & { slotPosition: string | null })[];
  bench: RosterPlayer[];
}

/** Regulars first: low shirt numbers are usually first-team players; the shuffle breaks ties. */
function byRegularity(rng: Rng, players: RosterPlayer[]): RosterPlayer[] {
  return rng
    .shuffle(players)
    .map((p) => ({ p, score: (p.shirtNumber ?? 50) + rng.next() * 25 }))
    .sort((a, b) => a.score - b.score)
    .map((x) => x.p);
}

const lineOf = (p: RosterPlayer) => footballLine(p.position ?? 'M');

/**
 * The position a starter is listed at. The squads only know the line (G/D/M/F), so a formation
 * slot such as 后腰 or 前腰 would claim a role the data does not hold: the player's own position
 * is shown, and the slot only where it says no more than that (the goalkeeper) or the squad has none.
 */
export function shownPosition(slot: string, p: RosterPlayer): string {
  if (slot === 'GK' && lineOf(p) === 'G') return 'GK';
  return p.position ?? slot;
}

export function footballLineup(rng: Rng, roster: RosterPlayer[]): LineupPick {
  const formation = rng.pick(Object.keys(FORMATIONS));
  const slots = FORMATIONS[formation];
  const pool = byRegularity(rng, roster);
  const used = new Set<number>();
  const take = (line: string) => {
    const p =
      pool.find((x) => !used.has(x.playerId) && lineOf(x) === line) ??
      pool.find((x) => !used.has(x.playerId) && lineOf(x) !== 'G');
    if (p) used.add(p.playerId);
    return p;
  };
  const starters = slots.flatMap((slot) => {
    const p = take(footballLine(slot));
    return p ? [{ ...p, slotPosition: shownPosition(slot, p) }] : [];
  });
  const keeper = pool.find((x) => !used.has(x.playerId) && lineOf(x) === 'G');
  const outfield = pool.filter((x) => !used.has(x.playerId) && lineOf(x) !== 'G').slice(0, keeper ? 8 : 9);
  return { formation, starters, bench: keeper ? [keeper, ...outfield] : outfield };
}

const COURT = ['PG', 'SG', 'SF', 'PF', 'C'];

/**
 * Five starters by position, then up to seven substitutes; well-known players first, so a team's
 * stars play. A starter is listed at his own position: a slot the roster does not give him
 * (the NBA lists name none) would claim a role the data does not hold.
 */
export function basketballLineup(rng: Rng, roster: RosterPlayer[]): LineupPick {
  const pool = rng.shuffle(roster).sort((a, b) => Number(!!b.known) - Number(!!a.known));
  const used = new Set<number>();
  const starters = COURT.flatMap((slot) => {
    const p =
      pool.find((x) => !used.has(x.playerId) && x.position === slot) ??
      pool.find((x) => !used.has(x.playerId) && !x.position) ??
      pool.find((x) => !used.has(x.playerId));
    if (!p) return [];
    used.add(p.playerId);
    return [{ ...p, slotPosition: p.position }];
  });
  return { formation: null, starters, bench: pool.filter((x) => !used.has(x.playerId)).slice(0, 7) };
}
