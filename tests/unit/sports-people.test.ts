import { describe, expect, it } from 'vitest';
import { phaseMinuteText, textStamp } from '../../src/lib/match/format.ts';
import { positionName } from '../../src/lib/vocab/positions.ts';
import { splitMinutes } from '../../src/server/providers/sports/simulator/basketball-box.ts';
import {
  basketballLineup,
  footballLineup,
  shownPosition,
} from '../../src/server/providers/sports/simulator/lineup.ts';
import { planMatch } from '../../src/server/providers/sports/simulator/plan.ts';
import type {
  PlanInput,
  PlanStep,
  RosterPlayer,
} from '../../src/server/providers/sports/simulator/plan-types.ts';
import { rngFor } from '../../src/server/sports/rng.ts';

const FB_LINES = 'GGGDDDDDDDDMMMMMMMMFFFFF';
const roster = (base: number, sport: 1 | 2): RosterPlayer[] =>
  Array.from({ length: sport === 1 ? 24 : 15 }, (_, i) => ({
    playerId: base + i,
    name: `球员${base + i}`,
    shirtNumber: i + 1,
    position: sport === 1 ? FB_LINES[i] : ['PG', 'SG', 'SF', 'PF', 'C'][i % 5],
  }));

const input = (sport: 1 | 2, key: string, result: PlanInput['result'] = null): PlanInput => ({
  seed: 'people-seed',
  key,
  sport,
  competitionKey: sport === 1 ? 'en.1' : 'nba',
  knockout: false,
  neutral: false,
  home: { id: 1, name: '主队', rating: sport === 1 ? 1650 : 3, roster: roster(100, sport) },
  away: { id: 2, name: '客队', rating: sport === 1 ? 1580 : -2, roster: roster(200, sport) },
  result,
  postponed: false,
  lottery: { jc: true, bd: sport === 1 },
});

type Step<K extends PlanStep['kind']> = Extract<PlanStep, { kind: K }>;
const only = <K extends PlanStep['kind']>(steps: PlanStep[], kind: K) =>
  steps.filter((s): s is Step<K> => s.kind === kind);

describe('basketball box scores', () => {
  it('players’ points add up to the team score at every moment, minutes to 240 (+25 an overtime)', () => {
    for (let i = 0; i < 30; i++) {
      const steps = planMatch(input(2, `box-${i}`)).steps;
      let score: [number, number] = [0, 0];
      let stats: Step<'stats'> | null = null;
      // Compare once all steps of an instant are in (a score and its box score share one instant).
      steps.forEach((s, k) => {
        if (s.kind === 'score') score = s.score.score as [number, number];
        if (s.kind === 'stats') stats = s;
        if (stats && steps[k + 1]?.t !== s.t) {
          for (const side of [1, 2] as const) {
            const lines = stats.stats.players!.filter((p) => p.side === side);
            expect(lines.reduce((a, p) => a + (p.points ?? 0), 0)).toBe(score[side - 1]);
          }
        }
      });
      const final = only(steps, 'score').at(-1)!.score;
      const overtimes = final.periods![0].length - 4;
      const last = only(steps, 'stats').at(-1)!;
      for (const side of [1, 2] as const) {
        const lines = last.stats.players!.filter((p) => p.side === side);
        expect(lines.reduce((a, p) => a + (p.minutesPlayed ?? 0), 0)).toBe(240 + 25 * overtimes);
        expect(Math.max(...lines.map((p) => p.minutesPlayed ?? 0))).toBeLessThanOrEqual(48 + 5 * overtimes);
      }
    }
    expect(splitMinutes(265, [30, 30, 30, 30, 30, 20, 15, 10, 5])).toSatisfy(
      (m: number[]) => m.reduce((a, b) => a + b, 0) === 265 && m.every((x) => x <= 53),
    );
  });

  it('fields only players of the team’s own squad, on each side', () => {
    for (let i = 0; i < 10; i++) {
      const inp = input(2, `own-${i}`);
      const steps = planMatch(inp).steps;
      const own = (side: 1 | 2) => new Set((side === 1 ? inp.home : inp.away).roster.map((p) => p.playerId));
      for (const l of only(steps, 'lineups')[0].lineups)
        for (const p of l.players) expect(own(l.side).has(p.playerId!)).toBe(true);
      for (const p of only(steps, 'stats').at(-1)!.stats.players!)
        expect(own(p.side).has(p.playerId)).toBe(true);
    }
  });

  it('runs the game clock by the second: it counts down in real time between stoppages', () => {
    const steps = planMatch(input(2, 'clock')).steps;
    const clocks = steps.filter((s) => s.kind === 'clock' || s.kind === 'state');
    let last: { t: number; period: number; seconds: number; running: boolean } | null = null;
    let odd = 0;
    for (const s of clocks) {
      const c = (s as Step<'clock'>).clock;
      if (c.period === undefined || c.clockSeconds === undefined || c.clockSeconds === null) continue;
      const now = { t: s.t, period: c.period!, seconds: c.clockSeconds, running: !!c.clockRunning };
      if (last && last.period === now.period) {
        expect(now.seconds).toBeLessThanOrEqual(last.seconds);
        // While running, one game second takes one second of (simulated) time.
        if (last.running) expect(last.seconds - now.seconds).toBe(Math.round((now.t - last.t) / 1000));
        else expect(now.seconds).toBe(last.seconds);
      }
      if (now.seconds % 60 !== 0) odd++;
      last = now;
    }
    expect(odd).toBeGreaterThan(20);
  });
});

