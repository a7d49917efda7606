import { addDays, dayNumber, dayStart, weekdayOf } from '../../../../lib/sports/time.ts';
import { jcNumber } from '../../../../lib/vocab/lottery.ts';
import { matchHeat } from '../../../sports/heat.ts';
import { basketballSeasonName } from '../../../sports/import/catalog.ts';
import { hash32, rngFor, type Rng } from '../../../sports/rng.ts';
import type { FeedMatch } from '../feed.ts';
import { MIN } from './plan-types.ts';

/** Real fixtures of a competition's latest season, round by round: what the calendar replays. */
export interface FootballPool {
  competitionKey: string;
  seasonName: string;
  rounds: PoolFixture[][];
}

export interface PoolFixture {
  id: number;
  stage: { key: string; nameZh: string; kind: string };
  round: { key: string; nameZh: string; number: number | null };
  group: string | null;
  home: string;
  away: string;
}

export interface BasketballPool {
  competitionKey: string;
  teams: string[];
}

export interface CalendarPools {
  football: FootballPool[];
  basketball: BasketballPool[];
  /** Team key → rating and home venue. */
  teams: Map<string, { rating: number; venue: string | null }>;
}

/** Matches a day: about 40 football and 15 basketball. The Champions League plays Tue–Thu. */
const FOOTBALL_QUOTA: Record<string, number> = {
  'uefa.cl': 6,
  'en.1': 7,
  'es.1': 7,
  'it.1': 7,
  'de.1': 6,
  'fr.1': 6,
  'cn.1': 4,
};
const UCL_WEEKDAYS = [2, 3, 4];
const BASKETBALL_QUOTA: Record<string, number> = { nba: 10, cba: 5 };

export type CalendarEntry = FeedMatch & { kickoffAt: Date };

/** Kick-offs spread over the whole Beijing day, so some match is always in play. */
function kickoffs(rng: Rng, date: string, count: number): Date[] {
  const start = dayStart(date);
  const step = 1400 / Math.max(1, count);
  const minutes = Array.from(
    { length: count },
    (_, i) => 15 + Math.round((i * step + rng.next() * step * 0.5) / 5) * 5,
  );
  return rng.shuffle(minutes).map((m) => new Date(start + m * MIN));
}

function footballDay(seed: string, date: string, pools: CalendarPools): CalendarEntry[] {
  const rng = rngFor(seed, `calendar:fb:${date}`);
  const used = new Set<string>();
  const picked: { pool: FootballPool; fx: PoolFixture }[] = [];
  const order = [...pools.football].sort((a, b) =>
    a.competitionKey === 'uefa.cl' ? -1 : b.competitionKey === 'uefa.cl' ? 1 : 0,
  );
  for (const pool of order) {
    if (pool.competitionKey === 'uefa.cl' && !UCL_WEEKDAYS.includes(weekdayOf(date))) continue;
    if (pool.rounds.length === 0) continue;
    // Consecutive days walk through consecutive rounds.
    const round =
      pool.rounds[
        (dayNumber(date) + (hash32(pool.competitionKey) % pool.rounds.length)) % pool.rounds.length
      ];
    let quota = FOOTBALL_QUOTA[pool.competitionKey] ?? 4;
    for (const fx of rng.shuffle(round)) {
      if (quota === 0) break;
      if (used.has(fx.home) || used.has(fx.away)) continue;
      used.add(fx.home).add(fx.away);
      picked.push({ pool, fx });
      quota--;
    }
  }
  const times = kickoffs(rng, date, picked.length);
  return picked.map(({ pool, fx }, i) => {
    const h = pools.teams.get(fx.home);
    const a = pools.teams.get(fx.away);
    const neutral = fx.round.key === 'Finals, Final';
    return {
      key: `sim:${date}:${pool.competitionKey}:${fx.id}`,
      origin: 'sim',
      sport: 1,
      competition: pool.competitionKey,
      season: pool.seasonName,
      stage: fx.stage,
      round: fx.round,
      group: fx.group,
      home: fx.home,
      away: fx.away,
      kickoffAt: times[i],
      venue: neutral ? null : (h?.venue ?? null),
      neutral,
      heat: matchHeat(pool.competitionKey, 1, h?.rating ?? 1500, a?.rating ?? 1500),
      sourceMatchId: fx.id,
    };
  });
}

