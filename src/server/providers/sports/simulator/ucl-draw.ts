import type { Rng } from '../../../sports/rng.ts';

/** A club in the Champions League draw: its strength seeds the pots, its association limits its opponents. */
export interface DrawClub {
  key: string;
  rating: number;
  /** Association (country code); null places no limit. */
  country: string | null;
}

export const MATCHDAYS = 8;
const POTS = 4;
/** Opponents a club meets from one pot, and at most from one other association. */
const PER_POT = 2;
const PER_ASSOCIATION = 2;
/** Draws tried before giving up (one takes well under a millisecond; nearly all succeed at once). */
const ATTEMPTS = 500;
/** Search steps one matchday's pairing may take before the draw starts again. */
const STEPS = 5_000;

type Pair = [home: string, away: string];

/**
 * The league phase as UEFA draws it since 2024-25: four pots of clubs by strength; every club meets
 * two clubs of each pot, one at home and one away (so four home games and four away), never a club
 * of its own association and at most two of any other; eight matchdays with every club once each.
 * Returns null when `clubs` cannot form four equal pots of an even size or no draw was found.
 */
export function drawLeaguePhase(rng: Rng, clubs: DrawClub[]): Pair[][] | null {
  if (clubs.length % POTS || clubs.length < 16) return null;
  const size = clubs.length / POTS;
  const ranked = [...clubs].sort((a, b) => b.rating - a.rating || a.key.localeCompare(b.key));
  const pot = new Map(ranked.map((c, i) => [c.key, Math.floor(i / size)]));
  const country = new Map(clubs.map((c) => [c.key, c.country]));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const rounds = drawMatchdays(
      rng,
      ranked.map((c) => c.key),
      pot,
      country,
    );
    if (rounds) return orient(rounds, pot);
  }
  return null;
}

/** Eight matchdays of unordered pairs under the pot and association limits, or null (try again). */
function drawMatchdays(
  rng: Rng,
  keys: string[],
  pot: Map<string, number>,
  country: Map<string, string | null>,
): [string, string][][] | null {
  const met = new Set<string>();
  const fromPot = new Map(keys.map((k) => [k, Array<number>(POTS).fill(0)]));
  const fromCountry = new Map(keys.map((k) => [k, new Map<string, number>()]));
  const allowed = (a: string, b: string) => {
    const ca = country.get(a);
    const cb = country.get(b);
    return (
      !met.has(pairKey(a, b)) &&
      (ca === null || ca !== cb) &&
      fromPot.get(a)![pot.get(b)!] < PER_POT &&
      fromPot.get(b)![pot.get(a)!] < PER_POT &&
      (cb === null || (fromCountry.get(a)!.get(cb!) ?? 0) < PER_ASSOCIATION) &&
      (ca === null || (fromCountry.get(b)!.get(ca!) ?? 0) < PER_ASSOCIATION)
    );
  };
  const play = (pairs: [string, string][], by: 1 | -1) => {
    for (const [a, b] of pairs) {
      if (by > 0) met.add(pairKey(a, b));
      else met.delete(pairKey(a, b));
      fromPot.get(a)![pot.get(b)!] += by;
      fromPot.get(b)![pot.get(a)!] += by;
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        const c = country.get(y);
        if (c) fromCountry.get(x)!.set(c, (fromCountry.get(x)!.get(c) ?? 0) + by);
      }
    }
  };
  /** Whether every club can still find the opponents it lacks from each pot. */
  const open = () =>
    keys.every((a) =>
      fromPot.get(a)!.every((n, p) => {
        const lacking = PER_POT - n;
        if (!lacking) return true;
        let can = 0;
        for (const b of keys)
          if (pot.get(b) === p && b !== a && allowed(a, b) && ++can >= lacking) return true;
        return false;
      }),
    );
  // A matchday that leaves some club unable to complete its pots is tried another way; the last
  // three are the tight ones and get more tries before the draw starts again (about 50 ms a draw).
  const rounds: [string, string][][] = [];
  const fill = (day: number): boolean => {
    if (day === MATCHDAYS) return true;
    for (let t = 0; t < (day < MATCHDAYS - 3 ? 2 : 6); t++) {
      const pairs = perfectMatching(rng.shuffle(keys), allowed);
      if (!pairs) continue;
      play(pairs, 1);
      rounds.push(pairs);
      if (open() && fill(day + 1)) return true;
      rounds.pop();
      play(pairs, -1);
    }
    return false;
  };
  return fill(0) ? rounds : null;
}

/**
 * Every club paired once, by depth-first search: the club with the fewest possible opponents is
 * paired first. Null when none is found within STEPS.
 */
function perfectMatching(
  keys: string[],
  allowed: (a: string, b: string) => boolean,
): [string, string][] | null {
  // Within a matchday nobody's counts change: who may meet whom is worked out once.
  const options = new Map(keys.map((a) => [a, keys.filter((b) => b !== a && allowed(a, b))]));
  const open = new Set(keys);
  const pairs: [string, string][] = [];
  let steps = 0;
  const search = (): boolean => {
    if (!open.size) return true;
    if (++steps > STEPS) return false;
    let club = '';
    let fewest: string[] = [];
    for (const a of open) {
      const left = options.get(a)!.filter((b) => open.has(b));
      if (!left.length) return false;
      if (!club || left.length < fewest.length) [club, fewest] = [a, left];
    }
    open.delete(club);
    for (const b of fewest) {
      open.delete(b);
      pairs.push([club, b]);
      if (search()) return true;
      pairs.pop();
      open.add(b);
    }
    open.add(club);
    return false;
  };
  return search() ? pairs : null;
}

/**
 * Home and away: between two pots (or within one) every club has exactly two opponents, so those
 * pairings form cycles; walking each cycle and hosting the next club gives every club one home and
 * one away game against each pot.
 */
function orient(rounds: [string, string][][], pot: Map<string, number>): Pair[][] {
  const hosts = new Map<string, string>();
  const links = new Map<string, string[]>();
  for (const [a, b] of rounds.flat()) {
    const group = [pot.get(a)!, pot.get(b)!].sort().join();
    for (const [x, y] of [
      [a, b],
      [b, a],
    ]) {
      const at = `${group}|${x}`;
      links.set(at, [...(links.get(at) ?? []), y]);
    }
  }
  for (const [at, around] of links) {
    const [group, start] = at.split('|');
    let from = start;
    let to = around.find((y) => !hosts.has(pairKey(from, y)));
    while (to) {
      hosts.set(pairKey(from, to), from);
      from = to;
      to = links.get(`${group}|${from}`)!.find((y) => !hosts.has(pairKey(from, y)));
    }
  }
  return rounds.map((pairs) =>
    pairs.map(([a, b]): Pair => (hosts.get(pairKey(a, b)) === a ? [a, b] : [b, a])),
  );
}

const pairKey = (a: string, b: string) => (a < b ? `${a}~${b}` : `${b}~${a}`);
