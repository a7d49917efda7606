import type { Rng } from '../../../sports/rng.ts';
import { MIN } from './plan-types.ts';

/** Match phases: 1 first half, 2 second half, 3–4 extra-time halves. */
export type Phase = 1 | 2 | 3 | 4;

const FIRST_MINUTE: Record<Phase, number> = { 1: 1, 2: 46, 3: 91, 4: 106 };
const LENGTH: Record<Phase, number> = { 1: 45, 2: 45, 3: 15, 4: 15 };

/**
 * Where each minute of a football match falls in time: two halves with stoppage time and a
 * 15-minute interval, extra time (5-minute break, 1 minute between halves) and a shoot-out
 * (one kick a minute) when the result needs them, and an optional interruption.
 */
export interface FootballTimeline {
  extraTime: boolean;
  shootoutKicks: number;
  added: Record<Phase, number>;
  interruption: { afterMinute: number; length: number } | null;
  start(phase: Phase): number;
  end(phase: Phase): number;
  /** Offset of the start of `minute` (1-based) in `phase`. */
  at(phase: Phase, minute: number): number;
  /** The last minute played in the phase, stoppage included. */
  lastMinute(phase: Phase): number;
  shootoutStart: number;
  end_: number;
}

export function footballTimeline(
  rng: Rng,
  opts: { extraTime: boolean; shootoutKicks: number; interrupted: boolean },
): FootballTimeline {
  const added: Record<Phase, number> = {
    1: rng.int(1, 4),
    2: rng.int(2, 6),
    3: opts.extraTime ? rng.int(0, 2) : 0,
    4: opts.extraTime ? rng.int(0, 3) : 0,
  };
  const interruption = opts.interrupted
    ? { afterMinute: rng.int(55, 80), length: rng.int(6, 12) * MIN }
    : null;
  const starts: Record<Phase, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  const ends: Record<Phase, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  ends[1] = (45 + added[1]) * MIN;
  starts[2] = ends[1] + 15 * MIN;
  ends[2] = starts[2] + (45 + added[2]) * MIN + (interruption?.length ?? 0);
  starts[3] = ends[2] + 5 * MIN;
  ends[3] = starts[3] + (15 + added[3]) * MIN;
  starts[4] = ends[3] + MIN;
  ends[4] = starts[4] + (15 + added[4]) * MIN;
  const regularEnd = opts.extraTime ? ends[4] : ends[2];
  const shootoutStart = regularEnd + 3 * MIN;
  const end_ = opts.shootoutKicks ? shootoutStart + (opts.shootoutKicks + 1) * MIN : regularEnd;
  return {
    extraTime: opts.extraTime,
    shootoutKicks: opts.shootoutKicks,
    added,
    interruption,
    start: (p) => starts[p],
    end: (p) => ends[p],
    at(phase, minute) {
      const shift =
        phase === 2 && interruption && minute > interruption.afterMinute ? interruption.length : 0;
      return starts[phase] + (minute - FIRST_MINUTE[phase]) * MIN + shift;
    },
    lastMinute: (p) => FIRST_MINUTE[p] + LENGTH[p] + added[p] - 1,
    shootoutStart,
    end_,
  };
}

/** 45+2 style display of a minute: [minute, added]. */
export function displayMinute(phase: Phase, minute: number): [number, number | null] {
  const cap = FIRST_MINUTE[phase] + LENGTH[phase] - 1;
  return minute > cap ? [cap, minute - cap] : [minute, null];
}

export function randomMinute(rng: Rng, tl: FootballTimeline, phase: Phase): number {
  return rng.int(FIRST_MINUTE[phase], tl.lastMinute(phase));
}

export const firstMinute = (phase: Phase) => FIRST_MINUTE[phase];
