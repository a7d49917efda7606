import { footballTable, type Game } from '../../services/sports/standings-tables.ts';
import type { Rng } from '../rng.ts';
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
  /**
   * Relegated directly from the bottom of the second tier. No open data has the third tiers, so
   * the clubs they send up are unknown: a simulated second tier goes on with the clubs it keeps.
   */
  tierDown: number;
  /** Second-tier fixture file (2025-26), under src/server/seed/data. */
  secondTier: string | null;
  playoff: PlayoffRule;
}

const tier = (code: string) => `football/openfootball-second-tiers/2025-26/${code}.json`;

export const LEAGUE_RULES: Record<string, LeagueRule> = {
  'en.1': { down: 3, tierDown: 3, secondTier: tier('en.2'), playoff: 'en' },
  'es.1': { down: 3, tierDown: 4, secondTier: tier('es.2'), playoff: 'es' },
  'it.1': { down: 3, tierDown: 3, secondTier: tier('it.2'), playoff: 'it' },
  'de.1': { down: 2, tierDown: 2, secondTier: tier('de.2'), playoff: 'de' },
  'fr.1': { down: 2, tierDown: 2, secondTier: tier('fr.2'), playoff: 'fr' },
  // No open China League One data: the clubs relegated a year earlier come back up (see promotedChina).
  'cn.1': { down: 2, tierDown: 0, secondTier: null, playoff: null },
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

/** Who goes down and who comes up after a season. */
export interface LeagueChange {
  relegated: string[];
  promoted: string[];
  playoff: PlayoffLeg[];
}

export interface Turnover extends LeagueChange {
  competition: string;
  /** The data's last season, now complete, and the season it hands over to. */
  from: string;
  to: string;
  /** Final table of `from`, top first (club names as in the fixture files). */
  table: string[];
  secondTierTable: string[];
  /** The clubs of `to`, sorted. */
  clubs: string[];
  /** The second tier's clubs in `to` that the data knows (中超: the clubs just relegated). */
  secondTierNext: string[];
  /** Elo of the second tier's clubs from their 2025-26 results: a simulated second tier's strengths. */
  secondTierRatings: Map<string, number>;
  /** Strength of promoted clubs that never played a top-flight game in the data. */
  newcomerRatings: Map<string, number>;
}

/** A finished game. `at` orders games for the tables' form and head-to-head. */
export interface Result {
  home: string;
  away: string;
  ft: Score;
  at: number;
}

export const nextSeason = (season: string) =>
  season.includes('-')
    ? `${Number(season.slice(0, 4)) + 1}-${String((Number(season.slice(0, 4)) + 2) % 100).padStart(2, '0')}`
    : String(Number(season) + 1);

/** Clubs of a finished league in table order, ranked as the site's standings rank them. */
export function finalTable(comp: string, list: Result[]): string[] {
  const clubs = [...new Set(list.flatMap((f) => [f.home, f.away]))].sort();
  const id = new Map(clubs.map((c, i) => [c, i]));
  const games: Game[] = list.map((f) => ({
    home: id.get(f.home)!,
    away: id.get(f.away)!,
    hs: f.ft[0],
    as: f.ft[1],
    at: f.at,
    group: null,
  }));
  const teamOf = new Map(
    clubs.map((c, i) => [i, { id: i, name: c, shortName: c, color: '', conference: null }]),
  );
  return footballTable(games, 'total', comp, 'league', teamOf, new Map()).map((r) => clubs[r.team.id]);
}

const resultsOf = (list: OpenFixture[]): Result[] =>
  list.map((f) => ({ home: f.home, away: f.away, ft: f.fixture.score!.ft!, at: f.kickoff.getTime() }));

/** What a play-off is drawn with: the league, the clubs' strengths, an rng per tie, the legs so far. */
interface Draw {
  comp: string;
  rate: (club: string) => number;
  rng: (key: string) => Rng;
  legs: PlayoffLeg[];
}

/** Two legs, `first` at home first; level on aggregate: extra time in the second leg, then penalties (or `levelTo`). */
function tie(d: Draw, key: string, first: string, second: string, round: string, levelTo?: string): string {
  const rng = d.rng(key);
  const one = simulatedScore(rng, d.comp, d.rate(first), d.rate(second)).ft;
  const two = simulatedScore(rng, d.comp, d.rate(second), d.rate(first)).ft;
  const leg2: PlayoffLeg = { round, home: second, away: first, score: two };
  d.legs.push({ round, home: first, away: second, score: one }, leg2);
  const agg = (club: string) => (club === first ? one[0] + two[1] : one[1] + two[0]);
  if (agg(first) !== agg(second)) return agg(first) > agg(second) ? first : second;
  return decideLevel(d, rng, leg2, levelTo);
}

/** One match (at `home`, or neutral); level: extra time, then penalties (or `levelTo`). */
function single(
  d: Draw,
  key: string,
  home: string,
  away: string,
  round: string,
  opts: { neutral?: boolean; levelTo?: string } = {},
): string {
  const rng = d.rng(key);
  const score = simulatedScore(rng, d.comp, d.rate(home), d.rate(away), opts.neutral).ft;
  const leg: PlayoffLeg = { round, home, away, score };
  d.legs.push(leg);
  if (score[0] !== score[1]) return score[0] > score[1] ? home : away;
  return decideLevel(d, rng, leg, opts.levelTo);
}

function decideLevel(d: Draw, rng: Rng, leg: PlayoffLeg, levelTo?: string): string {
  if (levelTo) return levelTo;
  const [lh, la] = simulatedScore(rng, d.comp, d.rate(leg.home), d.rate(leg.away)).ft.map((g) =>
    Math.floor(g / 3),
  );
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
  d: Draw,
  rule: PlayoffRule,
  top: string[],
  second: string[],
  points: (club: string) => number,
): { up: string | null; stays: boolean } {
  const [, , s3, s4, s5, s6, s7, s8] = second;
  const n = top.length;
  if (rule === 'en' || rule === 'es') {
    const a = tie(d, 'sf1', s6, s3, '附加赛半决赛');
    const b = tie(d, 'sf2', s5, s4, '附加赛半决赛');
    const [high, low] = second.indexOf(a) < second.indexOf(b) ? [a, b] : [b, a];
    const up =
      rule === 'en'
        ? single(d, 'final', high, low, '附加赛决赛', { neutral: true })
        : tie(d, 'final', low, high, '附加赛决赛');
    return { up, stays: false };
  }
  if (rule === 'it') {
    if (points(s3) - points(s4) >= 10) return { up: s3, stays: false };
    const q1 = single(d, 'q1', s5, s8, '附加赛首轮', { levelTo: s5 });
    const q2 = single(d, 'q2', s6, s7, '附加赛首轮', { levelTo: s6 });
    const [qHigh, qLow] = second.indexOf(q1) < second.indexOf(q2) ? [q1, q2] : [q2, q1];
    const a = tie(d, 'sf1', qLow, s3, '附加赛半决赛', s3);
    const b = tie(d, 'sf2', qHigh, s4, '附加赛半决赛', s4);
    const [high, low] = second.indexOf(a) < second.indexOf(b) ? [a, b] : [b, a];
    return { up: tie(d, 'final', low, high, '附加赛决赛', high), stays: false };
  }
  const challenger =
    rule === 'de'
      ? s3
      : rule === 'fr'
        ? single(d, 'r2', s3, single(d, 'r1', s4, s5, '附加赛首轮'), '附加赛次轮')
        : null;
  if (!challenger) return { up: null, stays: false };
  const sixteenth = top[n - 3];
  const winner = tie(d, 'relegation', challenger, sixteenth, '升降级附加赛');
  return winner === sixteenth ? { up: null, stays: true } : { up: challenger, stays: false };
}

const pointsIn = (list: Result[]) => {
  const pts = new Map<string, number>();
  for (const { home, away, ft } of list) {
    const [h, a] = ft;
    pts.set(home, (pts.get(home) ?? 0) + (h > a ? 3 : h === a ? 1 : 0));
    pts.set(away, (pts.get(away) ?? 0) + (a > h ? 3 : h === a ? 1 : 0));
  }
  return (club: string) => pts.get(club) ?? 0;
};

/** Reserve sides (Real Sociedad B) may not go up into their first team's division. */
const reserveSide = (club: string) => / (B|II)$/.test(club);

/**
 * Who goes down from the top flight's final table and who comes up from the second tier's, by the
 * league's rule (a league without second-tier data: see promotedChina and rollLeague).
 */
function leagueChange(
  comp: string,
  table: string[],
  tierTable: string[],
  points: (club: string) => number,
  rate: (club: string) => number,
  rng: (key: string) => Rng,
): LeagueChange {
  const rule = LEAGUE_RULES[comp];
  const legs: PlayoffLeg[] = [];
  const eligible = tierTable.filter((c) => !reserveSide(c));
  const po = playoff({ comp, rate, rng, legs }, rule.playoff, table, eligible, points);
  const down = rule.down + (rule.playoff === 'de' || rule.playoff === 'fr' ? (po.stays ? 0 : 1) : 0);
  return {
    relegated: table.slice(table.length - down),
    promoted: [...eligible.slice(0, 2), ...(po.up ? [po.up] : [])],
    playoff: legs,
  };
}

/** The second tier a season later: the relegated in; the promoted and its bottom clubs out. */
function secondTierAfter(comp: string, tierTable: string[], change: LeagueChange): string[] {
  const up = new Set(change.promoted);
  const kept = tierTable.slice(0, tierTable.length - LEAGUE_RULES[comp].tierDown).filter((c) => !up.has(c));
  return [...kept, ...change.relegated].sort();
}

/** Newcomers to the top flight take the relegated clubs' level, spread by their second-tier strength. */
function newcomerLevels(
  change: LeagueChange,
  topRating: (club: string) => number | undefined,
  tierRating: (club: string) => number,
): Map<string, number> {
  const out = new Map<string, number>();
  const base = change.relegated.reduce((sum, c) => sum + (topRating(c) ?? 1500), 0) / change.relegated.length;
  const mean = change.promoted.reduce((sum, c) => sum + tierRating(c), 0) / change.promoted.length;
  for (const club of change.promoted)
    if (topRating(club) === undefined)
      out.set(club, Math.round((base + (tierRating(club) - mean) / 2) * 10) / 10);
  return out;
}

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
    const table = finalTable(comp, resultsOf(last));
    let change: LeagueChange;
    let secondTierTable: string[] = [];
    let secondTierNext: string[];
    let tierElo = new Map<string, number>();
    let newcomerRatings = new Map<string, number>();
    if (rule.secondTier) {
      const tierList = finishSeasons(loadSecondTier(comp, rule.secondTier), () => true);
      tierElo = eloOf(tierList);
      secondTierTable = finalTable(tierList[0].competition.key, resultsOf(tierList));
      const tierClubs = new Set(secondTierTable);
      const rate = (club: string) =>
        tierClubs.has(club) ? (tierElo.get(club) ?? 1500) - TIER_GAP : (elo.get(club) ?? 1500);
      change = leagueChange(comp, table, secondTierTable, pointsIn(resultsOf(tierList)), rate, (key) =>
        finishRng(`playoff:${comp}:${key}`),
      );
      secondTierNext = secondTierAfter(comp, secondTierTable, change);
      newcomerRatings = newcomerLevels(
        change,
        (c) => elo.get(c),
        (c) => tierElo.get(c) ?? 1500,
      );
    } else {
      const relegated = table.slice(table.length - rule.down);
      change = { relegated, promoted: promotedChina(mine, seasons), playoff: [] };
      secondTierNext = relegated;
    }
    const down = new Set(change.relegated);
    out.set(comp, {
      competition: comp,
      from,
      to: nextSeason(from),
      table,
      secondTierTable,
      ...change,
      clubs: [...table.filter((c) => !down.has(c)), ...change.promoted].sort(),
      secondTierNext,
      secondTierRatings: tierElo,
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
    resultsOf(list.filter((s) => s.season === prev && s.fixture.score?.ft)),
  );
  return prevTable.filter((c) => !inLast.has(c)).slice(0, LEAGUE_RULES['cn.1'].down);
}

/** A league after a simulated season. */
export interface Rollover extends LeagueChange {
  /** The clubs of the next season, sorted. */
  clubs: string[];
  secondTierTable: string[];
  secondTierNext: string[];
  /** Promoted clubs `topRating` does not know, with their strength. */
  newcomerRatings: Map<string, number>;
}

/**
 * The turnover after a season the simulator played (any season after the data's): `table` is its
 * final table from the stored results; the second tier is simulated, a double round robin of the
 * clubs known to be in it (`secondTier`), and promotes by the league's rule. 中超, with no second
 * tier: the clubs relegated a year earlier come back up. `rate` is a club's strength on the top
 * flight's scale; every draw comes from `rng`, so each install rolls its seasons alike.
 */
export function rollLeague(
  comp: string,
  table: string[],
  secondTier: string[],
  topRating: (club: string) => number | undefined,
  tierRating: (club: string) => number,
  rng: (key: string) => Rng,
): Rollover {
  const rule = LEAGUE_RULES[comp];
  if (!rule.secondTier) {
    const relegated = table.slice(table.length - rule.down);
    return {
      relegated,
      promoted: secondTier,
      playoff: [],
      clubs: [...table.slice(0, table.length - rule.down), ...secondTier].sort(),
      secondTierTable: [],
      secondTierNext: relegated,
      newcomerRatings: new Map(),
    };
  }
  const rate = (club: string) => topRating(club) ?? tierRating(club) - TIER_GAP;
  const tierKey = `${comp.slice(0, 2)}.2`;
  const games: Result[] = [];
  for (const home of secondTier)
    for (const away of secondTier)
      if (home !== away)
        games.push({
          home,
          away,
          ft: simulatedScore(rng(`tier:${home}|${away}`), tierKey, rate(home), rate(away)).ft,
          at: games.length,
        });
  const secondTierTable = finalTable(tierKey, games);
  const change = leagueChange(comp, table, secondTierTable, pointsIn(games), rate, (key) =>
    rng(`playoff:${key}`),
  );
  const down = new Set(change.relegated);
  return {
    ...change,
    clubs: [...table.filter((c) => !down.has(c)), ...change.promoted].sort(),
    secondTierTable,
    secondTierNext: secondTierAfter(comp, secondTierTable, change),
    newcomerRatings: newcomerLevels(change, topRating, tierRating),
  };
}

const LEAGUE_OF_ASSOCIATION: Record<string, string> = {
  ENG: 'en.1',
  ESP: 'es.1',
  GER: 'de.1',
  ITA: 'it.1',
  FRA: 'fr.1',
};

/** The leagues whose tables fill the Champions League's places. */
export const UEFA_LEAGUES = Object.values(LEAGUE_OF_ASSOCIATION);

/**
 * The Champions League field after a season of the leagues: each big-five league keeps as many
 * places as its clubs held in `field` (`leagueOf` says which league a club played in), filled from
 * the top of its final table in `tables`; the other clubs stay (no open data has their leagues).
 * Null when a league with places has no table yet.
 */
export function championsLeagueField(
  field: string[],
  leagueOf: (club: string) => string | undefined,
  tables: Map<string, string[]>,
): string[] | null {
  const places = new Map<string, number>();
  const out: string[] = [];
  for (const club of field) {
    const league = leagueOf(club);
    if (league && LEAGUE_RULES[league]) places.set(league, (places.get(league) ?? 0) + 1);
    else out.push(club);
  }
  for (const [league, n] of places) {
    const table = tables.get(league);
    if (!table) return null;
    out.push(...table.slice(0, n));
  }
  return out.sort();
}

/**
 * The field after the data's last one (names as in the fixture files), its clubs' leagues by
 * association. Monaco (MCO) plays in Ligue 1 yet keeps its place here as a club of its own
 * association: installs have drawn 2026-27 so, and a season under way keeps its clubs. The
 * seasons after count a club in the league whose table it finished in (season-rollover.ts).
 */
export function firstChampionsLeagueField(field: { name: string; country: string | null }[]): string[] {
  const country = new Map(field.map((c) => [c.name, c.country]));
  return championsLeagueField(
    field.map((c) => c.name),
    (name) => LEAGUE_OF_ASSOCIATION[country.get(name) ?? ''],
    new Map([...seasonTurnovers()].map(([comp, t]) => [comp, t.table])),
  )!;
}
