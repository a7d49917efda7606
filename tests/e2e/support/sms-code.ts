import { expect, type Page } from '@playwright/test';
import { REP_OK } from '../../../src/lib/captcha.ts';
import { answerFor } from '../../../src/server/services/captcha/plan.ts';

/** The e2e server's CAPTCHA_TEST_SEED and SMS_TEST_SEED (support/server.ts): answers and codes derive from it. */
export const E2E_SEED = 'e2e-seed';

/** Presses 获取验证码 and solves the click-word captcha it opens (spec §5), as a person would. */
export async function requestCode(page: Page) {
  const captcha = page.waitForResponse((r) => r.url().includes('/inform/captcha/get'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog).toBeVisible();
  const { repData } = await (await captcha).json();
  const { points, wordList } = answerFor(E2E_SEED, repData.token);
  const frame = dialog.getByRole('application', { name: new RegExp(`请依次点击【${wordList.join(',')}】`) });
  await expect(frame).toBeVisible();
  await expect(dialog.getByRole('slider')).toHaveCount(0);
  const box = (await frame.boundingBox())!;
  // The check and the send are two server round trips 1 s apart (the dialog shows 验证通过 first): wait on
  // each answer, not on a fixed 5 s, so a busy machine is slower but never a failure, and a click that
  // missed fails here with the server's word rather than as a missing 已发送.
  const checked = page.waitForResponse((r) => r.url().includes('/inform/captcha/check'));
  const sent = page.waitForResponse((r) => r.url().includes('/inform/send/sms'), { timeout: 30_000 });
  // Clicked through the frame itself, not at page coordinates read once: Playwright waits until the
  // frame stands still and checks that it is what receives each click (the dialog is centred, so
  // anything that changes its height moves the frame).
  for (const p of points) {
    await frame.click({ position: { x: (p.x * box.width) / 310, y: (p.y * box.height) / 155 } });
  }
  expect((await (await checked).json()).repCode).toBe(REP_OK);
  expect((await sent).ok()).toBe(true);
  await expect(page.getByText('已发送')).toBeVisible();
}
