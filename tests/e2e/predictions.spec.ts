import { expect, test, type APIRequestContext } from '@playwright/test';
import { logIn } from './support/login.ts';
import { feedNow } from './support/feed-now.ts';

const FAN = '13800000001';

/**
 * A football match not started whose kick-off is at least an hour ahead by the feed's clock: the
 * `nth` one, so the desktop and phone projects each pick on their own match.
 */
async function openMatch(request: APIRequestContext, nth: number): Promise<number> {
  const now = await feedNow(request);
  const found: number[] = [];
  for (let day = 0; day < 7 && found.length <= nth; day++) {
    const date = new Date(now + 8 * 3600_000 + day * 86_400_000).toISOString().slice(0, 10);
    const list = (await (await request.get(`/svc/live/football/schedule?date=${date}`)).json()).data as {
      id: number;
      state: number;
      kickoffAt: string;
    }[];
    for (const m of list) if (m.state === 1 && Date.parse(m.kickoffAt) > now + 3600_000) found.push(m.id);
  }
  if (found.length <= nth) throw new Error('no football match open for predictions within a week');
  return found[nth];
}

test('a fan picks 主胜 before kick-off, sees the crowd, then changes to 平局; a visitor is asked to log in', async ({
  page,
}) => {
  const matchId = await openMatch(page.request, test.info().project.name === 'mobile' ? 1 : 0);
  await page.goto(`/football/live/${matchId}`);
  const panel = page.getByRole('region', { name: '球迷竞猜' });
  await expect(panel.getByText('免费参与，不涉及球钻、球票')).toBeVisible();
  // A visitor sees no split before kick-off, and a pick opens the login dialog.
  await expect(panel.getByRole('list', { name: '球迷看法' }).getByRole('listitem')).toHaveCount(0);
  await panel.getByRole('button', { name: '主胜' }).click();
  await expect(page.getByText('登录后即可参与竞猜')).toBeVisible();

  await logIn(page, FAN);
  await page.goto(`/football/live/${matchId}`);
  await panel.getByRole('button', { name: '主胜' }).click();
  await expect(panel.getByText('我的竞猜：主胜')).toBeVisible();
  await expect(panel.getByRole('button', { name: '主胜' })).toHaveAttribute('aria-pressed', 'true');
  const split = panel.getByRole('list', { name: '球迷看法' }).getByRole('listitem');
  await expect(split).toHaveCount(3);
  await expect(split.first()).toContainText('主胜');

  await panel.getByRole('button', { name: '平局' }).click();
  await expect(panel.getByText('我的竞猜：平局')).toBeVisible();
  // The pick is the fan's own on the next visit too.
  await page.reload();
  await expect(panel.getByText('我的竞猜：平局')).toBeVisible();
  await expect(panel.getByRole('button', { name: '平局' })).toHaveAttribute('aria-pressed', 'true');
});

test('竞猜榜 lists the week and the month with their rule', async ({ page }) => {
  await page.goto('/guide/predictions');
  await expect(page.getByRole('region', { name: '周榜（近7天）' })).toContainText('至少结算5次竞猜才能上榜');
  await expect(page.getByRole('region', { name: '月榜（近30天）' })).toContainText(
    '至少结算12次竞猜才能上榜',
  );
  const tab = page.getByRole('navigation', { name: '锦囊' }).getByRole('link', { name: '竞猜' });
  await expect(tab).toHaveAttribute('aria-current', 'page');
  await expect(tab).toBeInViewport();
});
