import { expect, test } from '@playwright/test';
import { loginForm } from '../support/login-form.ts';
import { footballSaturday } from './support/football-evening.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * A fan follows teams and hears of a goal: a server of its own whose simulator runs 60 times
 * faster (a simulated minute a second), so a followed side of a live match scores or falls behind
 * within a few real minutes, and the alert arrives as a toast on the score page, without reload.
 */
const SIM_SPEED = '60';
const FAN = '13800000001';
let server: RunningServer | null = null;

test.beforeAll(async ({}, info) => {
  if (info.project.name !== 'desktop') return;
  info.setTimeout(600_000);
  server = await startServer({ SIM_SPEED, SIM_START: footballSaturday('22:55') });
});
test.afterAll(async () => {
  await server?.stop();
  server = null;
});

test('a fan follows a team and gets the goal alert when the simulator scores', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one fast-simulator server is enough');
  test.setTimeout(420_000);
  const base = server!.url;
  const key = (await (await page.request.get(`${base}/svc/user/key/getDynamicKey`)).json()).data;
  const login = await page.request.post(`${base}/svc/user/login`, { form: loginForm(FAN, key) });
  const token = (await login.json()).data.token as string;
  await page.context().addCookies([{ name: 'token', value: token, url: base }]);

  // The live football matches now: follow the first home side on its team page, the other sides by call.
  const live = (await (await page.request.get(`${base}/svc/live/football/live`)).json()).data as {
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
  await expect(toast.first()).toBeVisible({ timeout: 360_000 });
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
