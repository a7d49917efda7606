import { addDays, weekdayOf } from '../../../../lib/sports/time.ts';
import { zonedToUtc } from '../../../sports/import/zoned.ts';
import { rngFor } from '../../../sports/rng.ts';
import { LEAGUE_ZONE, roundSlots, tipoffTimes } from './kickoff-slots.ts';
import { leagueRoundSlots, onOrAfter, seasonStartYear, uclMatchdays } from './season-rounds.ts';
import { drawLeaguePhase, MATCHDAYS, type DrawClub } from './ucl-draw.ts';

/** One fixture of a simulated season, before it becomes a calendar entry. */
export interface SeasonFixture {
  key: string;
  competitionKey: string;
  season: string;
  stage: { key: string; nameZh: string; kind: string };
  round: { key: string; nameZh: string; number: number | null } | null;
  home: string;
  away: string;
  kickoffAt: Date;
  /** A final's ground: neither club is at home. */
  neutralVenue?: string;
}

/** Circle-method round robin: every team once per round, home and away alternating. */
export function roundRobin(teams: string[]): [string, string][][] {
  const list = teams.length % 2 ? [...teams, ''] : [...teams];
  const n = list.length;
  const rounds: [string, string][][] = [];
  for (let r = 0; r < n - 1; r++) {
    const pairs: [string, string][] = [];
    for (let i = 0; i < n / 2; i++) {
      const [a, b] = [list[i], list[n - 1 - i]];
      if (!a || !b) continue;
      const flip = i === 0 ? r % 2 === 1 : i % 2 === 1;
      pairs.push(flip ? [b, a] : [a, b]);
    }
    rounds.push(pairs);
    list.splice(1, 0, list.pop()!);
  }
  return rounds;
}

const cache = new Map<string, SeasonFixture[]>();
const cached = (key: string, build: () => SeasonFixture[]) => {
  let v = cache.get(key);
  if (!v) {
    if (cache.size > 64) cache.clear();
    cache.set(key, (v = build()));
  }
  return v;
};

/**
 * A league's whole season: a double round robin of `teams` (the second half mirrors the first
 * with home and away swapped), each round on its weekend or midweek slot. Teams in the
 * Champions League never play the Monday game, and a weekend before a midweek round has no
 * Monday game, so no team plays twice within two days.
 */
export function leagueSeason(
  seed: string,
  comp: string,
  season: string,
  teams: string[],
  uclTeams: Set<string>,
): SeasonFixture[] {
  return cached(`${seed}|${comp}|${season}|${teams.join()}`, () => {
    if (teams.length < 2) return [];
    const rng = rngFor(seed, `season:${comp}:${season}`);
    const first = roundRobin(rng.shuffle([...teams].sort()));
    const rounds = [...first, ...first.map((r) => r.map(([h, a]) => [a, h] as [string, string]))];
    const dates = leagueRoundSlots(comp, seasonStartYear(season), rounds.length);
    const zone = LEAGUE_ZONE[comp] ?? 'UTC';
    const out: SeasonFixture[] = [];
    rounds.forEach((pairs, i) => {
      const slot = dates[i];
      if (!slot) return;
      const beforeMidweek = dates[i + 1]?.midweek && !slot.midweek;
      const free = roundSlots(comp, slot.midweek, pairs.length).map((s) =>
        beforeMidweek && s.day === 2 ? { ...s, day: 1 } : s,
      );
      const order = rng.shuffle(pairs);
      // Monday slots first, to a match without a Champions League side.
      const assigned = new Map<[string, string], (typeof free)[number]>();
      for (const s of free.filter((x) => x.day === 2)) {
        const pick = order.find((p) => !assigned.has(p) && !uclTeams.has(p[0]) && !uclTeams.has(p[1]));
        if (pick) assigned.set(pick, s);
        else
          assigned.set(
            order.find((p) => !assigned.has(p))!,
            { ...s, day: 1 },
          );
      }
      const rest = free.filter((x) => x.day !== 2);
      for (const p of order) if (!assigned.has(p)) assigned.set(p, rest.shift()!);
      const n = i + 1;
      for (const [[home, away], s] of assigned)
        out.push({
          key: `sim:${comp}:${season}:${n}:${home}-${away}`,
          competitionKey: comp,
          season,
          stage: { key: 'league', nameZh: '联赛', kind: 'league' },
          round: { key: `Matchday ${n}`, nameZh: `第${n}轮`, number: n },
          home,
          away,
          kickoffAt: zonedToUtc(addDays(slot.date, s.day), s.time, zone),
        });
    });
    return out;
  });
}

