import { describe, expect, it } from 'vitest';
import { isStep } from '../../src/lib/vocab/match-states.ts';
import { openingStep, planMatch } from '../../src/server/providers/sports/simulator/plan.ts';
import type {
  PlanInput,
  PlanStep,
  RosterPlayer,
} from '../../src/server/providers/sports/simulator/plan-types.ts';

const FB_LINES = 'GGGDDDDDDDDMMMMMMMMFFFFF';
const roster = (base: number, sport: 1 | 2): RosterPlayer[] =>
  Array.from({ length: sport === 1 ? 24 : 14 }, (_, i) => ({
    playerId: base + i,
    name: `球员${base + i}`,
    shirtNumber: i + 1,
    position: sport === 1 ? FB_LINES[i] : ['PG', 'SG', 'SF', 'PF', 'C'][i % 5],
  }));

function input(
  sport: 1 | 2,
  key: string,
  result: PlanInput['result'] = null,
  extra: Partial<PlanInput> = {},
): PlanInput {
  return {
    seed: 'unit-seed',
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
    ...extra,
  };
}

const lastScore = (steps: PlanStep[]) =>
  [...steps].reverse().find((s) => s.kind === 'score') as Extract<PlanStep, { kind: 'score' }>;
const states = (steps: PlanStep[]) =>
  steps.filter((s): s is Extract<PlanStep, { kind: 'state' }> => s.kind === 'state').map((s) => s.state);
const scoring = ['goal', 'own_goal', 'penalty'];

