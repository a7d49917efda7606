import { describe, expect, it } from 'vitest';
import { addDays, beijingDate, beijingTime, salesDay as salesDayOf } from '../../src/lib/sports/time.ts';
import {
  calendarDay,
  seasonFixtures,
  zcDates,
  type CalendarPools,
} from '../../src/server/providers/sports/simulator/calendar.ts';
import { lotteryLine } from '../../src/server/providers/sports/simulator/odds-plan.ts';
import { openingStep, planMatch } from '../../src/server/providers/sports/simulator/plan.ts';
import type { PlanInput, PlanStep } from '../../src/server/providers/sports/simulator/plan-types.ts';
import type { SeasonFixture } from '../../src/server/providers/sports/simulator/season-fixtures.ts';
import { impliedProbabilities, modelProbabilities } from '../../src/server/services/sports/model.ts';

const clubs = (comp: string, n: number) => Array.from({ length: n }, (_, i) => `fb:${comp}-${i}`);
const LEAGUES: [string, number][] = [
  ['en.1', 20],
  ['es.1', 20],
  ['it.1', 20],
  ['de.1', 18],
  ['fr.1', 18],
  ['cn.1', 16],
];
// Champions League clubs come from the leagues, as in the data.
const UCL = [...LEAGUES.slice(0, 5).flatMap(([c]) => clubs(c, 7)), 'fb:other-1'];
const pools: CalendarPools = {
  football: [
    ...LEAGUES.map(([c, n]) => ({ competitionKey: c, teams: clubs(c, n) })),
    { competitionKey: 'uefa.cl', teams: UCL },
  ],
  basketball: [
    { competitionKey: 'nba', teams: Array.from({ length: 30 }, (_, i) => `nba:${i}`) },
    { competitionKey: 'cba', teams: Array.from({ length: 20 }, (_, i) => `cba:${i}`) },
  ],
  teams: new Map([
    ...Array.from({ length: 30 }, (_, i) => [
      `nba:${i}`,
      { rating: (i % 10) - 5, venue: null, conference: i < 15 ? 'West' : 'East' },
    ]),
    ...LEAGUES.flatMap(([c, n]) => clubs(c, n).map((k, i) => [k, { rating: 1850 - i * 25, venue: null }])),
  ] as [string, { rating: number; venue: string | null; conference?: string }][]),
};

const all = (comp: string, season: string) => seasonFixtures('seed', pools, comp, season);
const football = [
  ...LEAGUES.filter(([c]) => c !== 'cn.1').flatMap(([c]) => all(c, '2026-27')),
  ...all('uefa.cl', '2026-27'),
];
const basketball = [...all('nba', '2026-27'), ...all('cba', '2026-27')];
const HOUR = 3600_000;

/** Shortest time between two kick-offs of one team. */
function shortestGap(list: SeasonFixture[]) {
  const byTeam = new Map<string, number[]>();
  for (const f of list)
    for (const t of [f.home, f.away]) byTeam.set(t, [...(byTeam.get(t) ?? []), f.kickoffAt.getTime()]);
  let min = Infinity;
  for (const times of byTeam.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) min = Math.min(min, times[i] - times[i - 1]);
  }
  return min;
}

/** Beijing 'HH:mm' inside [from, to], a window that may run past midnight. */
const inWindow = (at: Date, from: string, to: string) => {
  const t = beijingTime(at);
  return from <= to ? t >= from && t <= to : t >= from || t <= to;
};

