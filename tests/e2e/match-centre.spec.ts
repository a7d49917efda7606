import { expect, test, type APIRequestContext } from '@playwright/test';
import { footballSaturday } from './support/football-evening.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The live island of a match page: a visitor opens a match before kick-off and, without a
 * reload, sees it start (VS → 0-0), the commentary arrive newest first and the final whistle
 * with the score the server has. The simulator runs 240 times faster on a server of its own.
 */
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(150_000); // the first start migrates and imports the demo data
  // Two hours before the Saturday games, so several kick off while the test watches.
  server = await startServer({ SIM_SPEED: '240', SIM_START: footballSaturday('20:00') });
});
test.afterAll(async () => server?.stop());

const data = async (request: APIRequestContext, path: string) =>
  (await (await request.get(`${server.url}/svc${path}`)).json()).data;

test('a live match page updates its score, state and commentary without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { now } = await data(request, '/live/clock');
  const upcoming = (await data(request, '/live/football/live'))
    // At least 30 simulated minutes (7.5 s) ahead: a match about to start may be on by the time its page loads.
    .filter(
      (m: { state: number; kickoffAt: string }) =>
        m.state === 1 && Date.parse(m.kickoffAt) > now + 30 * 60_000,
    )
    .sort((a: { kickoffAt: string }, b: { kickoffAt: string }) => a.kickoffAt.localeCompare(b.kickoffAt));
  const state = page.locator('[data-live="state"]');
  const home = page.locator('[data-live="home-score"]');
  const away = page.locator('[data-live="away-score"]');
  const lines = page.locator('[data-live="texts"] > li');
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));

  for (const match of upcoming.slice(0, 3)) {
    await page.goto(`${server.url}/football/live/${match.id}`);
    await expect(state).toHaveText('未开赛');
    await expect(page.locator('[data-live="sep"]')).toHaveText('VS');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await expect(state).not.toHaveText('未开赛', { timeout: 60_000 });
    // The simulator postpones the odd match: then the next one is watched instead.
    if ((await state.textContent()) === '推迟') continue;

    await expect(home).toHaveText(/^\d+$/);
    await expect(page.locator('[data-live="sep"]')).toHaveText('-');
    await expect(lines.first()).toBeVisible({ timeout: 30_000 });
    await expect(state).toHaveText('完场', { timeout: 150_000 });

    const [detail, texts] = await Promise.all([
      data(request, `/live/match/${match.id}`),
      data(request, `/live/match/${match.id}/texts?limit=3`),
    ]);
    await expect(home).toHaveText(String(detail.home.score));
    await expect(away).toHaveText(String(detail.away.score));
    await expect(lines.first().locator('[data-slot="text"]')).toHaveText(texts[0].text);
    expect(await lines.count()).toBeGreaterThan(5);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
    return;
  }
  throw new Error('none of the next three matches was played');
});
