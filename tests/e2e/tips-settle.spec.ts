import { request as pwRequest, type Page } from '@playwright/test';
import { tokenOf } from './support/login.ts';
import { expect, test } from './support/fast-sim.ts';

/**
 * A plan settles itself at full time and the buyer sees it without a reload, on the fast
 * simulator's server (support/fast-sim.ts). Three experts publish 胜平负 plans (主胜, 平, 客胜, all
 * 不中退) on the next football match; a fan buys all three and keeps the three plan pages open. The
 * spec moves the clock past full time: each page shows its result and the expert's record, and the
 * two missed plans show the refund, over the socket (the pages are never reloaded). Reloaded, they
 * show the same again, read from the database.
 */
const EXPERTS = ['13800000003', '13800000031', '13800000032'];
const PICKS = ['home', 'draw', 'away'] as const;
const FAN = '13800000001';
const PRICE = 10;
const MINUTE = 60_000;

const json = async (r: Promise<{ json(): Promise<{ code: number; msg: string; data: never }> }>) => {
  const body = await (await r).json();
  expect(body, body.msg).toMatchObject({ code: 200 });
  return body.data as never;
};

test('plans settle at full time; results, record and refunds reach the open pages without reload', async ({
  browser,
  sim,
}) => {
  test.setTimeout(240_000);
  const a = await pwRequest.newContext({ baseURL: sim.url });
  const tokens = await Promise.all(EXPERTS.map((m) => tokenOf(a, m)));
  const fan = await tokenOf(a, FAN);

  // The next football match at least 20 simulated minutes ahead on the feed's own clock (time to
  // publish and buy first; at 60× that is 20 s) that none of the three has a 胜平负 plan on.
  const simNow = await sim.now();
  const open: { id: number; sport: number; kickoffAt: string }[] = await json(
    a.get('/svc/tj/match/list?sport=1'),
  );
  let matchId = 0;
  let kickoff = 0;
  for (const m of open.sort((x, y) => Date.parse(x.kickoffAt) - Date.parse(y.kickoffAt))) {
    const ahead = Date.parse(m.kickoffAt) - simNow;
    if (ahead < 20 * MINUTE) continue;
    const plays = (await json(a.get(`/svc/tj/match/plays?matchId=${m.id}`))) as {
      plays: { play: string }[];
    };
    if (!plays.plays.some((p) => p.play === 'spf')) continue;
    const existing = (await json(a.get(`/svc/tj/recommend/list?matchId=${m.id}&play=spf&pageSize=50`))) as {
      list: unknown[];
    };
    if (existing.list.length === 0) {
      matchId = m.id;
      kickoff = Date.parse(m.kickoffAt);
      break;
    }
  }
  expect(matchId).toBeGreaterThan(0);

  const planIds: number[] = [];
  for (const [i, token] of tokens.entries()) {
    const plan = (await json(
      a.post('/svc/tj/recommend/publish', {
        headers: { accessToken: token },
        data: {
          matchId,
          play: 'spf',
          pick: PICKS[i],
          title: `E2E结算测试${PICKS[i]}`,
          analysis: '根据两队近期状态与交锋记录做出的判断，仅用于结算流程的自动化测试。',
          price: PRICE,
          refundOnLoss: true,
        },
      }),
    )) as { id: number };
    planIds.push(plan.id);
    await json(a.post('/svc/tj/recommend/buy', { headers: { accessToken: fan }, data: { planId: plan.id } }));
  }
  const before = (
    (await json(a.get('/svc/pay/balances', { headers: { accessToken: fan } }))) as { balance: number }
  ).balance;

  // The fan keeps the three plan pages open; a marker on each window would vanish with a reload.
  const context = await browser.newContext({ baseURL: sim.url });
  await context.addCookies([{ name: 'token', value: fan, url: sim.url }]);
  const pages: Page[] = [];
  // Each expert's count of settled plans as the page first showed it ("已结算 N场（…）").
  const settledCount = async (page: Page) =>
    Number((await page.locator('[data-expert-record]').innerText()).match(/(\d+)场/)![1]);
  const countsBefore: number[] = [];
  for (const id of planIds) {
    const page = await context.newPage();
    await page.goto(`/guide/plan/${id}`);
    await expect(page.locator('[data-plan-status="open"]')).toBeVisible();
    await expect(page.locator('[data-plan-analysis]')).toBeVisible();
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    countsBefore.push(await settledCount(page));
    pages.push(page);
  }

  // Kick-off, ninety minutes, half time and stoppage time: the clock moves past them at once.
  await sim.advanceTo(kickoff + 130 * MINUTE);
  for (const page of pages)
    await expect(page.locator('[data-plan-status="settled"]')).toBeVisible({ timeout: 60_000 });
  const results: string[] = [];
  for (const [i, page] of pages.entries()) {
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    const result = await page
      .locator('article[data-plan] header [data-plan-result]')
      .getAttribute('data-plan-result');
    results.push(result!);
    // The record was redrawn with this plan in it (other plans of the expert may have settled too).
    expect(await settledCount(page)).toBeGreaterThan(countsBefore[i]);
    if (result === 'lose')
      await expect(page.locator('[data-plan-refund]')).toHaveText(
        `方案未中（黑），按不中退已退还 ${PRICE} 球钻`,
      );
    else await expect(page.locator('[data-plan-refund]')).toBeEmpty();
  }
  // After a reload the refund is read from the database: the buyer is told the same words, and a
  // reader who bought nothing (here: nobody signed in) is told nothing.
  for (const [i, page] of pages.entries()) {
    await page.reload();
    await expect(page.locator('[data-plan-status="settled"]')).toBeVisible();
    if (results[i] === 'lose')
      await expect(page.locator('[data-plan-refund]')).toHaveText(
        `方案未中（黑），按不中退已退还 ${PRICE} 球钻`,
      );
    else await expect(page.locator('[data-plan-refund]')).toBeEmpty();
  }
  const reader = await browser.newContext({ baseURL: sim.url });
  const readerPage = await reader.newPage();
  await readerPage.goto(`/guide/plan/${planIds[results.indexOf('lose')]}`);
  await expect(readerPage.locator('[data-plan-status="settled"]')).toBeVisible();
  await expect(readerPage.locator('[data-plan-refund]')).toBeEmpty();
  await reader.close();
  // 胜平负 has no push: exactly one of the three picks came in.
  expect(results.sort()).toEqual(['lose', 'lose', 'win']);
  const after = (
    (await json(a.get('/svc/pay/balances', { headers: { accessToken: fan } }))) as { balance: number }
  ).balance;
  expect(after).toBe(before + 2 * PRICE);
  // Exactly one refund (type 6) per missed plan in the fan's trade records.
  const refunds = (await json(
    a.post('/svc/pay/record/trans-list', {
      headers: { accessToken: fan },
      data: { type: 6, pageNum: 1, pageSize: 50 },
    }),
  )) as { list: { amount: number; ref: string }[] };
  const ours = refunds.list.filter((t) => planIds.some((id) => t.ref === `tip:${id}`));
  expect(ours.map((t) => t.amount)).toEqual([PRICE, PRICE]);
  await context.close();
  await a.dispose();
});
