import type { APIRequestContext } from '@playwright/test';
import { expect, footballAhead, simData, test } from './support/fast-sim.ts';

/**
 * The live island of a match page: a visitor opens a match before kick-off and, without a
 * reload, sees it start (VS → 0-0), the commentary arrive newest first and the final whistle
 * with the score the server has. On the fast simulator's server (support/fast-sim.ts): the spec
 * moves its clock to the kick-off and on to full time instead of waiting for them.
 */
const MINUTE = 60_000;

test('a live match page updates its score, state and commentary without a reload', async ({
  page,
  request,
  sim,
}) => {
  test.setTimeout(180_000);
  const data = (api: APIRequestContext, path: string) => simData(api, sim, path);
  const upcoming = await footballAhead(request, sim);
  const state = page.locator('[data-live="state"]');
  const home = page.locator('[data-live="home-score"]');
  const away = page.locator('[data-live="away-score"]');
  const lines = page.locator('[data-live="texts"] > li');
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(err.message));

  for (const match of upcoming.slice(0, 3)) {
    const kickoff = Date.parse(match.kickoffAt);
    await page.goto(`${sim.url}/football/live/${match.id}`);
    await expect(state).toHaveText('未开赛');
    await expect(page.locator('[data-live="sep"]')).toHaveText('VS');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await sim.advanceTo(kickoff + 2 * MINUTE);
    await expect(state).not.toHaveText('未开赛', { timeout: 30_000 });
    // The simulator postpones the odd match: then the next one is watched instead.
    if ((await state.textContent()) === '推迟') continue;

    await expect(home).toHaveText(/^\d+$/);
    await expect(page.locator('[data-live="sep"]')).toHaveText('-');
    await sim.advance(20);
    await expect(lines.first()).toBeVisible({ timeout: 30_000 });
    // Two halves, half time and stoppage time are over by then; at 60× the rest would take a minute.
    await sim.advanceTo(kickoff + 130 * MINUTE);
    await expect(state).toHaveText('完场', { timeout: 60_000 });

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
