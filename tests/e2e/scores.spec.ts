import { expect, footballAhead, test } from './support/fast-sim.ts';

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

/**
 * The 即时 page regroups without a reload: a match that kicks off leaves 未开赛 for 进行中, one that
 * ends moves on to 完场, and the section counts and the heading's 进行中 count follow.
 */
test('the football page moves a match from 未开赛 to 进行中 at kick-off and to 完场 at full time', async ({
  page,
  sim,
}) => {
  test.setTimeout(180_000);
  const MINUTE = 60_000;
  // Today's and the next day's, at least 30 simulated minutes (30 s) ahead: the specs before may have
  // moved the clock past today's last kick-off (a busy machine runs the chain longer at 60×).
  const upcoming = await footballAhead(page.request, sim);
  expect(upcoming.length, 'football still to come today or tomorrow').toBeGreaterThan(0);
  const section = (title: string) => page.getByRole('region', { name: title, exact: true });
  const rowIn = (title: string, id: number) => section(title).locator(`li[data-mid="${id}"]`);
  /**
   * Each section's "N 场" and the heading's 进行中 count say how many rows are there. Read together
   * and tried again until they agree: matches kicking off at the same minute as the watched one may
   * still be moving between sections (a count taken before their move failed against a heading after it).
   */
  const BRIEFLY = { timeout: 1_000 };
  const countsAgree = () =>
    expect(async () => {
      for (const title of ['进行中', '未开赛', '完场']) {
        const rows = await section(title).locator('li[data-mid]').count();
        if (rows) await expect(section(title).getByRole('heading')).toContainText(`${rows} 场`, BRIEFLY);
      }
      const live = await section('进行中').locator('li[data-mid]').count();
      await expect(page.locator('main')).toContainText(`进行中 ${live} 场`, BRIEFLY);
    }).toPass({ timeout: 15_000 });

  for (const match of upcoming.slice(0, 3)) {
    const kickoff = Date.parse(match.kickoffAt);
    // Tomorrow's match is on the page's list from its day on: go to shortly before it kicks off.
    await sim.advanceTo(kickoff - 40 * MINUTE);
    await page.goto(`${sim.url}/football`);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await expect(rowIn('未开赛', match.id)).toBeVisible();
    await sim.advanceTo(kickoff + 2 * MINUTE);
    const row = page.locator(`[data-list] li[data-mid="${match.id}"]`);
    await expect(row).not.toHaveAttribute('data-phase', 'scheduled', { timeout: 30_000 });
    // The simulator postpones the odd match: then the next one is watched instead.
    if ((await row.getAttribute('data-phase')) === 'void') continue;

    await expect(rowIn('进行中', match.id)).toBeVisible({ timeout: 30_000 });
    await expect(rowIn('未开赛', match.id)).toHaveCount(0);
    await countsAgree();
    // Two halves, half-time and stoppage are over by then; extra time needs a few more minutes.
    await sim.advanceTo(kickoff + 130 * MINUTE);
    await expect
      .poll(
        async () => {
          if ((await row.getAttribute('data-phase')) === 'finished') return true;
          await sim.advance(10);
          return false;
        },
        { timeout: 90_000, intervals: [1_000] },
      )
      .toBe(true);
    await expect(rowIn('完场', match.id)).toBeVisible({ timeout: 30_000 });
    await expect(rowIn('进行中', match.id)).toHaveCount(0);
    await countsAgree();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    return;
  }
  throw new Error('none of the next three matches was played');
});
