import { expect, test, type APIRequestContext } from '@playwright/test';
import { fansText } from '../../src/lib/ratings.ts';
import { logIn, tokenOf } from './support/login.ts';
import { feedNow } from './support/feed-now.ts';

const FAN = '13800000001';

interface Board {
  open: boolean;
  players: {
    playerId: number;
    name: string;
    average: number | null;
    count: number;
    refusal: string | null;
  }[];
}

/**
 * A football match finished within the last day by the feed's clock, with players who may be rated, and
 * the `nth` of them, so the desktop and phone projects each rate their own player.
 */
async function ratedMatch(request: APIRequestContext, nth: number) {
  const now = await feedNow(request);
  for (const back of [0, 1]) {
    const date = new Date(now + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
    const list = (await (await request.get(`/svc/live/football/schedule?date=${date}`)).json()).data as {
      id: number;
      state: number;
    }[];
    for (const m of list.filter((x) => x.state === 8)) {
      const board = (await (await request.get(`/svc/live/rating/match?matchId=${m.id}`)).json())
        .data as Board;
      const open = board.players.filter((p) => p.refusal === null);
      if (board.open && open.length > nth) return { matchId: m.id, player: open[nth] };
    }
  }
  throw new Error('no football match finished within a day with players to rate');
}

const boardOf = async (request: APIRequestContext, matchId: number) =>
  (await (await request.get(`/svc/live/rating/match?matchId=${matchId}`)).json()).data as Board;

test('a fan rates a player after the final whistle and sees the fans’ average update; a visitor is asked to log in', async ({
  page,
}) => {
  const { matchId, player } = await ratedMatch(page.request, test.info().project.name === 'mobile' ? 1 : 0);
  await page.goto(`/football/live/${matchId}`);
  const section = page.getByRole('region', { name: '球员评分' });
  await expect(section.getByText('球迷全场最佳：')).toBeVisible();
  await expect(section.getByRole('button', { name: '登录后为球员评分' })).toBeVisible();
  await expect(section.getByRole('combobox')).toHaveCount(0);

  await logIn(page, FAN);
  await page.goto(`/football/live/${matchId}`);
  // Named with the team: a simulated squad may have 4号 on both sides.
  const choice = section.locator(`select[data-rate="${player.playerId}"]`);
  await expect(choice).toHaveAccessibleName(new RegExp(`^给.+ ${player.name}评分$`));
  await expect(choice).toBeVisible();
  await choice.selectOption('9');
  await expect(page.getByText('评分已提交，完场 24 小时内可以修改')).toBeVisible();
  // The figure the fans see now, in the ratings and beside the player in the lineups alike.
  const after = (await boardOf(page.request, matchId)).players.find((p) => p.playerId === player.playerId)!;
  expect(after.count).toBeGreaterThanOrEqual(1);
  const figure = fansText(after.average, after.count);
  const cells = page.locator(`[data-fans="${player.playerId}"]`);
  await expect(section.locator(`[data-fans="${player.playerId}"]`)).toHaveText(figure);
  for (const cell of await cells.all()) await expect(cell).toHaveText(figure);
  if (player.count === 0) expect(figure).toBe('9.0（1人）');

  // The rating is the fan's own on the next visit, and can be changed.
  await page.reload();
  await expect(choice).toHaveValue('9');
  await choice.selectOption('7.5');
  await expect(page.getByText('评分已提交，完场 24 小时内可以修改')).toBeVisible();
  if (player.count === 0)
    await expect(section.locator(`[data-fans="${player.playerId}"]`)).toHaveText('7.5（1人）');
});

test('the console lists an address from which several accounts rated one match', async ({ page }) => {
  test.skip(test.info().project.name === 'mobile', 'the console is laid out for the desktop');
  const { matchId, player } = await ratedMatch(page.request, 2);
  // Three demo accounts rate from this one address (every request of the suite comes from 127.0.0.1).
  for (const mobile of [FAN, '13800000002', '13800000003']) {
    const token = await tokenOf(page.request, mobile);
    const res = await page.request.post('/svc/live/rating/rate', {
      headers: { accessToken: token },
      form: { matchId: String(matchId), playerId: String(player.playerId), rating: '6.5' },
    });
    expect((await res.json()).code).toBe(200);
  }
  await logIn(page, '13800000009');
  expect((await page.goto('/ops/users'))!.status()).toBe(200);
  const list = page.getByRole('region', { name: '评分异常地址' });
  const row = list.getByRole('row').filter({ has: page.locator(`a[href="/football/live/${matchId}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^[3-9]$|^\d{2,}$/);
});
