import { footballLine } from '../../../../lib/vocab/positions.ts';
import type { Rng } from '../../../sports/rng.ts';
import { expectedGoals } from '../../../sports/odds-model.ts';
import { settleLevel } from './level-tie.ts';
import type { LineupPick } from './lineup.ts';
import { randomMinute, type FootballTimeline, type Phase } from './football-timeline.ts';
import type { PlanInput, RosterPlayer } from './plan-types.ts';

type Pair = [number, number];
export interface FootballResult {
  ht: Pair;
  ft: Pair;
  et: Pair | null;
  p: Pair | null;
}

/**
 * The real result, completed where the source lacks the half-time score; or one played from the
 * ratings, with extra time and penalties when a decider is level (level-tie.ts).
 */
export function footballResult(rng: Rng, input: PlanInput): FootballResult {
  const r = input.result;
  if (r) {
    const ht =
      r.ht ??
      (r.ft.map((g) => Array.from({ length: g }, () => rng.chance(0.45)).filter(Boolean).length) as Pair);
    return { ht, ft: r.ft, et: r.et ?? null, p: r.p ?? null };
  }
  const [lh, la] = expectedGoals(input.home.rating, input.away.rating, input.neutral, input.competitionKey);
  const ht: Pair = [rng.poisson(lh * 0.45), rng.poisson(la * 0.45)];
  const ft: Pair = [ht[0] + rng.poisson(lh * 0.55), ht[1] + rng.poisson(la * 0.55)];
  if (!input.decider) return { ht, ft, et: null, p: null };
  const { et, pk } = settleLevel(rng, [lh, la], ft, input.decider);
  return { ht, ft, et, p: pk };
}

export type IncidentType =
  | 'goal'
  | 'own_goal'
  | 'penalty'
  | 'penalty_missed'
  | 'yellow'
  | 'red'
  | 'substitution'
  | 'var'
  | 'corner'
  | 'shot'
  | 'foul'
  | 'offside';

export interface Incident {
  phase: Phase;
  minute: number;
  side: 1 | 2;
  type: IncidentType;
  onTarget?: boolean;
  /** Filled in by resolvePlayers. */
  player?: RosterPlayer;
  other?: RosterPlayer;
  secondYellow?: boolean;
}

/** Every incident of the match with its minute and side; players come later. */
export function footballIncidents(
  rng: Rng,
  input: PlanInput,
  result: FootballResult,
  tl: FootballTimeline,
): Incident[] {
  const out: Incident[] = [];
  const add = (phase: Phase, side: 1 | 2, type: IncidentType, extra: Partial<Incident> = {}) =>
    out.push({ phase, minute: randomMinute(rng, tl, phase), side, type, ...extra });
  const goals = (phase: Phase, counts: Pair) => {
    for (const side of [1, 2] as const) {
      for (let i = 0; i < counts[side - 1]; i++) {
        const roll = rng.next();
        add(phase, side, roll < 0.09 ? 'penalty' : roll < 0.12 ? 'own_goal' : 'goal');
      }
    }
  };
  goals(1, result.ht);
  goals(2, [result.ft[0] - result.ht[0], result.ft[1] - result.ht[1]]);
  const phases: Phase[] = tl.extraTime ? [1, 2, 3, 4] : [1, 2];
  if (result.et) {
    const extra: Pair = [result.et[0] - result.ft[0], result.et[1] - result.ft[1]];
    for (const side of [1, 2] as const)
      for (let i = 0; i < extra[side - 1]; i++) add(rng.chance(0.5) ? 3 : 4, side, 'goal');
  }
  const strength = (input.home.rating - input.away.rating) / 200;
  const somePhase = () =>
    tl.extraTime && rng.chance(0.15) ? rng.pick([3, 4] as Phase[]) : rng.pick([1, 2] as Phase[]);
  for (const side of [1, 2] as const) {
    const edge = side === 1 ? strength : -strength;
    for (let i = rng.poisson(Math.max(3, 8.5 + edge * 2)); i > 0; i--)
      add(somePhase(), side, 'shot', { onTarget: rng.chance(0.3) });
    for (let i = rng.poisson(Math.max(2, 4.8 + edge)); i > 0; i--) add(somePhase(), side, 'corner');
    for (let i = rng.poisson(11); i > 0; i--) add(somePhase(), side, 'foul');
    for (let i = rng.poisson(1.8); i > 0; i--) add(somePhase(), side, 'offside');
    for (let i = rng.poisson(1.9); i > 0; i--) add(somePhase(), side, 'yellow');
    if (rng.chance(0.05)) add(2, side, 'red');
    const subs = rng.int(3, 5);
    for (let i = 0; i < subs; i++) {
      const halfTime = i === 0 && rng.chance(0.2);
      out.push({ phase: 2, minute: halfTime ? 46 : rng.int(55, 88), side, type: 'substitution' });
    }
    if (tl.extraTime) out.push({ phase: 3, minute: rng.int(91, 105), side, type: 'substitution' });
  }
  if (rng.chance(0.04)) add(rng.pick(phases), rng.pick([1, 2] as const), 'penalty_missed');
  if (rng.chance(0.15)) add(rng.pick([1, 2] as Phase[]), rng.pick([1, 2] as const), 'var');
  return out.sort((a, b) => a.phase - b.phase || a.minute - b.minute);
}

