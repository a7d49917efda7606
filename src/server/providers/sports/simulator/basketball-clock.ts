import type { Rng } from '../../../sports/rng.ts';

/** A stretch of play: the game clock runs from `from` down to `to` seconds, one second a second. */
export interface ClockRun {
  from: number;
  to: number;
  /** Plan offset (ms) at which the clock starts. */
  at: number;
}

/**
 * How a period's game clock runs inside its wall time: stretches of live play (the clock runs
 * in real time, so a page counting it down by the second stays right) separated by stoppages
 * (fouls, free throws, timeouts, reviews) that take the rest of the wall time.
 */
export function periodRuns(rng: Rng, seconds: number, start: number, end: number): ClockRun[] {
  const lengths: number[] = [];
  for (let left = seconds; left > 0;) {
    const run = Math.min(left, rng.int(20, 80));
    lengths.push(run);
    left -= run;
  }
  const stopped = end - start - seconds * 1000;
  const weights = lengths.slice(1).map(() => 0.3 + rng.next());
  const wsum = weights.reduce((a, b) => a + b, 0) || 1;
  const runs: ClockRun[] = [];
  let clock = seconds;
  let at = start;
  lengths.forEach((len, i) => {
    if (i > 0) at += Math.floor((stopped * weights[i - 1]) / wsum);
    runs.push({ from: clock, to: clock - len, at });
    at += len * 1000;
    clock -= len;
  });
  // Rounding leaves a few ms: the last stretch ends exactly at the period's end.
  const last = runs[runs.length - 1];
  last.at = end - (last.from - last.to) * 1000;
  return runs;
}

/** The plan offset at which the clock shows `clock` seconds (the end of a stretch for a boundary). */
export function wallAt(runs: ClockRun[], clock: number): number {
  const run = runs.find((r) => clock <= r.from && clock >= r.to)!;
  return run.at + (run.from - clock) * 1000;
}