describe('football text live', () => {
  it('reads in order: each line’s minute follows the last, the second half after the first half’s end', () => {
    for (let i = 0; i < 20; i++) {
      const steps = planMatch(input(1, `text-${i}`, { ht: [1, 1], ft: [2, 3] })).steps;
      const texts = only(steps, 'text').map((s) => s.text);
      texts.forEach((line, k) => expect(line.seq).toBe(k + 1));
      let prev = { phase: 0, minute: 0 };
      for (const line of texts) {
        const now = { phase: line.period ?? 0, minute: line.minute ?? 0 };
        expect(now.phase * 1000 + now.minute).toBeGreaterThanOrEqual(prev.phase * 1000 + prev.minute);
        prev = now;
      }
      const half = texts.findIndex((l) => l.text.startsWith('上半场比赛结束'));
      const second = texts.findIndex((l) => l.text === '下半场比赛开始。');
      expect(half).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(half);
      for (const l of texts) expect(l.text).not.toMatch(/GOAL/i);
    }
  });

  it('shows stoppage time as 45+2′ and 90+4′, never 47′', () => {
    expect(phaseMinuteText(47, 1)).toBe("45+2'");
    expect(phaseMinuteText(94, 2)).toBe("90+4'");
    expect(phaseMinuteText(46, 2)).toBe("46'");
    expect(phaseMinuteText(122, 4)).toBe("120+2'");
    expect(textStamp({ minute: 49, period: 1, clockSeconds: null }, 1)).toBe("45+4'");
    const steps = planMatch(input(1, 'stoppage', { ht: [0, 0], ft: [1, 0] })).steps;
    const cap: Record<number, number> = { 1: 45, 2: 90, 3: 105, 4: 120 };
    const texts = only(steps, 'text').map((s) => s.text);
    for (const l of texts) {
      const stamp = textStamp({ minute: l.minute ?? null, period: l.period ?? null, clockSeconds: null }, 1);
      expect(stamp).toMatch(/^\d+(\+\d+)?'$/);
      if (l.minute! > cap[l.period!]) expect(stamp).toBe(`${cap[l.period!]}+${l.minute! - cap[l.period!]}'`);
      else expect(stamp).toBe(`${l.minute}'`);
    }
    expect(texts.some((l) => l.minute! > 45 && l.period === 1)).toBe(true);
    for (const e of only(steps, 'event')) {
      if (e.event.addedMinute) expect([45, 90, 105, 120]).toContain(e.event.minute);
      else expect(e.event.minute ?? 0).toBeLessThanOrEqual(120);
    }
  });
});

describe('football positions', () => {
  it('lists a starter at his own line, never at a slot the squad does not name (no midfielder as 后腰)', () => {
    const sample: RosterPlayer[] = [
      { playerId: 1, name: 'A', shirtNumber: 8, position: 'M' },
      { playerId: 2, name: 'B', shirtNumber: 1, position: 'G' },
      { playerId: 3, name: 'C', shirtNumber: 4, position: 'D' },
      { playerId: 4, name: 'D', shirtNumber: 9, position: 'F' },
    ];
    expect(shownPosition('DM', sample[0])).toBe('M');
    expect(shownPosition('AM', sample[0])).toBe('M');
    expect(shownPosition('GK', sample[1])).toBe('GK');
    expect(shownPosition('DC', sample[2])).toBe('D');
    expect(shownPosition('ST', sample[3])).toBe('F');
    expect(positionName(1, shownPosition('DM', sample[0]))).toBe('中场');
    for (let i = 0; i < 20; i++) {
      const pick = footballLineup(rngFor('pos', String(i)), roster(100, 1));
      expect(pick.starters).toHaveLength(11);
      for (const p of pick.starters) expect(['GK', 'D', 'M', 'F']).toContain(p.slotPosition);
    }
  });
});

describe('basketball lineups from rosters that name no position (the NBA lists)', () => {
  it('fields the well-known players and lists nobody at a position the roster does not give', () => {
    const nba: RosterPlayer[] = Array.from({ length: 18 }, (_, i) => ({
      playerId: i + 1,
      name: `Player ${i + 1}`,
      shirtNumber: null,
      position: null,
      known: i >= 15,
    }));
    for (let i = 0; i < 20; i++) {
      const pick = basketballLineup(rngFor('nba-lineup', String(i)), nba);
      expect(pick.starters).toHaveLength(5);
      for (const id of [16, 17, 18]) expect(pick.starters.map((p) => p.playerId)).toContain(id);
      for (const p of pick.starters) expect(p.slotPosition).toBeNull();
      expect(pick.bench).toHaveLength(7);
    }
  });
});
