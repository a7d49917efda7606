import type { APIRequestContext } from '@playwright/test';

/**
 * The feed's "now" on the server `request` talks to (simulated ms): what "today", "an hour ahead" and
 * "yesterday" mean for the matches a spec picks. The shared server's clock starts at E2E_CLOCK_START
 * (server.ts), not at the machine's date, so a spec never reads the machine's.
 */
export async function feedNow(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/svc/live/clock')).json()).data as { now: number }).now;
}
