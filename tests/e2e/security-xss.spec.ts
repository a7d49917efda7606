import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { tokenOf } from './support/login.ts';

/**
 * Stored XSS sweep: markup and javascript: links stored through every kind of user text (chat,
 * barrage, posts, comments, news comments, reports, notifications, private messages), then the pages
 * and the live room that show them are loaded in Chromium. Nothing may run: the text is escaped
 * (shown as text, no element made), and if any markup slipped through, the CSP blocks and reports it.
 */
const ATTACKER = '13800000105';
const AUTHOR = '13800000104';
const OPERATOR = '13800000009';
const FAN = '13800000001';
/** Chat lines are at most 50 characters: one short payload each. */
const CHAT_IMG = `<img src=x onerror=window.__xss='chat'>`;
const CHAT_LINK = `<a href=javascript:window.__xss='barrage'>看这里</a>`;
const mark = (where: string) =>
  `<img src=x onerror="window.__xss='${where}'"><a href="javascript:window.__xss='${where}'">看这里</a><script>window.__xss='${where}'</script>`;

async function api(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data = {},
) {
  const res =
    method === 'GET'
      ? await request.get(`/svc${path}`, { headers: { accessToken: token }, params: data })
      : await request.post(`/svc${path}`, { headers: { accessToken: token }, form: data });
  return (await res.json()) as { code: number; msg: string; data: any };
}

/** A page of `mobile`'s that records script runs, dialogs and CSP reports from before its first script. */
async function pageOf(
  browser: Browser,
  request: APIRequestContext,
  device: BrowserContextOptions & { baseURL: string },
  mobile: string,
) {
  const context = await browser.newContext(device);
  await context.addCookies([{ name: 'token', value: await tokenOf(request, mobile), url: device.baseURL }]);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(e.effectiveDirective));
  });
  return { page, dialogs, close: () => context.close() };
}

/** Loads `url` and checks that no stored payload ran or became an element; returns the page's text. */
async function expectInert(page: Page, dialogs: string[], url: string) {
  const res = await page.goto(url);
  expect(res!.status(), url).toBeLessThan(400);
  await page.waitForLoadState('load');
  await page.waitForTimeout(2_000);
  const state = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: string }).__xss,
    imgs: document.querySelectorAll('img[src="x"]').length,
    links: document.querySelectorAll('a[href^="javascript:" i]').length,
    text: document.body.textContent ?? '',
  }));
  expect(state.ran, `${url}: a stored script ran`).toBeUndefined();
  expect(dialogs, url).toEqual([]);
  expect(state.imgs, `${url}: stored <img> became an element`).toBe(0);
  expect(state.links, `${url}: stored javascript: link became a link`).toBe(0);
  return state.text;
}

