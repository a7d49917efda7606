import { footballTable, type Game } from '../../services/sports/standings-tables.ts';
import { COMPETITIONS } from './catalog.ts';
import { readFixtures } from './files.ts';
import {
  eloOf,
  finishRng,
  finishSeasons,
  simulatedScore,
  type OpenFixture,
  type Score,
} from './season-finish.ts';
import { loadFootballSources } from './sources.ts';
import { zonedToUtc } from './zoned.ts';

/**
 * Who plays the season after the data's last one: each league's final table (real results, the
 * rest finished by simulation, season-finish.ts) relegates its bottom clubs, and the second tier's
 * final table (openfootball-second-tiers, finished the same way) promotes its top two and the
 * winner of its play-off, as each league does it. Pure and the same on every install.
 */
type PlayoffRule = 'en' | 'es' | 'it' | 'de' | 'fr' | null;

interface LeagueRule {
  /** Relegated directly from the bottom of the table. */
  down: number;
  /** Second-tier fixture file (2025-26), under src/server/seed/data. */
  secondTier: string | null;
  playoff: PlayoffRule;
}

const tier = (code: string) => `football/openfootball-second-tiers/2025-26/${code}.json`;

export const LEAGUE_RULES: Record<string, LeagueRule> = {
  'en.1': { down: 3, secondTier: tier('en.2'), playoff: 'en' },
  'es.1': { down: 3, secondTier: tier('es.2'), playoff: 'es' },
  'it.1': { down: 3, secondTier: tier('it.2'), playoff: 'it' },
  'de.1': { down: 2, secondTier: tier('de.2'), playoff: 'de' },
  'fr.1': { down: 2, secondTier: tier('fr.2'), playoff: 'fr' },
  // No open China League One data: the clubs relegated a year earlier come back up (see promotedChina).
  'cn.1': { down: 2, secondTier: null, playoff: null },
};

/** A second-tier club's Elo sits this far below a top-flight club's in a play-off between the tiers. */
const TIER_GAP = 150;

export interface PlayoffLeg {
  round: string;
  home: string;
  away: string;
  score: Score;
  /** Extra time (total after 120'), and the shoot-out. */
  et?: Score;
  pk?: Score;
}

export interface Turnover {
  competition: string;
  /** The data's last season, now complete, and the season it hands over to. */
  from: string;
  to: string;
  /** Final table of `from`, top first (club names as in the fixture files). */
  table: string[];
  secondTierTable: string[];
  relegated: string[];
  promoted: string[];
  playoff: PlayoffLeg[];
  /** The clubs of `to`, sorted. */
  clubs: string[];
  /** Strength of promoted clubs that never played a top-flight game in the data. */
  newcomerRatings: Map<string, number>;
}

const nextSeason = (season: string) =>
  season.includes('-')
    ? `${Number(season.slice(0, 4)) + 1}-${String((Number(season.slice(0, 4)) + 2) % 100).padStart(2, '0')}`
    : String(Number(season) + 1);

/** Clubs of a finished league in table order, ranked as the site's standings rank them. */
export function finalTable(comp: string, list: OpenFixture[]): string[] {
  const clubs = [...new Set(list.flatMap((f) => [f.home, f.away]))].sort();
  const id = new Map(clubs.map((c, i) => [c, i]));
  const games: Game[] = list.map((f) => ({
    home: id.get(f.home)!,
    away: id.get(f.away)!,
    hs: f.fixture.score!.ft![0],
    as: f.fixture.score!.ft![1],
    at: f.kickoff.getTime(),
    group: null,
  }));
  const teamOf = new Map(
    clubs.map((c, i) => [i, { id: i, name: c, shortName: c, color: '', conference: null }]),
  );
  return footballTable(games, 'total', comp, 'league', teamOf, new Map()).map((r) => clubs[r.team.id]);
}

/** Two legs, `first` at home first; level on aggregate: extra time in the second leg, then penalties (or `levelTo`). */
function tie(
  key: string,
  comp: string,
  first: string,
  second: string,
  rate: (club: string) => number,
  legs: PlayoffLeg[],
  round: string,
  levelTo?: string,
): string {
  const rng = finishRng(`playoff:${comp}:${key}`);
  const one = simulatedScore(rng, comp, rate(first), rate(second)).ft;
  const two = simulatedScore(rng, comp, rate(second), rate(first)).ft;
  const leg2: PlayoffLeg = { round, home: second, away: first, score: two };
  legs.push({ round, home: first, away: second, score: one }, leg2);
  const agg = (club: string) => (club === first ? one[0] + two[1] : one[1] + two[0]);
  if (agg(first) !== agg(second)) return agg(first) > agg(second) ? first : second;
  return decideLevel(rng, comp, leg2, rate, levelTo);
}

