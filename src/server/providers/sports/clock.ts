/**
 * The feed's clock. At SIM_SPEED 1 it is the wall clock; faster speeds run simulated time from
 * the moment the process started (for tests and demos on a throwaway database). SIM_START moves
 * where simulated time begins (a test that needs a Saturday evening of football starts there).
 */
export interface FeedClock {
  now(): number;
  readonly speed: number;
}

/** A feed clock that a test can move forward (SIM_CONTROL, never in production: docs/testing.md). */
export interface AdjustableFeedClock extends FeedClock {
  /** Moves simulated time `ms` ahead at once; the simulator plays the gap on its next tick. */
  advance(ms: number): void;
}

export function createFeedClock(
  speed: number,
  simStart: number | null = null,
  startedAt = Date.now(),
): AdjustableFeedClock {
  const from = simStart ?? startedAt;
  const wallClock = speed === 1 && simStart === null;
  let skipped = 0;
  return {
    speed,
    now: () => (wallClock ? Date.now() : from + (Date.now() - startedAt) * speed) + skipped,
    advance(ms) {
      if (!(ms > 0)) throw new RangeError('the feed clock only moves forward');
      skipped += ms;
    },
  };
}
