import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The score pages as served: complete HTML from the server (read without running any script),
 * holding what the sports calls return, and the few things the score island adds.
 */
interface Item {
  id: number;
  home: { name: string };
  away: { name: string };
  competition: { name: string };
  lottery: { jcNo: string | null; bdNo: number | null; zcOrder: number | null };
}

const data = async <T>(request: APIRequestContext, path: string): Promise<T> =>
  (await (await request.get(`/svc${path}`)).json()).data as T;
const html = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
};
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? '';
const described = (page: string) => /<meta name="description" content="[^"]{20,}"/.test(page);
/** Each match of `items` is a row of the page, with both team names. */
function expectRows(page: string, items: Item[]) {
  expect(items.length).toBeGreaterThan(0);
  for (const m of items) {
    expect(page).toContain(`data-mid="${m.id}"`);
    expect(page).toContain(m.home.name);
    expect(page).toContain(m.away.name);
  }
}
const tomorrowOf = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test.describe('score pages (server-rendered)', () => {
  test.skip(({ isMobile }) => isMobile, 'server-rendered HTML is the same for every viewport');
  test('/football lists today’s and live matches with live links, filters and a title', async ({
    request,
  }) => {
    const items = await data<Item[]>(request, '/live/football/live');
    const page = await html(request, '/football');
    expect(titleOf(page)).toContain('足球即时比分');
    expect(described(page)).toBe(true);
    expectRows(page, items);
    expect(page).toContain(`href="/football/live/${items[0].id}"`);
    for (const label of ['竞彩', '北单', '足彩', '按赛事', '赛事选择']) expect(page).toContain(label);

    const jc = await data<Item[]>(request, '/live/football/live?lottery=jc');
    const jcPage = await html(request, '/football?lottery=jc');
    expectRows(jcPage, jc);
    expect(jcPage).toContain(jc[0].lottery.jcNo!);
    const notJc = items.filter((m) => !m.lottery.jcNo);
    for (const m of notJc) expect(jcPage).not.toContain(`data-mid="${m.id}"`);
  });

  test('/football/end, /football/next and /next show the matches of their dates', async ({ request }) => {
    const { date: today } = await data<{ date: string }>(request, '/live/football/filters');
    const tomorrow = tomorrowOf(today);
    expectRows(
      await html(request, '/football/next'),
      await data<Item[]>(request, `/live/football/schedule?date=${tomorrow}`),
    );
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const end = await html(request, `/football/end?date=${yesterday}`);
    expect(titleOf(end)).toContain('足球完场比分');
    expectRows(end, await data<Item[]>(request, `/live/football/finished?date=${yesterday}`));

    const next = await html(request, `/next?date=${tomorrow}`);
    expect(titleOf(next)).toContain('赛程');
    expectRows(next, await data<Item[]>(request, `/api/match/schedule?date=${tomorrow}`));
    // The strip: at most 7 dates before today, then today and the days ahead.
    const strip = [...next.matchAll(/href="\/next\?date=(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]);
    expect(strip.filter((d) => d < today).length).toBeLessThanOrEqual(7);
    expect(strip).toContain(today);
    expect(strip).toContain(tomorrow);

    const bad = await html(request, '/football/end?date=2026-02-30');
    expect(bad).toContain('日期格式不正确');
  });

  test('lottery pages: 竞彩 numbers and prices, 北单 issues, 足彩 14 matches with result digits', async ({
    request,
  }) => {
    const jc = await data<{ matches: Item[] }>(request, '/live/football/jczq');
    const jczq = await html(request, '/football/jczq');
    expectRows(jczq, jc.matches);
    for (const m of jc.matches) expect(jczq).toContain(m.lottery.jcNo!);
    expect(jczq).toContain('胜平负');
    expect(jczq).toContain('让球');

    const bd = await data<{ issue: string; matches: Item[] }>(request, '/live/football/bjdc');
    const bjdc = await html(request, '/football/bjdc');
    expect(bjdc).toContain(`第${bd.issue}期`);
    expectRows(bjdc, bd.matches);
    expect(bjdc).toContain(`北单${bd.matches[0].lottery.bdNo}`);

    const zc = await data<{ issue: string; matches: Item[] }>(request, '/live/football/zc');
    const zcPage = await html(request, '/football/zc');
    expect(zc.matches).toHaveLength(14);
    expectRows(zcPage, zc.matches);
    expect(zcPage).toContain('本期彩果');
    expect(zcPage).toContain('任选九场');

    const lq = await data<{ matches: Item[] }>(request, '/live/basketball/jclq');
    const jclq = await html(request, '/basketball/jclq');
    expectRows(jclq, lq.matches);
    for (const label of ['胜负', '让分', '大小分']) expect(jclq).toContain(label);
  });

  test('/football/model puts the model beside the odds; allEventCom lists competitions by region', async ({
    request,
  }) => {
    const model = await data<{ matches: (Item & { prediction: { model: { home: number } } })[] }>(
      request,
      '/live/football/model',
    );
    const page = await html(request, '/football/model');
    expectRows(page, model.matches);
    expect(page).toContain('赔率隐含');
    expect(page).toContain(`${Math.round(model.matches[0].prediction.model.home * 100)}%`);

    const regions = await data<{ region: string; competitions: { name: string }[] }[]>(
      request,
      '/live/football/competitions',
    );
    const events = await html(request, '/football/allEventCom');
    for (const r of regions) {
      expect(events).toContain(r.region);
      for (const c of r.competitions) expect(events).toContain(c.name);
    }
  });

  test('basketball pages: quarter scores, schedule, text-live hub linking to the match pages', async ({
    request,
  }) => {
    const items = await data<(Item & { home: { periods: number[] | null } })[]>(
      request,
      '/live/basketball/live',
    );
    const page = await html(request, '/basketball');
    expect(titleOf(page)).toContain('篮球即时比分');
    expectRows(page, items);
    expect(page).toContain(`href="/basketball/live/${items[0].id}"`);
    const { date: today } = await data<{ date: string }>(request, '/live/basketball/filters');
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const done = await data<(Item & { home: { periods: number[] }; away: { periods: number[] } })[]>(
      request,
      `/live/basketball/finished?date=${yesterday}`,
    );
    const end = await html(request, `/basketball/end?date=${yesterday}`);
    expectRows(end, done);
    expect(end).toContain(`<td data-f="hq0">${done[0].home.periods[0]}</td>`);
    expect(end).toContain(`<td data-f="aq3">${done[0].away.periods[3]}</td>`);
    expectRows(
      await html(request, '/basketball/next'),
      await data<Item[]>(request, `/live/basketball/schedule?date=${tomorrowOf(today)}`),
    );

    const text = await data<(Item & { latest: { text: string } | null })[]>(request, '/live/basketball/text');
    const hub = await html(request, '/basketball/text');
    if (text.length === 0) expect(hub).toContain('暂无文字直播');
    else {
      expectRows(hub, text);
      expect(hub).toContain(text[0].latest!.text);
      expect(hub).toContain(`href="/basketball/live/${text[0].id}"`);
    }
  });

  test('/football/collect asks a visitor to log in', async ({ page }) => {
    await page.goto('/football/collect');
    await expect(page.getByText('登录后查看你关注的比赛')).toBeVisible();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('score pages (with the island)', () => {
  test('pin a match to the top; it stays pinned on this device', async ({ page }) => {
    await page.goto('/football');
    const first = page.locator('[data-list] li[data-mid]').first();
    const id = await first.getAttribute('data-mid');
    await first.getByRole('button', { name: '置顶' }).click();
    const pinned = page.getByRole('region', { name: '置顶比赛' });
    await expect(pinned.locator(`li[data-mid="${id}"]`)).toBeVisible();
    await expect(page.locator(`[data-list] li[data-mid="${id}"]`)).toBeHidden();
    await page.reload();
    await expect(pinned.locator(`li[data-mid="${id}"]`)).toBeVisible();
    await pinned.locator(`li[data-mid="${id}"]`).getByRole('button', { name: '置顶' }).click();
    await expect(pinned).toBeHidden();
    await expect(page.locator(`[data-list] li[data-mid="${id}"]`)).toBeVisible();
  });

  test('choose competitions on allEventCom; the score page shows only those until 显示全部', async ({
    page,
    request,
  }) => {
    const regions = await data<{ competitions: { id: number; name: string }[] }[]>(
      request,
      '/live/football/competitions',
    );
    const keep = regions[0].competitions[0];
    await page.goto('/football/allEventCom');
    for (const box of await page.locator('input[name="league"]').all()) {
      if ((await box.getAttribute('value')) !== String(keep.id)) await box.uncheck();
    }
    await page.getByRole('button', { name: '保存并查看比分' }).click();
    await page.waitForURL(/\/football$/);
    await expect(page.getByText('已按你的「赛事选择」只显示 1 个赛事')).toBeVisible();
    const shown = await data<Item[]>(request, `/live/football/live?competitionIds=${keep.id}`);
    await expect(page.locator('[data-list] li[data-mid]')).toHaveCount(shown.length);
    await page.getByRole('link', { name: '显示全部' }).click();
    const all = await data<Item[]>(request, '/live/football/live');
    await expect(page.locator('[data-list] li[data-mid]')).toHaveCount(all.length);
  });

  test('a visitor’s 关注 opens the login modal; a user follows and finds the match under 关注', async ({
    page,
  }) => {
    await page.goto('/football');
    const row = page.locator('[data-list] li[data-mid]').first();
    const id = await row.getAttribute('data-mid');
    await row.getByRole('button', { name: '关注' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('手机号').fill('13800000003');
    await dialog.getByLabel('密码', { exact: true }).fill('demo123456');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.locator('user-menu')).toBeVisible();

    const follow = page.locator(`[data-list] li[data-mid="${id}"] [data-follow]`);
    // Both projects share the server: start from “not followed”.
    if ((await follow.getAttribute('aria-pressed')) === 'true') {
      await follow.click();
      await expect(follow).toHaveAttribute('aria-pressed', 'false');
    }
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('已关注，可在「关注」中查看')).toBeVisible();

    await page.goto('/football/collect');
    await expect(page.locator(`li[data-mid="${id}"]`)).toBeVisible();
    await page.locator(`li[data-mid="${id}"] [data-follow]`).click();
    await expect(page.getByText('已取消关注')).toBeVisible();
  });

  test('the goal sound switch is kept on the device', async ({ page }) => {
    await page.goto('/football');
    const sound = page.getByRole('button', { name: /进球声音/ });
    await expect(sound).toHaveAttribute('aria-pressed', 'false');
    await sound.click();
    await expect(sound).toHaveText('进球声音：开');
    await page.reload();
    await expect(sound).toHaveAttribute('aria-pressed', 'true');
  });
});
