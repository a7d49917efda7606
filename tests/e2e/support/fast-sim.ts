import { expect, test as base } from '@playwright/test';
import { footballSaturday } from './football-evening.ts';
import { startServer } from './server.ts';

/**
 * One server for the specs that watch matches being played (the `simulated` project in
 * playwright.config.ts): its simulator runs 60 times faster than the wall clock (a simulated minute a
 * second) from a league Saturday evening, and SIM_CONTROL lets a spec move the clock forward
 * at once instead of waiting for a kick-off or a final whistle. The specs share it in file order
 * and the clock only moves forward, so each looks for what it needs from wherever the clock is.
 */
export interface FastSim {
  url: string;
  /** The feed's clock (simulated ms). */
  now(): Promise<number>;
  /** Moves the clock `minutes` ahead and waits until the simulator has played up to there. */
  advance(minutes: number): Promise<void>;
  /** Moves the clock to `at` (simulated ms) unless it is there already, and waits as `advance` does. */
  advanceTo(at: number): Promise<void>;
}

const SIM_SPEED = 60;

interface Clock {
  now: number;
  playedTo: number;
}

export const test = base.extend<object, { sim: FastSim }>({
  sim: [
    async ({}, use) => {
      const server = await startServer({
        SIM_SPEED: String(SIM_SPEED),
        SIM_START: footballSaturday('20:00'),
        SIM_CONTROL: '1',
      });
      const clock = async (): Promise<Clock> =>
        (await (await fetch(`${server.url}/svc/live/clock`)).json()).data;
      const advance = async (minutes: number) => {
        const res = await fetch(`${server.url}/svc/live/clock/advance`, {
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
      await use({
        url: server.url,
        now: async () => (await clock()).now,
        advance,
        advanceTo: async (at) => {
          const ahead = at - (await clock()).now;
          if (ahead > 60_000) await advance(ahead / 60_000);
        },
      });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };
