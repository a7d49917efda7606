import { expect, test as base, type APIRequestContext } from '@playwright/test';
import { addDays, beijingDate } from '../../../src/lib/sports/time.ts';
import { FAST_SIM_START, startServer } from './server.ts';
import { simClock, type SimClock } from './sim-clock.ts';

/**
 * One server for the specs that watch matches being played (the `simulated` project in
 * playwright.config.ts): its simulator runs 60 times faster than the wall clock (a simulated minute a
 * second) from a league Saturday evening, and SIM_CONTROL lets a spec move the clock forward
 * at once instead of waiting for a kick-off or a final whistle. The specs share it in file order
 * and the clock only moves forward, so each looks for what it needs from wherever the clock is.
 */
export interface FastSim extends SimClock {
  url: string;
}

const SIM_SPEED = 60;

export const test = base.extend<object, { sim: FastSim }>({
  sim: [
    async ({}, use) => {
      const server = await startServer({
        SIM_SPEED: String(SIM_SPEED),
        SIM_START: FAST_SIM_START,
        SIM_CONTROL: '1',
      });
      await use({ url: server.url, ...simClock(server.url) });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect };

/** The `data` of a call to the fast server's API. */
export const simData = async (api: APIRequestContext, sim: FastSim, path: string) =>
  (await (await api.get(`${sim.url}/svc${path}`)).json()).data;

/**
 * Football matches not started and at least 30 simulated minutes (30 s) ahead, soonest first: a match
 * about to start may be on by the time its page loads. Today's and the next day's (Beijing): the specs
 * before may have moved the clock past the day's last kick-off, and then today's list alone had none
 * ("none of the next three matches was played").
 */
export async function footballAhead(
  api: APIRequestContext,
  sim: FastSim,
): Promise<{ id: number; kickoffAt: string }[]> {
  const now = await sim.now();
  type Item = { id: number; state: number; kickoffAt: string };
  const lists: Item[][] = await Promise.all([
    simData(api, sim, '/live/football/live'),
    simData(api, sim, `/live/football/schedule?date=${addDays(beijingDate(now), 1)}`),
  ]);
  return lists
    .flat()
    .filter((m) => m.state === 1 && Date.parse(m.kickoffAt) > now + 30 * 60_000)
    .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
}