/** One match (at `home`, or neutral); level: extra time, then penalties (or `levelTo`). */
function single(
  key: string,
  comp: string,
  home: string,
  away: string,
  rate: (club: string) => number,
  legs: PlayoffLeg[],
  round: string,
  opts: { neutral?: boolean; levelTo?: string } = {},
): string {
  const rng = finishRng(`playoff:${comp}:${key}`);
  const score = simulatedScore(rng, comp, rate(home), rate(away), opts.neutral).ft;
  const leg: PlayoffLeg = { round, home, away, score };
  legs.push(leg);
  if (score[0] !== score[1]) return score[0] > score[1] ? home : away;
  return decideLevel(rng, comp, leg, rate, opts.levelTo);
}

function decideLevel(
  rng: ReturnType<typeof finishRng>,
  comp: string,
  leg: PlayoffLeg,
  rate: (club: string) => number,
  levelTo?: string,
): string {
  if (levelTo) return levelTo;
  const [lh, la] = simulatedScore(rng, comp, rate(leg.home), rate(leg.away)).ft.map((g) => Math.floor(g / 3));
  leg.et = [leg.score[0] + lh, leg.score[1] + la];
  if (lh !== la) return lh > la ? leg.home : leg.away;
  const homeWins = rng.chance(0.5);
  leg.pk = homeWins ? [5, 4] : [4, 5];
  return homeWins ? leg.home : leg.away;
}

/**
 * The second tier's play-off. England: 3rd v 6th and 4th v 5th over two legs, a one-match final at
 * Wembley. Spain: the same with a two-legged final. Italy: 5th v 8th and 6th v 7th at the higher
 * club, semi-finals against 3rd and 4th and a final over two legs, level ties going to the higher
 * club (no play-off when 3rd leads 4th by ten points). Germany: 3rd v the Bundesliga's 16th over
 * two legs. France: 4th v 5th, the winner at 3rd, then v Ligue 1's 16th over two legs.
 */
function playoff(
  rule: PlayoffRule,
  comp: string,
  top: string[],
  second: string[],
  rate: (club: string) => number,
  legs: PlayoffLeg[],
  points: (club: string) => number,
): { up: string | null; stays: boolean } {
  const [, , s3, s4, s5, s6, s7, s8] = second;
  const n = top.length;
  if (rule === 'en' || rule === 'es') {
    const a = tie('sf1', comp, s6, s3, rate, legs, '附加赛半决赛');
    const b = tie('sf2', comp, s5, s4, rate, legs, '附加赛半决赛');
    const [high, low] = second.indexOf(a) < second.indexOf(b) ? [a, b] : [b, a];
    const up =
      rule === 'en'
        ? single('final', comp, high, low, rate, legs, '附加赛决赛', { neutral: true })
        : tie('final', comp, low, high, rate, legs, '附加赛决赛');
    return { up, stays: false };
  }
  if (rule === 'it') {
    if (points(s3) - points(s4) >= 10) return { up: s3, stays: false };
    const q1 = single('q1', comp, s5, s8, rate, legs, '附加赛首轮', { levelTo: s5 });
    const q2 = single('q2', comp, s6, s7, rate, legs, '附加赛首轮', { levelTo: s6 });
    const [qHigh, qLow] = second.indexOf(q1) < second.indexOf(q2) ? [q1, q2] : [q2, q1];
    const a = tie('sf1', comp, qLow, s3, rate, legs, '附加赛半决赛', s3);
    const b = tie('sf2', comp, qHigh, s4, rate, legs, '附加赛半决赛', s4);
    const [high, low] = second.indexOf(a) < second.indexOf(b) ? [a, b] : [b, a];
    return { up: tie('final', comp, low, high, rate, legs, '附加赛决赛', high), stays: false };
  }
  const challenger =
    rule === 'de'
      ? s3
      : rule === 'fr'
        ? single(
            'r2',
            comp,
            s3,
            single('r1', comp, s4, s5, rate, legs, '附加赛首轮'),
            rate,
            legs,
            '附加赛次轮',
          )
        : null;
  if (!challenger) return { up: null, stays: false };
  const sixteenth = top[n - 3];
  const winner = tie('relegation', comp, challenger, sixteenth, rate, legs, '升降级附加赛');
  return winner === sixteenth ? { up: null, stays: true } : { up: challenger, stays: false };
}

const pointsIn = (list: OpenFixture[]) => {
  const pts = new Map<string, number>();
  for (const f of list) {
    const [h, a] = f.fixture.score!.ft!;
    pts.set(f.home, (pts.get(f.home) ?? 0) + (h > a ? 3 : h === a ? 1 : 0));
    pts.set(f.away, (pts.get(f.away) ?? 0) + (a > h ? 3 : h === a ? 1 : 0));
  }
  return (club: string) => pts.get(club) ?? 0;
};