describe('simulated season calendar', () => {
  it('plays the 2026-27 season: a double round robin, every club once a round', () => {
    for (const [comp, n] of LEAGUES.filter(([c]) => c !== 'cn.1')) {
      const list = all(comp, '2026-27');
      expect(list).toHaveLength(n * (n - 1));
      const rounds = new Map<number, SeasonFixture[]>();
      for (const f of list) rounds.set(f.round!.number!, [...(rounds.get(f.round!.number!) ?? []), f]);
      expect(rounds.size).toBe(2 * (n - 1));
      for (const games of rounds.values()) {
        const teams = games.flatMap((g) => [g.home, g.away]);
        expect(new Set(teams).size).toBe(n);
      }
      expect(new Set(list.map((f) => `${f.home}>${f.away}`)).size).toBe(list.length);
      expect(list.every((f) => f.season === '2026-27')).toBe(true);
    }
    expect(all('cn.1', '2026')).toHaveLength(16 * 15);
  });

  it('is at the right round for the date: the Premier League plays round 12 or 13 in late November', () => {
    const late = all('en.1', '2026-27').filter((f) => beijingDate(f.kickoffAt) === '2026-11-22');
    expect(late.length).toBeGreaterThan(0);
    for (const f of late) expect([12, 13]).toContain(f.round!.number);
    const day = calendarDay('seed', '2026-11-22', pools);
    expect(day.some((m) => m.season === '2026-27' && m.competition === 'en.1')).toBe(true);
  });

  it('never has a football club play twice within two days, nor a basketball team on consecutive days', () => {
    expect(shortestGap(football)).toBeGreaterThanOrEqual(40 * HOUR);
    expect(shortestGap(basketball)).toBeGreaterThan(36 * HOUR);
    for (let d = 0; d < 14; d++) {
      const day = calendarDay('seed', addDays('2026-11-20', d), pools);
      const teams = day.flatMap((m) => [m.home, m.away]);
      expect(new Set(teams).size).toBe(teams.length);
    }
  });

  it('kicks off inside each league’s real window, in Beijing time', () => {
    const windows: Record<string, [string, string]> = {
      'en.1': ['18:30', '05:00'],
      'es.1': ['19:00', '05:30'],
      'it.1': ['18:30', '04:45'],
      'de.1': ['21:30', '04:30'],
      'fr.1': ['19:00', '05:05'],
      'uefa.cl': ['00:45', '04:00'],
      'cn.1': ['15:30', '20:00'],
      nba: ['07:00', '11:30'],
      cba: ['15:30', '20:00'],
    };
    for (const f of [...football, ...all('cn.1', '2026'), ...basketball]) {
      const [from, to] = windows[f.competitionKey];
      expect(inWindow(f.kickoffAt, from, to), `${f.key} ${beijingTime(f.kickoffAt)}`).toBe(true);
    }
    // Premier League Saturday 15:00 in London is 23:00 in Beijing in winter.
    const dec = all('en.1', '2026-27').filter((f) => beijingDate(f.kickoffAt) === '2026-12-05');
    expect(dec.map((f) => beijingTime(f.kickoffAt))).toContain('23:00');
  });

  it('is the same for the same seed', () => {
    const day = calendarDay('seed', '2026-11-25', pools);
    expect(JSON.stringify(calendarDay('seed', '2026-11-25', pools))).toBe(JSON.stringify(day));
    expect(day.filter((m) => m.competition === 'uefa.cl')).toHaveLength(9);
  });

  it('numbers 竞彩 and 北单, and makes every 足彩 issue 14 matches with no club twice', () => {
    const day = calendarDay('seed', '2026-11-22', pools);
    // The day's own card starts at noon (the morning belongs to Saturday's sales day).
    const afternoon = day.filter((m) => beijingTime(m.kickoffAt) >= '12:00');
    const jc = afternoon.filter((m) => m.sport === 1 && m.lottery?.jcNo).map((m) => m.lottery!.jcNo);
    expect(jc[0]).toBe('周日001');
    expect(afternoon.find((m) => m.sport === 2)!.lottery!.jcNo).toBe('周日301');
    const bd = day.filter((m) => m.sport === 1).map((m) => m.lottery!.bdNo!);
    expect(bd.every((n, i) => i === 0 || n > bd[i - 1])).toBe(true);
    for (const start of ['2026-11-21', '2026-11-25', '2026-11-28']) {
      const zc = zcDates(start)
        .flatMap((d) => calendarDay('seed', d, pools))
        .filter((m) => m.lottery?.zcOrder);
      expect(zc).toHaveLength(14);
      expect(new Set(zc.map((m) => m.lottery!.zcIssue)).size).toBe(1);
      expect(zc.map((m) => m.lottery!.zcOrder).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: 14 }, (_, i) => i + 1),
      );
      const teams = zc.flatMap((m) => [m.home, m.away]);
      expect(new Set(teams).size).toBe(28);
    }
  });
});

describe('竞彩 numbers', () => {
  const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
  // Three days around a league weekend: Friday 2026-12-04 to Sunday 2026-12-06 (Beijing).
  const days = ['2026-12-04', '2026-12-05', '2026-12-06'].flatMap((d) => calendarDay('seed', d, pools));
  const numbered = days.filter((m) => m.lottery?.jcNo);
  /** The sales day runs from noon (Beijing) to noon the next day. */
  const salesDay = (at: Date) => beijingDate(at.getTime() - 12 * HOUR);

  it('have a sales day from noon to noon, Beijing', () => {
    expect(salesDayOf(Date.parse('2026-12-05T03:30:00+08:00'))).toBe('2026-12-04');
    expect(salesDayOf(Date.parse('2026-12-05T11:59:59+08:00'))).toBe('2026-12-04');
    expect(salesDayOf(Date.parse('2026-12-05T12:00:00+08:00'))).toBe('2026-12-05');
  });

  it('go by the sales day: a Friday-night card kicking off at 03:30 Saturday is 周五', () => {
    const early = numbered.filter((m) => m.sport === 1 && beijingTime(m.kickoffAt) < '12:00');
    expect(early.length).toBeGreaterThan(0);
    for (const m of numbered) {
      const weekday = WEEKDAYS[new Date(`${salesDay(m.kickoffAt)}T00:00:00Z`).getUTCDay()];
      expect(
        m.lottery!.jcNo!.slice(0, 2),
        `${m.key} ${beijingDate(m.kickoffAt)} ${beijingTime(m.kickoffAt)}`,
      ).toBe(weekday);
    }
  });

  it('count 001 (football) and 301 (basketball) up through each sales day in kick-off order', () => {
    for (const day of ['2026-12-04', '2026-12-05']) {
      for (const sport of [1, 2] as const) {
        const card = numbered
          .filter((m) => m.sport === sport && salesDay(m.kickoffAt) === day)
          .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key));
        expect(card.length).toBeGreaterThan(0);
        expect(card.map((m) => Number(m.lottery!.jcNo!.slice(2)))).toEqual(
          card.map((_, i) => (sport === 2 ? 301 : 1) + i),
        );
      }
    }
  });
});

