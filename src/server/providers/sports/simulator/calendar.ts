import { addDays, beijingDate, dayNumber, salesDay, weekdayOf } from '../../../../lib/sports/time.ts';
import { jcNumber } from '../../../../lib/vocab/lottery.ts';
import { matchHeat } from '../../../sports/heat.ts';
import { basketballSeasonName, footballSeasonName } from '../../../sports/import/catalog.ts';
import { hash32 } from '../../../sports/rng.ts';
import type { FeedMatch } from '../feed.ts';
import { basketballSeason, leagueSeason, uclSeason, type SeasonFixture } from './season-fixtures.ts';

/** The clubs of a competition's latest season in the data: who the simulated season is played by. */
export interface TeamPool {
  competitionKey: string;
  teams: string[];
  /**
   * The seasons after the data's, in order, each with its clubs after promotion and relegation: the
   * first by the data's final tables (season-turnover.ts), the next by the simulator's own
   * (season-rollover.ts).
   */
  later?: LaterSeason[];
}

export interface LaterSeason {
  season: string;
  teams: string[];
  /** A league's second-tier clubs the site knows of in this season: who may come up after it. */
  secondTier?: string[];
  /** A league's final table of this season, once the next one is rolled (season-rollover.ts). */
  table?: string[];
}

/** Who plays `season`: the clubs of the latest turnover up to it, before any the data's last clubs. */
export const poolTeams = (pool: TeamPool, season: string) =>
  pool.later?.findLast((s) => s.season <= season)?.teams ?? pool.teams;

export interface CalendarPools {
  football: TeamPool[];
  basketball: TeamPool[];
  /** Team key → rating, home venue, association (Champions League draw) and (NBA) conference. */
  teams: Map<
    string,
    { rating: number; venue: string | null; country?: string | null; conference?: string | null }
  >;
  /**
   * Seasons as far as their stored results decide them, by `comp|season`: the seed's fixtures and
   * the games decided so far (the basketball play-offs, basketball-playoffs.ts; the Champions
   * League knockout rounds, ucl-results.ts). Without one a season is the seed's alone.
   */
  decided?: Map<string, SeasonFixture[]>;
}

export type CalendarEntry = FeedMatch & { kickoffAt: Date };

/** Every fixture of a competition's season, built once per process (a pure function of the seed). */
export function seasonFixtures(
  seed: string,
  pools: CalendarPools,
  comp: string,
  season: string,
): SeasonFixture[] {
  const decided = pools.decided?.get(`${comp}|${season}`);
  if (decided) return decided;
  const pool = [...pools.football, ...pools.basketball].find((p) => p.competitionKey === comp);
  if (!pool) return [];
  if (comp === 'nba' || comp === 'cba')
    return basketballSeason(
      seed,
      comp,
      season,
      pool.teams.map((key) => ({ key, west: pools.teams.get(key)?.conference === 'West' })),
    );
  if (comp === 'uefa.cl')
    return uclSeason(
      seed,
      season,
      poolTeams(pool, season).map((key) => ({
        key,
        rating: pools.teams.get(key)?.rating ?? 1500,
        country: pools.teams.get(key)?.country ?? null,
      })),
    );
  const uclPool = pools.football.find((p) => p.competitionKey === 'uefa.cl');
  const ucl = new Set(uclPool ? poolTeams(uclPool, season) : []);
  return leagueSeason(seed, comp, season, poolTeams(pool, season), ucl);
}

/** The season of `comp` that is current on a Beijing date. */
export const seasonOn = (comp: string, date: string) =>
  comp === 'nba' || comp === 'cba' ? basketballSeasonName(date) : footballSeasonName(comp, date);

const byDate = new WeakMap<SeasonFixture[], Map<string, SeasonFixture[]>>();
function fixturesOn(list: SeasonFixture[], date: string) {
  let index = byDate.get(list);
  if (!index) {
    index = new Map();
    for (const f of list) {
      const d = beijingDate(f.kickoffAt);
      index.set(d, [...(index.get(d) ?? []), f]);
    }
    byDate.set(list, index);
  }
  return index.get(date) ?? [];
}

/** A season fixture as the feed stores it. */
export function toEntry(f: SeasonFixture, pools: CalendarPools): CalendarEntry {
  const sport = f.competitionKey === 'nba' || f.competitionKey === 'cba' ? 2 : 1;
  const h = pools.teams.get(f.home);
  const a = pools.teams.get(f.away);
  const fallback = sport === 1 ? 1500 : 0;
  return {
    key: f.key,
    origin: 'sim',
    sport,
    competition: f.competitionKey,
    season: f.season,
    stage: f.stage,
    ...(f.round ? { round: f.round } : {}),
    group: null,
    home: f.home,
    away: f.away,
    kickoffAt: f.kickoffAt,
    venue: f.neutralVenue ?? (sport === 1 ? (h?.venue ?? null) : null),
    neutral: !!f.neutralVenue,
    heat: matchHeat(f.competitionKey, sport, h?.rating ?? fallback, a?.rating ?? fallback),
  };
}

