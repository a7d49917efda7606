import { loginForm } from '../support/login-form.ts';
import { expect, test } from './support/fast-sim.ts';

/**
 * A fan follows teams and hears of a goal: on the fast simulator's server (support/fast-sim.ts), the
 * clock moves on a few simulated minutes at a time until a followed side scores or falls behind,
 * and the alert arrives as a toast on the score page, without reload.
 */
const FAN = '13800000001';

test('a fan follows a team and gets the goal alert when the simulator scores', async ({ page, sim }) => {
  test.setTimeout(240_000);
  const base = sim.url;
  const key = (await (await page.request.get(`${base}/svc/user/key/getDynamicKey`)).json()).data;
  const login = await page.request.post(`${base}/svc/user/login`, { form: loginForm(FAN, key) });
  const token = (await login.json()).data.token as string;
  await page.context().addCookies([{ name: 'token', value: token, url: base }]);

  // Today's football (in play and to come): follow the first home side on its team page, the other sides by call.
  const live = (await (await page.request.get(`${base}/svc/live/football/live`)).json()).data as {
    state: number;
    kickoffAt: string;
    home: { id: number };
    away: { id: number };
  }[];
  expect(live.length).toBeGreaterThan(0);
  await page.goto(`${base}/database/fb/team/${live[0].home.id}`);
  const button = page.locator('[data-follow-toggle]');
  await expect(button).toHaveText('+ 关注');
  await button.click();
  await expect(button).toHaveText('已关注');
  await expect(page.locator('[data-followers]')).toHaveText('1 人关注');
  for (const m of live)
    for (const id of [m.home.id, m.away.id]) {
      const r = await page.request.post(`${base}/svc/api/attention/sport`, {
        headers: { accessToken: token },
        form: { type: 'team', targetId: String(id) },
      });
      expect((await r.json()).code).toBe(200);
    }

  // The score page with 我的关注: only the followed teams' matches, and the alert as a toast in the
  // board's own toast area (not the header's floating one as well).
  await page.goto(`${base}/football?mine=1`);
  await expect(page.locator('[data-mine-filter]').first()).toHaveAttribute('aria-current', 'true');
  const alert = /^(进球|落后|完场)/;
  const toast = page.locator('score-board [data-toast] [data-notice-toast]').filter({ hasText: alert });
  // To the first kick-off still to come (if any), then a few simulated minutes at a time until an alert.
  const next = live.filter((m) => m.state === 1).map((m) => Date.parse(m.kickoffAt));
  if (next.length) await sim.advanceTo(Math.min(...next));
  await expect
    .poll(
      async () => {
        if (await toast.count()) return true;
        await sim.advance(3);
        return false;
      },
      { timeout: 180_000, intervals: [250] },
    )
    .toBe(true);
  await expect(toast.first()).toHaveAttribute('href', /^\/football\/live\/\d+$/);
  await expect(page.locator('body > [data-notice-toast]').filter({ hasText: alert })).toHaveCount(0);
  // The board's own goal line for that match gives way to the alert.
  const mid = await toast.first().getAttribute('data-mid');
  await expect(page.locator(`score-board [data-toast] p[data-mid="${mid}"]`)).toHaveCount(0);
  // The same alert is in the notification list.
  const notices = await page.request.get(`${base}/svc/inform/message/list?kind=match`, {
    headers: { accessToken: token },
  });
  expect((await notices.json()).data.total).toBeGreaterThan(0);
});