const roster = (base: number) =>
  Array.from({ length: 13 }, (_, i) => ({
    playerId: base + i,
    name: `球员${base + i}`,
    shirtNumber: i + 1,
    position: ['PG', 'SG', 'SF', 'PF', 'C'][i % 5],
  }));

function input(sport: 1 | 2, key: string, home: number, away: number): PlanInput {
  return {
    seed: 'odds-seed',
    key,
    sport,
    competitionKey: sport === 1 ? 'en.1' : 'nba',
    knockout: false,
    neutral: false,
    home: { id: 1, name: '主队', rating: home, roster: roster(100) },
    away: { id: 2, name: '客队', rating: away, roster: roster(200) },
    result: null,
    postponed: false,
    lottery: { jc: true, bd: sport === 1 },
  };
}

const oddsOf = (step: PlanStep) => (step.kind === 'odds' ? step.odds : []);

describe('simulated odds', () => {
  const pairs = Array.from({ length: 24 }, (_, i) => [1450 + ((i * 37) % 550), 1450 + ((i * 53) % 550)]);

  it('spread over many lines with the strength of the teams', () => {
    const opening = pairs.map(([h, a], i) => oddsOf(openingStep(input(1, `f${i}`, h, a))));
    const lines = (company: string, market: string) =>
      new Set(opening.map((o) => o.find((x) => x.company === company && x.market === market)!.line));
    expect(lines('jc', 'jc_rqspf').size).toBeGreaterThanOrEqual(3);
    expect(lines(opening[0][0].company, 'asia').size).toBeGreaterThanOrEqual(5);
    expect(lines(opening[0][0].company, 'ou').size).toBeGreaterThanOrEqual(2);
    expect([
      lotteryLine(2.6, 0.4),
      lotteryLine(1.5, 1.1),
      lotteryLine(1, 1.4),
      lotteryLine(0.5, 2.4),
    ]).toEqual([2, 1, -1, -2]);
  });

  it('differ between companies and never offer 1.01 on a favourite before kick-off or tip-off', () => {
    const fb = oddsOf(openingStep(input(1, 'mismatch', 2050, 1400)));
    const eu = fb.filter((o) => o.market === 'eu');
    expect(new Set(eu.map((o) => o.v1)).size).toBeGreaterThan(1);
    expect(Math.min(...eu.map((o) => o.v1!))).toBeGreaterThan(1.03);
    for (const [h, a] of [
      [13, -12],
      [-12, 13],
      [2, 1],
    ]) {
      const plan = planMatch(input(2, `b${h}`, h, a));
      const pre = plan.steps.filter((s) => s.t < 0).flatMap(oddsOf);
      const prices = pre
        .filter((o) => o.market === 'eu' || o.market === 'jc_sf')
        .flatMap((o) => [o.v1!, o.v3!]);
      expect(Math.min(...prices)).toBeGreaterThan(1.01);
    }
  });

  it('price 竞彩篮球 让分 and 大小分 from the chance of covering, not one flat price', () => {
    const prices = pairs.flatMap(([h, a], i) =>
      oddsOf(openingStep(input(2, `j${i}`, (h - 1700) / 20, (a - 1700) / 20)))
        .filter((o) => o.market === 'jc_rf' || o.market === 'jc_dxf')
        .flatMap((o) => [o.v1, o.v3]),
    );
    expect(new Set(prices).size).toBeGreaterThan(10);
    expect(prices.every((p) => p! > 1.2 && p! < 3.2)).toBe(true);
  });

  it('leave the model page something to compare: the market’s view differs from the model’s', () => {
    let differ = 0;
    for (const [i, [h, a]] of pairs.entries()) {
      const eu = oddsOf(openingStep(input(1, `m${i}`, h, a))).filter((o) => o.market === 'eu');
      const implied = impliedProbabilities(eu.map((o) => ({ v1: o.v1!, v2: o.v2!, v3: o.v3! })))!;
      const model = modelProbabilities(1, h, a, false);
      if (Math.abs(implied.home - model.home) > 0.01) differ++;
    }
    expect(differ).toBeGreaterThan(pairs.length / 2);
  });
});