function loadSecondTier(comp: string, file: string): OpenFixture[] {
  const zone = COMPETITIONS.find((c) => c.key === comp)!.zone;
  const key = `${comp.slice(0, 2)}.2`;
  return readFixtures(file).map((fixture) => ({
    competition: { key },
    season: '2025-26',
    fixture,
    home: fixture.team1,
    away: fixture.team2,
    kickoff: zonedToUtc(fixture.date, fixture.time ?? '15:00', zone),
  }));
}

let memo: Map<string, Turnover> | null = null;

/** The turnover of every league with a rule, from the data's last season to the next. */
export function seasonTurnovers(): Map<string, Turnover> {
  if (memo) return memo;
  const sources = loadFootballSources();
  const elo = eloOf(sources);
  const out = new Map<string, Turnover>();
  for (const [comp, rule] of Object.entries(LEAGUE_RULES)) {
    const mine = sources.filter((s) => s.competition.key === comp);
    const seasons = [...new Set(mine.map((s) => s.season))].sort();
    const from = seasons[seasons.length - 1];
    const last = finishSeasons(
      mine.filter((s) => s.season === from),
      () => true,
      elo,
    );
    const table = finalTable(comp, last);
    const legs: PlayoffLeg[] = [];
    let promoted: string[];
    let secondTierTable: string[] = [];
    let relegated = table.slice(table.length - rule.down);
    const newcomerRatings = new Map<string, number>();
    if (rule.secondTier) {
      const tierList = finishSeasons(loadSecondTier(comp, rule.secondTier), () => true);
      const tierElo = eloOf(tierList);
      secondTierTable = finalTable(tierList[0].competition.key, tierList);
      const tierClubs = new Set(secondTierTable);
      const rate = (club: string) =>
        tierClubs.has(club) ? (tierElo.get(club) ?? 1500) - TIER_GAP : (elo.get(club) ?? 1500);
      const po = playoff(rule.playoff, comp, table, secondTierTable, rate, legs, pointsIn(tierList));
      promoted = [...secondTierTable.slice(0, 2), ...(po.up ? [po.up] : [])];
      if (rule.playoff === 'de' || rule.playoff === 'fr')
        relegated = table.slice(table.length - (po.stays ? rule.down : rule.down + 1));
      // Newcomers take the relegated clubs' level, spread by their own second-tier Elo.
      const base = relegated.reduce((sum, c) => sum + (elo.get(c) ?? 1500), 0) / relegated.length;
      const mean = promoted.reduce((sum, c) => sum + (tierElo.get(c) ?? 1500), 0) / promoted.length;
      for (const club of promoted)
        if (!elo.has(club))
          newcomerRatings.set(club, Math.round((base + ((tierElo.get(club) ?? 1500) - mean) / 2) * 10) / 10);
    } else promoted = promotedChina(mine, seasons);
    const down = new Set(relegated);
    out.set(comp, {
      competition: comp,
      from,
      to: nextSeason(from),
      table,
      secondTierTable,
      relegated,
      promoted,
      playoff: legs,
      clubs: [...table.filter((c) => !down.has(c)), ...promoted].sort(),
      newcomerRatings,
    });
  }
  return (memo = out);
}

/**
 * 中超: no China League One table is in any open source. The clubs the data's previous season had
 * and its last one lost (relegated a year earlier, so League One clubs in the last season) are
 * promoted, best-placed first: for 2025 → 2026, Cangzhou Mighty Lions and Nantong Zhiyun.
 */
function promotedChina(list: OpenFixture[], seasons: string[]): string[] {
  const [prev, last] = seasons.slice(-2);
  const inLast = new Set(list.filter((s) => s.season === last).flatMap((s) => [s.home, s.away]));
  const prevTable = finalTable(
    'cn.1',
    list.filter((s) => s.season === prev && s.fixture.score?.ft),
  );
  return prevTable.filter((c) => !inLast.has(c)).slice(0, LEAGUE_RULES['cn.1'].down);
}

const LEAGUE_OF_ASSOCIATION: Record<string, string> = {
  ENG: 'en.1',
  ESP: 'es.1',
  GER: 'de.1',
  ITA: 'it.1',
  FRA: 'fr.1',
};

/**
 * The Champions League field after the data's last league seasons: each big-five association keeps
 * as many places as it had in the data's last field, filled from the top of its final table; the
 * other associations' clubs stay (no open data has their leagues). Names as in the fixture files.
 */
export function championsLeagueField(field: { name: string; country: string | null }[]): string[] {
  const turnovers = seasonTurnovers();
  const places = new Map<string, number>();
  const out: string[] = [];
  for (const club of field) {
    const league = club.country ? LEAGUE_OF_ASSOCIATION[club.country] : undefined;
    if (league && turnovers.has(league)) places.set(league, (places.get(league) ?? 0) + 1);
    else out.push(club.name);
  }
  for (const [league, n] of places) out.push(...turnovers.get(league)!.table.slice(0, n));
  return out.sort();
}