test('stored markup in every kind of user text is shown as text and never runs', async ({
  browser,
  request,
  baseURL,
  viewport,
  userAgent,
  isMobile,
  hasTouch,
  deviceScaleFactor,
  locale,
  timezoneId,
}, testInfo) => {
  test.setTimeout(180_000);
  // The project's device (a phone on mobile) for every page below, not a new context's default desktop.
  const device = {
    baseURL: baseURL!,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
  };
  // Each project stores its own texts on the shared server: the same text twice is refused as a repeat.
  const run = `${testInfo.project.name} ${Date.now()}`;
  const attacker = await tokenOf(request, ATTACKER);
  const author = await tokenOf(request, AUTHOR);
  const attackerId = (await api(request, attacker, 'GET', '/user/center/info')).data.id as number;
  const authorId = (await api(request, author, 'GET', '/user/center/info')).data.id as number;

  // A nickname with markup is refused by the nickname rules (2–12 visible characters, no spaces).
  const nick = await api(request, attacker, 'GET', '/user/center/updateNickName', {
    nickName: '<img/src=x>',
  });
  if (nick.code !== 200) expect(nick.msg).toMatch(/[\u4e00-\u9fff]/);

  // Chat and barrage in the first live room.
  const rooms = (await api(request, attacker, 'GET', '/api/room/page', { page: 1, pageSize: 5 })).data;
  const roomId = (rooms.list[0].roomId ?? rooms.list[0].id) as number;
  expect((await api(request, attacker, 'POST', '/api/chat/msg', { roomId, content: CHAT_IMG })).code).toBe(
    200,
  );
  const barrage = await api(request, attacker, 'POST', '/api/chat/msg', {
    roomId,
    content: CHAT_LINK,
    barrage: 1,
  });
  if (barrage.code !== 200) expect(barrage.msg).toMatch(/[\u4e00-\u9fff]/);

  // A post by the author, a comment on it by the attacker (a notification to the author), a report.
  const circles = (await api(request, author, 'GET', '/inform/circle/list')).data as { id: number }[];
  const post = await api(request, author, 'POST', '/inform/post/addSave', {
    circleId: circles[0].id,
    content: `作者的帖子 ${run} ${mark('post')}`,
    type: 1,
  });
  expect(post.code, post.msg).toBe(200);
  const postId = post.data.id as number;
  const comment = await api(request, attacker, 'POST', '/inform/comment/reply', {
    postId,
    content: `${run} ${mark('comment')}`,
  });
  expect(comment.code, comment.msg).toBe(200);
  // Community reports take a reason from a list; the markup goes into a user report's own words.
  const report = await api(request, attacker, 'POST', '/inform/report/add', {
    targetType: 'post',
    targetId: postId,
    reason: '其他',
  });
  expect(report.code, report.msg).toBe(200);
  const userReport = await api(request, attacker, 'POST', '/api/report/user', {
    userId: authorId,
    reason: '其他',
    detail: `${run} ${mark('report')}`,
  });
  // A user is reported once until staff decide: the other project's run may have stored it already.
  if (userReport.code !== 200) expect(userReport.msg).toBe('您已经举报过该内容，请等待处理');

  // A comment on the newest article.
  const articles = await request.post('/svc/inform/info/list', {
    data: { pageParam: { pageNum: 1, pageSize: 1 } },
  });
  const articleId = ((await articles.json()).data.list[0].id ?? 0) as number;
  const newsComment = await api(request, attacker, 'POST', '/inform/info/comment/reply', {
    articleId,
    content: `${run} ${mark('news')}`,
  });
  expect(newsComment.code, newsComment.msg).toBe(200);

  // A private message to the author.
  const conv = await api(request, attacker, 'POST', '/message/open', { userId: authorId });
  expect(conv.code, conv.msg).toBe(200);
  const conversationId = conv.data.id ?? conv.data.conversationId;
  // The author writes first, so the thread is open both ways when the other project's run comes back
  // to it (until a reply, each side may send only one message).
  const hello = await api(request, author, 'POST', '/message/send', {
    conversationId,
    kind: 'text',
    content: `你好 ${run}`,
  });
  expect(hello.code, hello.msg).toBe(200);
  const dm = await api(request, attacker, 'POST', '/message/send', {
    conversationId,
    kind: 'text',
    content: `${run} ${mark('dm')}`,
  });
  expect(dm.code, dm.msg).toBe(200);

  const fan = await pageOf(browser, request, device, FAN);
  const room = await expectInert(fan.page, fan.dialogs, `/live/room/${roomId}`);
  expect(room).toContain('onerror=');
  expect(await expectInert(fan.page, fan.dialogs, `/community/post/${postId}`)).toContain('onerror=');
  expect(await expectInert(fan.page, fan.dialogs, `/news/${articleId}`)).toContain('onerror=');
  await expectInert(fan.page, fan.dialogs, `/personal/${attackerId}`);
  await fan.close();

  const own = await pageOf(browser, request, device, AUTHOR);
  await expectInert(own.page, own.dialogs, '/v/message');
  await expectInert(own.page, own.dialogs, `/message/chat?to=${attackerId}`);
  // On a phone the conversation list is hidden behind the open thread: the thread's line is the visible one.
  await expect(own.page.getByText('看这里').filter({ visible: true }).first()).toBeVisible({
    timeout: 10_000,
  });
  await expectInert(own.page, own.dialogs, '/message/chat');
  await own.close();

  const staff = await pageOf(browser, request, device, OPERATOR);
  expect(await expectInert(staff.page, staff.dialogs, '/ops/reports')).toContain('onerror=');
  await expectInert(staff.page, staff.dialogs, '/ops/service');
  await staff.close();
});
