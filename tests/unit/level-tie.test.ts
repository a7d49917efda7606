import { describe, expect, it } from 'vitest';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { quickResult } from '../../src/server/providers/sports/simulator/backfill.ts';
import { toEntry, type CalendarPools } from '../../src/server/providers/sports/simulator/calendar.ts';
import { planMatch } from '../../src/server/providers/sports/simulator/plan.ts';
import type {
  PlanInput,
  PlanStep,
  RosterPlayer,
} from '../../src/server/providers/sports/simulator/plan-types.ts';

type Pair = [number, number];
const LINES = 'GGGDDDDDDDDMMMMMMMMFFFFF';
const roster = (base: number): RosterPlayer[] =>
  Array.from({ length: 24 }, (_, i) => ({
    playerId: base + i,
    name: `球员${base + i}`,
    shirtNumber: i + 1,
    position: LINES[i],
  }));

const input = (key: string, extra: Partial<PlanInput>): PlanInput => ({
  seed: 'tie-seed',
  key,
  sport: 1,
  competitionKey: 'uefa.cl',
  knockout: true,
  neutral: false,
  home: { id: 1, name: '主队', rating: 1700, roster: roster(100) },
  away: { id: 2, name: '客队', rating: 1690, roster: roster(200) },
  result: null,
  postponed: false,
  lottery: { jc: true, bd: true },
  ...extra,
});

const ended = (steps: PlanStep[]) => {
  const score = [...steps].reverse().find((s) => s.kind === 'score') as Extract<PlanStep, { kind: 'score' }>;
  const texts = steps.filter((s): s is Extract<PlanStep, { kind: 'text' }> => s.kind === 'text');
  const states = steps.filter((s): s is Extract<PlanStep, { kind: 'state' }> => s.kind === 'state');
  return {
    ...score.score,
    last: texts.at(-1)!.text.text,
    all: texts.map((t) => t.text.text),
    state: states.at(-1)!.state,
  };
};

/** Checks one decider's end against the rules; returns how it was settled. */
function settled(ft: Pair, et: Pair | null | undefined, pk: Pair | null | undefined, firstLeg: Pair | null) {
  const agg = (s: Pair) => [s[0] + (firstLeg?.[0] ?? 0), s[1] + (firstLeg?.[1] ?? 0)];
  const [h, a] = agg(ft);
  if (h !== a) {
    expect(et ?? null).toBeNull();
    expect(pk ?? null).toBeNull();
    return { how: '90', homeWins: h > a };
  }
  expect(et).not.toBeNull();
  const [eh, ea] = agg(et!);
  if (eh !== ea) {
    expect(pk ?? null).toBeNull();
    return { how: 'et', homeWins: eh > ea };
  }
  expect(pk).not.toBeNull();
  expect(pk![0]).not.toBe(pk![1]);
  return { how: 'pk', homeWins: pk![0] > pk![1] };
}

describe('a knockout match that must have a winner', () => {
  it('is settled by the plan on aggregate, then extra time, then penalties, and the last line says who goes through', () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 80; i++) {
      const firstLeg: Pair = [i % 3, (i >> 2) % 2];
      const end = ended(
        planMatch(input(`second-leg-${i}`, { decider: { firstLeg, round: '1/8决赛次回合' } })).steps,
      );
      expect(end.state).toBe(FB.fullTime);
      const r = settled(end.ft!, end.et, end.pk, firstLeg);
      seen.set(r.how, (seen.get(r.how) ?? 0) + 1);
      const agg = [end.score[0] + firstLeg[0], end.score[1] + firstLeg[1]];
      expect(end.last).toContain(
        `总比分${Math.max(...agg)}-${Math.min(...agg)}，${r.homeWins ? '主队' : '客队'}${r.how === 'pk' ? '通过点球大战' : ''}晋级八强。`,
      );
      if (r.how !== '90') expect(end.all).toContain('两回合总比分战平，比赛进入加时赛。');
    }
    expect(seen.get('et'), JSON.stringify([...seen])).toBeGreaterThan(2);
    expect(seen.get('pk'), JSON.stringify([...seen])).toBeGreaterThan(2);
  });

  it('is settled the same way in a one-match final, which names the champion', () => {
    let extra = 0;
    for (let i = 0; i < 40; i++) {
      const end = ended(
        planMatch(input(`final-${i}`, { neutral: true, decider: { firstLeg: null, round: '决赛' } })).steps,
      );
      const r = settled(end.ft!, end.et, end.pk, null);
      if (r.how !== '90') extra++;
      expect(end.last).toMatch(new RegExp(`${r.homeWins ? '主队' : '客队'}(通过点球大战)?夺得冠军！$`));
    }
    expect(extra).toBeGreaterThan(0);
  });

  it('may end level in a first leg, which is never called off', () => {
    let level = 0;
    for (let i = 0; i < 200; i++) {
      const end = ended(planMatch(input(`first-leg-${i}`, {})).steps);
      expect(end.state).toBe(FB.fullTime);
      expect(end.et).toBeNull();
      if (end.score[0] === end.score[1]) level++;
    }
    expect(level).toBeGreaterThan(0);
  });

  it('is settled the same way when backfilled, with the extra time and shoot-out scores to store', () => {
    const pools: CalendarPools = {
      football: [],
      basketball: [],
      teams: new Map([
        ['fb:a', { rating: 1700, venue: null }],
        ['fb:b', { rating: 1690, venue: null }],
      ]),
    };
    const seen = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const m = toEntry(
        {
          key: `sim:uefa.cl:2026-27:r16-2:fb:a-fb:b-${i}`,
          competitionKey: 'uefa.cl',
          season: '2026-27',
          stage: { key: 'knockout', nameZh: '淘汰赛', kind: 'knockout' },
          round: { key: 'Round of 16, 2nd leg', nameZh: '1/8决赛次回合', number: 12 },
          home: 'fb:a',
          away: 'fb:b',
          kickoffAt: new Date('2027-03-17T20:00:00Z'),
        },
        pools,
      );
      const firstLeg: Pair = [1, 1];
      const r = quickResult('tie-seed', m, pools, { firstLeg });
      expect(r.score).toEqual(r.et ?? r.ft);
      seen.add(settled(r.ft, r.et, r.pk, firstLeg).how);
      // Without a decider the same match is a plain result.
      expect(quickResult('tie-seed', m, pools)).toMatchObject({ ft: r.ft, et: null, pk: null });
    }
    expect([...seen].sort()).toEqual(['90', 'et', 'pk']);
  });
});