/**
 * The Champions League league phase on the UEFA nights, drawn by UEFA's rules (ucl-draw.ts). A pool
 * that cannot make four equal pots (never the data's 36 clubs) plays the first eight rounds of a
 * round robin instead.
 */
export function uclSeason(seed: string, season: string, clubs: DrawClub[]): SeasonFixture[] {
  const teams = clubs.map((c) => c.key);
  return cached(`${seed}|uefa.cl|${season}|${teams.join()}`, () => {
    if (teams.length < 2) return [];
    const rng = rngFor(seed, `season:uefa.cl:${season}`);
    const rounds =
      drawLeaguePhase(rng, clubs) ?? roundRobin(rng.shuffle([...teams].sort())).slice(0, MATCHDAYS);
    const days = uclMatchdays(seasonStartYear(season));
    return rounds.flatMap((pairs, i) => {
      const slots = roundSlots('uefa.cl', true, pairs.length);
      const n = i + 1;
      return rng.shuffle(pairs).map(([home, away], j) => ({
        key: `sim:uefa.cl:${season}:${n}:${home}-${away}`,
        competitionKey: 'uefa.cl',
        season,
        stage: { key: 'league', nameZh: '联赛阶段', kind: 'league' },
        round: { key: `League, Matchday ${n}`, nameZh: `联赛阶段第${n}轮`, number: n },
        home,
        away,
        kickoffAt: zonedToUtc(addDays(days[i], slots[j].day), slots[j].time, LEAGUE_ZONE['uefa.cl']),
      }));
    });
  });
}

const BB_SEASON: Record<string, { open: [string, number]; end: string; perDay: number[] }> = {
  // Opening night on the Tuesday from 20 October; games a night by weekday (Sunday first).
  nba: { open: ['10-20', 2], end: '04-11', perDay: [7, 6, 5, 9, 5, 8, 7] },
  // The CBA opens on a Saturday in mid-October.
  cba: { open: ['10-10', 6], end: '04-05', perDay: [5, 4, 4, 5, 4, 5, 5] },
};

/** The local date of a basketball regular season's last night: the play-offs follow it. */
export const regularSeasonEnd = (comp: string, season: string) =>
  `${seasonStartYear(season) + 1}-${BB_SEASON[comp].end}`;

/**
 * A basketball regular season, night by night (local dates): the teams that rested the night
 * before and have played least take the floor, so nobody plays on consecutive days and the
 * game counts stay level. The side with fewer home games hosts.
 */
export function basketballSeason(
  seed: string,
  comp: string,
  season: string,
  teams: { key: string; west: boolean }[],
): SeasonFixture[] {
  return cached(`${seed}|${comp}|${season}|${teams.map((t) => t.key).join()}`, () => {
    const spec = BB_SEASON[comp];
    if (!spec || teams.length < 2) return [];
    const y = seasonStartYear(season);
    const rng = rngFor(seed, `season:${comp}:${season}`);
    const played = new Map(teams.map((t) => [t.key, { games: 0, home: 0 }]));
    const west = new Map(teams.map((t) => [t.key, t.west]));
    const out: SeasonFixture[] = [];
    let yesterday = new Set<string>();
    const last = `${y + 1}-${spec.end}`;
    for (let d = onOrAfter(`${y}-${spec.open[0]}`, spec.open[1]); d <= last; d = addDays(d, 1)) {
      const wd = weekdayOf(d);
      const count = Math.max(1, spec.perDay[wd] + rng.int(-1, 1));
      const ready = rng
        .shuffle(teams.map((t) => t.key).filter((k) => !yesterday.has(k)))
        .sort((a, b) => played.get(a)!.games - played.get(b)!.games)
        .slice(0, count * 2);
      const today = new Set<string>();
      const lineup = rng.shuffle(ready);
      for (let i = 0; i + 1 < lineup.length; i += 2) {
        const [a, b] = [lineup[i], lineup[i + 1]];
        const [home, away] = played.get(a)!.home <= played.get(b)!.home ? [a, b] : [b, a];
        played.get(home)!.home++;
        played.get(home)!.games++;
        played.get(away)!.games++;
        today.add(home).add(away);
        const time = rng.pick(tipoffTimes(comp, west.get(home)!, wd === 0 || wd === 6));
        out.push({
          key: `sim:${comp}:${season}:${d}:${home}-${away}`,
          competitionKey: comp,
          season,
          stage: { key: 'regular', nameZh: '常规赛', kind: 'regular' },
          round: null,
          home,
          away,
          kickoffAt: zonedToUtc(d, time, LEAGUE_ZONE[comp]),
        });
      }
      yesterday = today;
    }
    return out;
  });
}