function matchesOn(seed: string, date: string, pools: CalendarPools, sport: 1 | 2): CalendarEntry[] {
  const list = sport === 1 ? pools.football : pools.basketball;
  // NBA nights and European evenings end after midnight Beijing: yesterday's season may still play.
  const seasons = (comp: string) => [...new Set([seasonOn(comp, date), seasonOn(comp, addDays(date, -1))])];
  return list
    .flatMap((p) =>
      seasons(p.competitionKey).flatMap((s) =>
        fixturesOn(seasonFixtures(seed, pools, p.competitionKey, s), date),
      ),
    )
    .map((f) => toEntry(f, pools))
    .sort(byKickoff);
}

const byKickoff = (a: CalendarEntry, b: CalendarEntry) =>
  a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key);

/** 北单 issues run over blocks of three days. */
const bdBlock = (date: string) => Math.floor(dayNumber(date) / 3);
const bdDates = (block: number) => [0, 1, 2].map((i) => addDays('1970-01-01', block * 3 + i));

/** 足彩 issues follow the rounds: the weekend (Saturday–Tuesday, Beijing) and midweek (Wednesday–Friday). */
export function zcDates(date: string): string[] {
  const sinceSat = (weekdayOf(date) + 1) % 7;
  const start = addDays(date, sinceSat < 4 ? -sinceSat : -(sinceSat - 4));
  return Array.from({ length: sinceSat < 4 ? 4 : 3 }, (_, i) => addDays(start, i));
}

/** 足彩 issue number: year and the count of issues since the Saturday on or before 1 January. */
function zcIssueOf(start: string): string {
  const jan1 = `${start.slice(0, 4)}-01-01`;
  const ref = addDays(jan1, -((weekdayOf(jan1) + 1) % 7));
  const week = Math.floor((dayNumber(start) - dayNumber(ref)) / 7);
  const n = week * 2 + (weekdayOf(start) === 6 ? 1 : 2);
  return `${start.slice(2, 4)}${String(n).padStart(3, '0')}`;
}

/** The 14 hottest big-league matches of the issue, no club twice; none when there are fewer. */
function zcPicks(football: CalendarEntry[]): string[] {
  const seen = new Set<string>();
  const picks: CalendarEntry[] = [];
  for (const m of football
    .filter((x) => x.competition !== 'cn.1')
    .sort((a, b) => (b.heat ?? 0) - (a.heat ?? 0) || a.key.localeCompare(b.key))) {
    if (picks.length === 14) break;
    if (seen.has(m.home) || seen.has(m.away)) continue;
    seen.add(m.home).add(m.away);
    picks.push(m);
  }
  return picks.length === 14 ? picks.sort(byKickoff).map((m) => m.key) : [];
}

/** Football matches 竞彩 sells: four in five. */
const onJc = (m: CalendarEntry) => m.sport === 2 || hash32(m.key) % 5 !== 0;

/**
 * 竞彩 number of a match: the weekday of its sales day (noon to noon, lib/sports/time.ts) and its
 * place in that day's card in kick-off order, football from 001, basketball from 301.
 */
function jcNoOf(seed: string, m: CalendarEntry, pools: CalendarPools): string | null {
  if (!onJc(m)) return null;
  const day = salesDay(m.kickoffAt);
  const sport = m.sport as 1 | 2;
  const card = [day, addDays(day, 1)]
    .flatMap((d) => matchesOn(seed, d, pools, sport))
    .filter((x) => onJc(x) && salesDay(x.kickoffAt) === day);
  return jcNumber(weekdayOf(day), card.findIndex((x) => x.key === m.key) + 1, sport);
}

/**
 * One day of the demo calendar with lottery numbers: 竞彩 (four in five football matches and
 * every basketball game, numbered by sales day: 周三001 / 周三301), 北单 (every football match,
 * numbered through the three-day issue), 足彩 (14 matches of the round's hottest, in kick-off order).
 */
export function calendarDay(seed: string, date: string, pools: CalendarPools): CalendarEntry[] {
  const bd = bdDates(bdBlock(date));
  const bdFootball = bd.flatMap((d) => matchesOn(seed, d, pools, 1)).sort(byKickoff);
  const bdIssue = bd[0].replace(/-/g, '').slice(2);
  const zc = zcDates(date);
  const picks = zcPicks(zc.flatMap((d) => matchesOn(seed, d, pools, 1)));
  const zcIssue = zcIssueOf(zc[0]);
  const football = matchesOn(seed, date, pools, 1).map((m) => ({
    ...m,
    lottery: {
      bdIssue,
      bdNo: bdFootball.findIndex((x) => x.key === m.key) + 1,
      zcIssue: picks.includes(m.key) ? zcIssue : null,
      zcOrder: picks.includes(m.key) ? picks.indexOf(m.key) + 1 : null,
      jcNo: jcNoOf(seed, m, pools),
    },
  }));
  const basketball = matchesOn(seed, date, pools, 2).map((m) => ({
    ...m,
    lottery: { jcNo: jcNoOf(seed, m, pools) },
  }));
  return [...football, ...basketball];
}
