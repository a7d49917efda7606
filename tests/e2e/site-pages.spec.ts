import { expect, test } from '@playwright/test';
import { logIn } from './support/login.ts';

const EDITOR = '13800000010';
const OPERATOR = '13800000009';

test.skip(({ isMobile }) => isMobile, 'the console is for desktop widths');

test('an editor drafts a help page, previews it (readers still see the old page), and publishes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await logIn(page, EDITOR);
  await page.goto('/ops/pages');
  await page.locator('[data-page-row="4"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/ops\/pages\/edit\/4$/);
  const title = await page.getByLabel('标题', { exact: true }).inputValue();
  const line = `端到端修订 ${Date.now()}`;
  const body = page.locator('textarea[name=body]');
  // The seed's HTML arrives as Markdown.
  expect(await body.inputValue()).toMatch(/^## /m);
  await body.fill(`## ${line}\n\n修订后的**常见问题**。<script>alert(1)</script>`);
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByRole('status').filter({ hasText: '草稿已保存' })).toBeVisible();
  const preview = (await page.locator('[data-preview-link]').getAttribute('href'))!;
  // The page may have been published before (another run on the same server): count from here.
  const history = page.getByRole('region', { name: '发布历史' }).getByRole('listitem');
  const published = await history.count();
  expect(preview).toMatch(/^\/about\/preview\/[\w-]{20,}$/);

  const reader = await browser.newPage({ baseURL });
  await reader.goto('/about/live/4');
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByText(line)).toHaveCount(0);
  expect((await reader.goto(preview))!.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 2, name: line })).toBeVisible();
  expect(await reader.content()).not.toContain('<script>alert(1)</script>');
  expect((await reader.goto('/about/preview/AAAAAAAAAAAAAAAAAAAAAAAA'))!.status()).toBe(404);

  await page.getByRole('button', { name: '保存并发布' }).click();
  await expect(page.getByRole('status').filter({ hasText: '已发布' })).toBeVisible();
  await expect(history).toHaveCount(Math.max(published, 1) + 1);
  expect((await reader.goto(preview))!.status()).toBe(404);
  // The page cache keeps a visitor's copy for about a second.
  await expect(async () => {
    await reader.goto('/about/live/4');
    await expect(reader.getByRole('heading', { level: 2, name: line })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await reader.close();

  // An operator is not an editor: the section is not theirs.
  const other = await browser.newPage({ baseURL });
  await logIn(other, OPERATOR);
  expect((await other.goto('/ops/pages'))!.status()).toBe(404);
  await other.close();
});
