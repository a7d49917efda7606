import { expect, test } from '@playwright/test';
import { tokenOf } from './support/login.ts';

/**
 * Page renders that overlap must never see each other's login. The site header's account corner
 * (`<notice-badge data-user="…">`) and the console's header (`data-user` beside the staff name) name
 * who a page was rendered for: every answer must name its own caller, or nobody for a visitor.
 * Fans, an anchor, staff and visitors ask at the same moment for pages, /v/*, /ops/* and cached
 * visitor pages; a shared login once leaked a fan onto 40 % of the visitors' pages and onto
 * visitors' /v/wallet. A fan's /news/pages and /football are the visitors' copy with an empty header
 * part (it names nobody), which their browser fills from /parts/me: that part must name them.
 */
interface Caller {
  label: string;
  mobile?: string;
  cookie?: string;
  /** The user id the header must name, or null for a visitor. */
  userId: number | null;
}

const LOGGED_IN = [
  { label: '球迷小王', mobile: '13800000001' },
  { label: '看球的阿德', mobile: '13800000201' },
  { label: '主播阿杰', mobile: '13800000002' },
  { label: '运营小美', mobile: '13800000009' },
  { label: '管理员老陈', mobile: '13800000011' },
];
const VISITORS = 6;
const ROUNDS = 6;
const PAGE_OWNER = /<(?:notice-badge|span)[^>]* data-user="(\d+)"/;

test.describe('overlapping page renders', () => {
  test.skip(({ isMobile }) => isMobile, 'the server, not the layout: one project is enough');

  test('each answer is rendered for its own caller; a logged-in page never enters the visitor cache', async ({
    request,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const get = (path: string, cookie?: string) =>
      fetch(baseURL + path, { redirect: 'manual', headers: cookie ? { cookie } : {} });

    const callers: Caller[] = [];
    for (const who of LOGGED_IN) {
      const cookie = `token=${await tokenOf(request, who.mobile)}`;
      // Asked alone first, so the id it names is surely this caller's own.
      const own = PAGE_OWNER.exec(await (await get('/v/home', cookie)).text());
      expect(own, `${who.label} is logged in`).not.toBeNull();
      callers.push({ ...who, cookie, userId: Number(own![1]) });
    }
    for (let i = 0; i < VISITORS; i++) callers.push({ label: `visitor ${i}`, userId: null });

    const staff = new Set(['运营小美', '管理员老陈']);
    const problems: string[] = [];
    const check = async (caller: Caller, path: string) => {
      const res = await get(path, caller.cookie);
      const body = await res.text();
      const owner = PAGE_OWNER.exec(body)?.[1] ?? null;
      const named = owner === null ? null : Number(owner);
      // A fan may get the visitors' copy of a page only with its header part emptied, for their own.
      const cached = res.headers.get('x-page-cache');
      if (caller.userId !== null && cached === 'fan') {
        if (named !== null || !body.includes('data-fill'))
          problems.push(`${caller.label} ${path}: a fan's copy with user ${named}'s header part`);
        const part = PAGE_OWNER.exec(await (await get('/parts/me', caller.cookie)).text())?.[1];
        if (Number(part) !== caller.userId)
          problems.push(`${caller.label} ${path}: their header part is user ${part}'s`);
      } else if (named !== caller.userId)
        problems.push(`${caller.label} ${path}: ${res.status}, rendered for user ${named}`);
      if (caller.userId !== null && cached && cached !== 'fan')
        problems.push(`${caller.label} ${path}: served from the visitor cache as it is`);
      if (
        caller.userId !== null &&
        res.status === 200 &&
        res.headers.get('cache-control') !== 'private, no-store'
      )
        problems.push(`${caller.label} ${path}: ${res.headers.get('cache-control')}`);
      if (caller.userId === null && path.startsWith('/v/') && res.status !== 302)
        problems.push(`${caller.label} ${path}: ${res.status} instead of the redirect home`);
      if (
        path.startsWith('/ops/') &&
        (caller.userId === null || !staff.has(caller.label)) &&
        res.status !== 404
      )
        problems.push(`${caller.label} ${path}: ${res.status} instead of the 404 page`);
    };

    const asks: Promise<void>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const caller of callers) {
        // A new value of a parameter the page reads renders afresh (any other parameter would be
        // dropped: src/server/http/page-params.ts); the plain /football is the visitors' cached copy.
        asks.push(check(caller, `/football?league=${round + 1}`));
        asks.push(check(caller, '/football'));
        asks.push(check(caller, `/news/pages/${round + 1}`));
        asks.push(check(caller, '/v/wallet'));
        asks.push(check(caller, '/ops/users'));
      }
    }
    await Promise.all(asks);
    expect(problems).toEqual([]);

    // What the visitor cache holds afterwards is a visitor's page.
    for (const path of ['/football', '/news/pages/1', '/football?league=2']) {
      const body = await (await get(path)).text();
      expect(PAGE_OWNER.exec(body), path).toBeNull();
      expect(body, path).not.toContain('data-fill');
    }
  });
});
