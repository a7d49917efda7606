/**
 * The feed's clock. At SIM_SPEED 1 it is the wall clock; faster speeds run simulated time from
 * the moment the process started (for tests and demos on a throwaway database).
 */
export interface FeedClock {
  now(): number;
  readonly speed: number;
}

export function createFeedClock(speed: number, startedAt = Date.now()): FeedClock {
  return {
    speed,
    now: () => (speed === 1 ? Date.now() : startedAt + (Date.now() - startedAt) * speed),
  };
}