function basketballDay(seed: string, date: string, pools: CalendarPools): CalendarEntry[] {
  const rng = rngFor(seed, `calendar:bb:${date}`);
  const games: { pool: BasketballPool; home: string; away: string }[] = [];
  for (const pool of pools.basketball) {
    const teams = rng.shuffle(pool.teams);
    const count = Math.min(BASKETBALL_QUOTA[pool.competitionKey] ?? 4, Math.floor(teams.length / 2));
    for (let i = 0; i < count; i++) games.push({ pool, home: teams[2 * i], away: teams[2 * i + 1] });
  }
  const times = kickoffs(rng, date, games.length);
  return games.map(({ pool, home, away }, i) => ({
    key: `sim:${date}:${pool.competitionKey}:${home}-${away}`,
    origin: 'sim',
    sport: 2,
    competition: pool.competitionKey,
    season: basketballSeasonName(date),
    stage: { key: 'regular', nameZh: '常规赛', kind: 'regular' },
    home,
    away,
    kickoffAt: times[i],
    venue: null,
    heat: matchHeat(
      pool.competitionKey,
      2,
      pools.teams.get(home)?.rating ?? 0,
      pools.teams.get(away)?.rating ?? 0,
    ),
  }));
}

const byKickoff = (a: CalendarEntry, b: CalendarEntry) =>
  a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key);

/** 北单 and 足彩 issues run over blocks of three days. */
const blockOf = (date: string) => Math.floor(dayNumber(date) / 3);
const blockDates = (block: number) => [0, 1, 2].map((i) => addDays('1970-01-01', block * 3 + i));

/**
 * One day of the demo calendar with lottery numbers: 竞彩 (four in five football matches and
 * every basketball game, 周三001 / 周三301), 北单 (every football match, numbered through the
 * three-day issue), 足彩 (the 14 hottest big-league matches of the issue, in kick-off order).
 */
export function calendarDay(seed: string, date: string, pools: CalendarPools): CalendarEntry[] {
  const block = blockDates(blockOf(date));
  const blockFootball = block.flatMap((d) => footballDay(seed, d, pools)).sort(byKickoff);
  const bdIssue = block[0].replace(/-/g, '').slice(2);
  const zcIssue = `${block[0].slice(2, 4)}${String(Math.floor((dayNumber(block[0]) - dayNumber(`${block[0].slice(0, 4)}-01-01`)) / 3) + 1).padStart(3, '0')}`;
  const zcPicks = blockFootball
    .filter((m) => m.competition !== 'cn.1')
    .sort((a, b) => (b.heat ?? 0) - (a.heat ?? 0))
    .slice(0, 14)
    .sort(byKickoff)
    .map((m) => m.key);
  const weekday = weekdayOf(date);
  let jc = 0;
  const football = blockFootball
    .map((m, i) => ({
      ...m,
      lottery: {
        bdIssue,
        bdNo: i + 1,
        zcIssue: zcPicks.includes(m.key) ? zcIssue : null,
        zcOrder: zcPicks.includes(m.key) ? zcPicks.indexOf(m.key) + 1 : null,
      },
    }))
    .filter((m) => m.key.startsWith(`sim:${date}:`))
    .map((m) => ({
      ...m,
      lottery: { ...m.lottery, jcNo: hash32(m.key) % 5 === 0 ? null : jcNumber(weekday, ++jc, 1) },
    }));
  const basketball = basketballDay(seed, date, pools)
    .sort(byKickoff)
    .map((m, i) => ({ ...m, lottery: { jcNo: jcNumber(weekday, i + 1, 2) } }));
  return [...football, ...basketball];
}
