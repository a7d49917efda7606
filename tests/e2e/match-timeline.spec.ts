import type { APIRequestContext } from '@playwright/test';
import { expect, footballAhead, simData, test } from './support/fast-sim.ts';

/**
 * The match timeline (docs/match-day.md) on a live match page, on the fast simulator's server
 * (support/fast-sim.ts): it is drawn before kick-off, gains the match's goals (or, in a goalless
 * match, its other events) as they happen without a reload, and fits a 390 px phone.
 */
const MINUTE = 60_000;
type Ev = { type: string };
const MARKED = new Set([
  'goal',
  'own_goal',
  'penalty',
  'yellow',
  'red',
  'yellow_red',
  'substitution',
  'penalty_missed',
  'var',
]);

test('the timeline gains marks live and fits a phone', async ({ page, browser, request, sim }) => {
  test.setTimeout(180_000);
  const data = (api: APIRequestContext, path: string) => simData(api, sim, path);
  const upcoming = await footballAhead(request, sim);
  const timeline = page.locator('figure.match-timeline');
  const marks = timeline.locator('g.tl-mark');
  const goals = timeline.locator('g.tl-mark[data-kind="goal"], g.tl-mark[data-kind="own_goal"]');

  for (const match of upcoming.slice(0, 3)) {
    const kickoff = Date.parse(match.kickoffAt);
    await page.goto(`${sim.url}/football/live/${match.id}`);
    await expect(timeline.locator('svg[role="img"]')).toBeVisible();
    await expect(marks).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await sim.advanceTo(kickoff + 2 * MINUTE);
    await expect(page.locator('[data-live="state"]')).not.toHaveText('未开赛', { timeout: 30_000 });
    if ((await page.locator('[data-live="state"]').textContent()) === '推迟') continue;

    // Play on ten minutes at a time until the first goal; the timeline follows each step.
    let events: Ev[] = [];
    for (let m = 10; m <= 130; m += 10) {
      await sim.advanceTo(kickoff + m * MINUTE);
      events = await data(request, `/live/match/${match.id}/events`);
      if (events.some((e) => ['goal', 'own_goal', 'penalty'].includes(e.type))) break;
    }
    const scoring = (list: Ev[]) =>
      list.filter((e) => ['goal', 'own_goal', 'penalty'].includes(e.type)).length;
    // The clock runs on (a simulated minute a second), so a later goal may come meanwhile: the marks match the
    // match's goals as the server has them at that moment.
    if (scoring(events))
      await expect(async () => {
        const now = scoring(await data(request, `/live/match/${match.id}/events`));
        expect(await goals.count()).toBe(now);
      }).toPass({ timeout: 30_000 });
    // Goalless to the end: the refreshed timeline still carries every card and substitution.
    else
      await expect(marks).toHaveCount(events.filter((e) => MARKED.has(e.type)).length, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    // A 390 px phone: the drawing is visible and fits the screen, the page does not scroll sideways.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const p = await phone.newPage();
    await p.goto(`${sim.url}/football/live/${match.id}`);
    const svg = p.locator('figure.match-timeline svg[role="img"]');
    await expect(svg).toBeVisible();
    const box = (await svg.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThan(100);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();
    return;
  }
  throw new Error('none of the next three matches was played');
});
