/**
 * The feed's clock. At SIM_SPEED 1 it is the wall clock; faster speeds run simulated time from
 * the moment the process started (for tests and demos on a throwaway database). SIM_START moves
 * where simulated time begins (a test that needs a Saturday evening of football starts there).
 */
export interface FeedClock {
  now(): number;
  readonly speed: number;
}

export function createFeedClock(
  speed: number,
  simStart: number | null = null,
  startedAt = Date.now(),
): FeedClock {
  const from = simStart ?? startedAt;
  return {
    speed,
    now: () => (speed === 1 && simStart === null ? Date.now() : from + (Date.now() - startedAt) * speed),
  };
}
