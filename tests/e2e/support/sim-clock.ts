import { expect } from '@playwright/test';

/**
 * The feed's clock of a server started with SIM_CONTROL (refused in production): read it, and move
 * it forward at once instead of waiting for a kick-off or a final whistle at the simulator's speed.
 */
export interface SimClock {
  /** The feed's clock (simulated ms). */
  now(): Promise<number>;
  /** Moves the clock `minutes` ahead and waits until the simulator has played up to there. */
  advance(minutes: number): Promise<void>;
  /** Moves the clock to `at` (simulated ms) unless it is there already, and waits as `advance` does. */
  advanceTo(at: number): Promise<void>;
}

interface Clock {
  now: number;
  playedTo: number;
}

export function simClock(url: string): SimClock {
  const clock = async (): Promise<Clock> => (await (await fetch(`${url}/svc/live/clock`)).json()).data;
  const advance = async (minutes: number) => {
    const res = await fetch(`${url}/svc/live/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: Math.ceil(minutes) }),
    });
    const target = ((await res.json()) as { data: Clock }).data.now;
    // The simulator plays the gap on its next tick (a second at most, plus the playing).
    await expect
      .poll(async () => (await clock()).playedTo, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(target);
  };
  return {
    now: async () => (await clock()).now,
    advance,
    advanceTo: async (at) => {
      const ahead = at - (await clock()).now;
      if (ahead > 60_000) await advance(ahead / 60_000);
    },
  };
}