describe('simulator plans', () => {
  it('are the same for the same seed and match, and differ for another seed', () => {
    const a = planMatch(input(1, 'm1'));
    expect(JSON.stringify(planMatch(input(1, 'm1')))).toBe(JSON.stringify(a));
    expect(JSON.stringify(planMatch({ ...input(1, 'm1'), seed: 'other' }))).not.toBe(JSON.stringify(a));
    expect(JSON.stringify(planMatch(input(2, 'b1')))).toBe(JSON.stringify(planMatch(input(2, 'b1'))));
  });

  it('replay the real final score: goals add up, half-time, extra time and penalties included', () => {
    const cases: PlanInput['result'][] = [
      { ht: [1, 0], ft: [2, 2] },
      { ht: null, ft: [0, 3] },
      { ht: [0, 1], ft: [0, 1], et: [0, 1], p: [1, 4] },
      { ht: [1, 1], ft: [1, 1], et: [2, 1] },
    ];
    cases.forEach((result, i) => {
      const plan = planMatch(input(1, `real-${i}`, result, { knockout: true }));
      const final = lastScore(plan.steps).score;
      expect(final.score).toEqual(result!.et ?? result!.ft);
      expect(final.ft).toEqual(result!.ft);
      if (result!.ht) expect(final.ht).toEqual(result!.ht);
      expect(final.pk).toEqual(result!.p ?? null);
      const goals = plan.steps.filter(
        (s): s is Extract<PlanStep, { kind: 'event' }> =>
          s.kind === 'event' && scoring.includes(s.event.type),
      );
      expect([1, 2].map((side) => goals.filter((g) => g.event.side === side).length)).toEqual(
        result!.et ?? result!.ft,
      );
      const last = goals.at(-1);
      if (last) expect([last.event.homeScore, last.event.awayScore]).toEqual(result!.et ?? result!.ft);
    });
  });

  it('name the scorer on each goal update, as the goal event does (the goal toast)', () => {
    const plan = planMatch(input(1, 'scorers', { ht: [1, 1], ft: [3, 2] }));
    const goalUpdates = plan.steps.filter(
      (s): s is Extract<PlanStep, { kind: 'score' }> =>
        s.kind === 'score' && s.score.highlight?.type === 'goal',
    );
    const goalEvents = plan.steps.filter(
      (s): s is Extract<PlanStep, { kind: 'event' }> => s.kind === 'event' && scoring.includes(s.event.type),
    );
    expect(goalUpdates).toHaveLength(5);
    goalUpdates.forEach((u, i) => {
      const e = goalEvents[i]!.event;
      expect(u.score.highlight!.side).toBe(e.side);
      expect(u.score.highlight!.player).toMatch(new RegExp(`^${e.playerName}(（点球）|（乌龙）)?$`));
    });
  });

  it('add basketball points up: quarters, scoring lines and box scores match the final', () => {
    for (let i = 0; i < 20; i++) {
      const plan = planMatch(input(2, `bb-${i}`));
      const final = lastScore(plan.steps).score;
      const [home, away] = final.periods!;
      expect([home.reduce((a, b) => a + b, 0), away.reduce((a, b) => a + b, 0)]).toEqual(final.score);
      expect(home.length).toBeGreaterThanOrEqual(4);
      expect(final.score[0]).not.toBe(final.score[1]);
      const stats = [...plan.steps].reverse().find((s) => s.kind === 'stats') as Extract<
        PlanStep,
        { kind: 'stats' }
      >;
      for (const side of [1, 2] as const) {
        const points = stats.stats
          .players!.filter((p) => p.side === side)
          .reduce((a, p) => a + (p.points ?? 0), 0);
        expect(points).toBe(final.score[side - 1]);
        expect(stats.stats.teams.find((t) => t.side === side)!.stats.points).toBe(final.score[side - 1]);
      }
    }
  });

  it('move through valid states only, from 未开赛 to 完场', () => {
    for (const sport of [1, 2] as const) {
      for (let i = 0; i < 40; i++) {
        const plan = planMatch(
          input(
            sport,
            `states-${sport}-${i}`,
            sport === 1 && i % 4 === 0 ? { ht: [0, 0], ft: [1, 1], et: [1, 1], p: [4, 3] } : null,
            { knockout: i % 4 === 0 },
          ),
        );
        const seq = [1, ...states(plan.steps)];
        // A state repeats only where its clock restarts: football extra-time halves, basketball overtimes.
        const repeatable = sport === 1 ? 5 : 9;
        seq.slice(1).forEach((to, k) => {
          expect(
            isStep(sport, seq[k], to) || (seq[k] === to && to === repeatable),
            `${sport}: ${seq[k]} → ${to}`,
          ).toBe(true);
        });
        expect(sport === 1 ? [8, 9] : [10]).toContain(seq.at(-1));
      }
    }
  });

  it('keep every company’s odds history in time order, opening first', () => {
    for (const sport of [1, 2] as const) {
      const inp = input(sport, `odds-${sport}`);
      const plan = planMatch(inp);
      expect(plan.steps[0]).toEqual(openingStep(inp));
      const seen = new Map<string, number>();
      for (const s of plan.steps) {
        if (s.kind !== 'odds') continue;
        for (const o of s.odds) {
          const k = `${o.company}|${o.market}`;
          expect(s.t).toBeGreaterThan(seen.get(k) ?? -Infinity);
          seen.set(k, s.t);
        }
      }
      expect(seen.size).toBeGreaterThanOrEqual(15);
    }
  });

  it('publishes lineups an hour before kick-off', () => {
    const plan = planMatch(input(1, 'lineup'));
    const step = plan.steps.find((s) => s.kind === 'lineups') as Extract<PlanStep, { kind: 'lineups' }>;
    expect(step.t).toBe(-60 * 60_000);
    for (const side of step.lineups) {
      expect(side.players.filter((p) => p.starter)).toHaveLength(11);
      expect(side.players.find((p) => p.starter)!.position).toBe('GK');
    }
  });

  it('bring substitutes on for starters, and the text live says the same as the event', () => {
    let subs = 0;
    for (let k = 0; k < 40; k++) {
      const plan = planMatch(input(1, `subs-${k}`, null, { knockout: k % 4 === 0 }));
      const lineups = (plan.steps.find((s) => s.kind === 'lineups') as Extract<PlanStep, { kind: 'lineups' }>)
        .lineups;
      const texts = plan.steps.filter((s): s is Extract<PlanStep, { kind: 'text' }> => s.kind === 'text');
      for (const step of plan.steps) {
        if (step.kind !== 'event' || step.event.type !== 'substitution') continue;
        subs++;
        // The event's player comes on, the other player goes off (docs/sports-api.md §3).
        const { side, playerId, playerName, otherPlayerId, otherPlayerName } = step.event;
        const squad = lineups.find((l) => l.side === side)!.players;
        const on = squad.find((p) => p.playerId === playerId)!;
        const off = squad.find((p) => p.playerId === otherPlayerId)!;
        expect(on.starter, `${playerName} came on but started`).toBe(false);
        expect(off.starter, `${otherPlayerName} went off but did not start`).toBe(true);
        const line = texts.find((t) => t.t === step.t && t.text.kind === 'sub')!;
        expect(line.text.text).toContain(`${playerName}替换${otherPlayerName}登场`);
      }
    }
    expect(subs).toBeGreaterThan(100);
  });
});
