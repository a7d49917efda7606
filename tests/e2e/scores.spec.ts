import { expect, test } from './support/fast-sim.ts';

/**
 * Live scores without a reload: on the fast simulator's server (support/fast-sim.ts) a match's
 * minute moves every second, and the clock is moved on to a kick-off when nothing is in play.
 */
test('the football page shows a live match whose minute and score change without reload', async ({
  page,
  sim,
}) => {
  test.setTimeout(180_000);
  // Something in play: if nothing is, the clock moves to the next kick-off.
  const today = (await (await page.request.get(`${sim.url}/svc/live/football/live`)).json()).data as {
    phase: string;
    state: number;
    kickoffAt: string;
  }[];
  if (!today.some((m) => m.phase === 'playing')) {
    const next = today.filter((m) => m.state === 1).map((m) => Date.parse(m.kickoffAt));
    expect(next.length, 'football still to come today').toBeGreaterThan(0);
    await sim.advanceTo(Math.min(...next) + 60_000);
  }
  await page.goto(`${sim.url}/football`);
  // Record the goal flashes the island shows, and mark the document: a reload would lose both.
  await page.evaluate(() => {
    const w = window as unknown as { __goals: string[]; __toasts: string[]; __loaded: number };
    w.__loaded = 1;
    w.__goals = [];
    w.__toasts = [];
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) if (n instanceof HTMLElement) w.__toasts.push(n.textContent ?? '');
    }).observe(document.querySelector('score-board [data-toast]')!, { childList: true });
    new MutationObserver((records) => {
      for (const r of records) {
        const row = r.target as Element;
        if (row.matches('[data-list] li[data-mid]') && row.classList.contains('goal-flash'))
          w.__goals.push(row.getAttribute('data-mid')!);
      }
    }).observe(document.querySelector('score-board')!, {
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });

  const live = page.locator('[data-list] li[data-mid][data-phase="playing"]').first();
  await expect(live).toBeVisible({ timeout: 60_000 });
  const id = (await live.getAttribute('data-mid'))!;
  const row = page.locator(`[data-list] li[data-mid="${id}"]`);
  const clock = row.locator('[data-f="clock"]');
  const before = (await clock.textContent())!;
  await expect(clock).not.toHaveText(before, { timeout: 20_000 });
  await expect(clock).toHaveText(/^(\d+(\+\d+)?'|中场|完场|加时|点球)$/);

  // Some live match scores: the clock moves on a few simulated minutes at a time until one does.
  const goalsSeen = () => page.evaluate(() => (window as unknown as { __goals: string[] }).__goals.length);
  await expect
    .poll(
      async () => {
        if (await goalsSeen()) return true;
        await sim.advance(3);
        return false;
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(true);
  const [goal] = await page.evaluate(() => (window as unknown as { __goals: string[] }).__goals);
  const scored = page.locator(`[data-list] li[data-mid="${goal}"]`);
  await expect(page.locator('.score-toast.is-goal').first()).toContainText('进球！');
  // The simulator's feed names the scorer (a name may hold spaces): the toast ends with it, after the minute.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts), {
      timeout: 30_000,
    })
    .toContainEqual(expect.stringMatching(/^进球！.+ \d+-\d+ .+ \d+(\+\d+)?' \S.*$/));
  // The row shows what the server holds for that match (it may score again meanwhile: compare until equal).
  await expect
    .poll(
      async () => {
        const m = (await (await page.request.get(`${sim.url}/svc/live/match/${goal}`)).json()).data;
        const shown = `${await scored.locator('[data-f="hs"]').textContent()}-${await scored.locator('[data-f="as"]').textContent()}`;
        return shown === `${m.home.score}-${m.away.score}`;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __loaded?: number }).__loaded)).toBe(1);
});