const attackWeight = (p: RosterPlayer) => ({ F: 6, M: 3, D: 1, G: 0 })[footballLine(p.position ?? 'M')];

/**
 * Walks the incidents in order with the players on the pitch: scorers lean to forwards, own
 * goals to defenders, substitutes replace outfield starters, a sent-off player is gone. A
 * substitution's `player` comes on and its `other` goes off (docs/sports-api.md §3).
 */
export function resolvePlayers(rng: Rng, incidents: Incident[], lineups: [LineupPick, LineupPick]): void {
  const onPitch = lineups.map((l) => [...l.starters]) as RosterPlayer[][];
  const starters = new Set(lineups.flatMap((l) => l.starters.map((p) => p.playerId)));
  const bench = lineups.map((l) =>
    l.bench.filter((p) => footballLine(p.position ?? 'M') !== 'G'),
  ) as RosterPlayer[][];
  const booked = [new Set<number>(), new Set<number>()];
  const pickWeighted = (list: RosterPlayer[], weight: (p: RosterPlayer) => number) => {
    const candidates = list.filter((p) => weight(p) > 0);
    return candidates.length ? candidates[rng.weighted(candidates.map(weight))] : list[0];
  };
  const outfield = (side: 1 | 2) => onPitch[side - 1].filter((p) => footballLine(p.position ?? 'M') !== 'G');
  for (const inc of incidents) {
    const own = inc.side - 1;
    const other = 1 - own;
    switch (inc.type) {
      case 'goal':
      case 'penalty':
      case 'penalty_missed':
      case 'shot':
      case 'offside':
        inc.player = pickWeighted(onPitch[own], attackWeight);
        if (inc.type === 'goal' && rng.chance(0.65))
          inc.other = pickWeighted(
            outfield(inc.side).filter((p) => p !== inc.player),
            (p) => attackWeight(p) + 1,
          );
        break;
      case 'own_goal':
        inc.player = pickWeighted(onPitch[other], (p) => (footballLine(p.position ?? 'M') === 'D' ? 4 : 1));
        break;
      case 'corner':
      case 'var':
        break;
      case 'foul':
        inc.player = rng.pick(outfield(inc.side));
        break;
      case 'yellow':
      case 'red': {
        const player = rng.pick(outfield(inc.side));
        inc.player = player;
        if (inc.type === 'yellow' && booked[own].has(player.playerId)) {
          // A second booking is a sending-off (两黄变红) only rarely; otherwise book someone else.
          if (rng.chance(0.3)) inc.secondYellow = true;
          else inc.player = rng.pick(outfield(inc.side));
        }
        booked[own].add(inc.player.playerId);
        if (inc.type === 'red' || inc.secondYellow)
          onPitch[own] = onPitch[own].filter((p) => p !== inc.player);
        break;
      }
      case 'substitution': {
        // A starter still on the pitch makes way: taking a substitute off again is rare enough to leave out.
        const off = rng.pick(outfield(inc.side).filter((p) => starters.has(p.playerId)));
        const on = bench[own].shift();
        if (!off || !on) {
          inc.type = 'foul';
          inc.player = off;
          break;
        }
        inc.player = on;
        inc.other = off;
        onPitch[own] = onPitch[own].map((p) => (p === off ? on : p));
        break;
      }
    }
  }
}
