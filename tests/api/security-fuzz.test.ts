import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { oneTarget } from '../support/context.ts';
import { DEMO } from '../support/live.ts';

/**
 * Walks every route the gateway registers (read from the router, not a hand list) with wrong types,
 * missing fields, huge strings, odd numbers, markup and unicode, as form and JSON, logged out and as
 * each role (fan, anchor, expert, operator, finance, editor, admin). No answer may be a 5xx, leak a stack or SQL, or refuse without a Chinese message.
 */
const FIELDS = [
  'id',
  'ids',
  'expertId',
  'pageParam',
  'roomId',
  'matchId',
  'userId',
  'postId',
  'commentId',
  'circleId',
  'anchorId',
  'type',
  'sport',
  'page',
  'pageNum',
  'pageSize',
  'amount',
  'price',
  'num',
  'count',
  'giftId',
  'content',
  'msg',
  'title',
  'nickName',
  'mobile',
  'password',
  'code',
  'verifyCode',
  'word',
  'val',
  'date',
  'orderNo',
  'reason',
  'status',
  'flag',
  'collectId',
  'attentionType',
  'placeCode',
  'key',
  'iv',
  'token',
  'pics',
  'remark',
];
const NESTED = { a: { b: { c: { d: { e: { f: { g: [1, [2, [3, [4]]]] } } } } } } };
const VALUES: unknown[] = [
  '',
  'abc',
  '-1',
  '1.5',
  'NaN',
  '99999999999999999999999',
  '1e309',
  'x'.repeat(10_000),
  `<img src=x onerror=alert(1)><script>alert(1)</script>' OR 1=1 --`,
  '😀\u202e测试\u200b𠀀',
  // JSON that parses to no object ("null" as pageParam was read as one), and an id far out of range.
  'null',
  '1e300',
];
// A lone surrogate only survives as JSON ("\ud800"); a form body would encode it as U+FFFD.
const JSON_ONLY: unknown[] = [NESTED, [1, 2, 3], -1, 1.5, true, null, 1e308, '\ud800', [1e300]];

/**
 * The same value in every field hides a field checked late: a bad page number is refused before a bad
 * expertId reaches the SQL. So each route also gets these with only the ids set (and pageParam alone).
 */
const ID_FIELDS = FIELDS.filter((f) => f === 'id' || f === 'ids' || f.endsWith('Id') || f === 'sport');
const BAD_IDS: [readonly string[], unknown][] = [
  [ID_FIELDS, '1.5'],
  [ID_FIELDS, '1e300'],
  [ID_FIELDS, [1e300]],
  [['pageParam'], 'null'],
];
const CJK = /[\u4e00-\u9fff]/;
const LEAKS =
  /\bat \S+\.(?:ts|js|mjs):\d+|node_modules|\bselect\s.+\sfrom\b|insert into|syntax error|violates|relation "|TypeError|ReferenceError/i;

interface Route {
  method: string;
  path: string;
}

// About input, not the database: one target (half of this file's minutes went to walking it twice).
describe.each(oneTarget())('every /svc route under fuzzed input on $name', (target) => {
  let b: AccountsBench;
  let routes: Route[];
  const tokens: Record<string, string | undefined> = { visitor: undefined };
  let userIds: number[] = [];

  beforeAll(async () => {
    b = await createAccountsBench(target);
    const seen = new Set<string>();
    routes = b.gw.routes
      .filter((r) => ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method))
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
    for (const role of ['fan', 'anchor', 'expert', 'operator', 'editor', 'admin'] as const)
      tokens[role] = await b.tokenOf(DEMO[role]);
    // The demo operator also holds finance: a finance clerk alone is made here.
    const [clerk] = await b.app.db
      .insert(users)
      .values({ mobile: '13800000099', nickName: '财务小王', roles: ['finance'] })
      .returning({ id: users.id });
    tokens.finance = (await b.app.services.sessions.create(clerk.id, true)).token;
    const rows = await b.app.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.mobile, [...Object.values(DEMO), '13800000099']));
    userIds = rows.map((r) => r.id);
  }, 120_000);
  afterAll(() => b.close());

  function pathWith(path: string, value: unknown): string {
    return path.replace(/:(\w+)(\{([^}]*)\})?/g, (_m, _name, _re, alternatives?: string) =>
      alternatives ? alternatives.split('|')[0] : encodeURIComponent(String(value).toWellFormed()),
    );
  }

  async function call(
    route: Route,
    value: unknown,
    asJson: boolean,
    token?: string,
    only: readonly string[] = FIELDS,
  ) {
    const path = pathWith(route.path, value);
    const fields = Object.fromEntries(only.map((f) => [f, value]));
    const headers: Record<string, string> = { 'x-forwarded-for': b.freshIp() };
    if (token) headers.accessToken = token;
    let url = path;
    let body: string | undefined;
    if (route.method === 'GET') {
      url += `?${new URLSearchParams(fields as Record<string, string>)}`;
    } else if (asJson) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(fields as Record<string, string>).toString();
    }
    const res = await b.gw.request(url, { method: route.method, headers, body });
    return {
      where: `${route.method} ${url.slice(0, 120)} json=${asJson} as ${token ? 'user' : 'visitor'}`,
      res,
    };
  }

  const problems: string[] = [];
  /** Notes what is wrong with one answer; the test lists every problem at the end. */
  async function check(where: string, res: Response) {
    const text = await res.text();
    const wrong = (why: string) => problems.push(`${where}: ${why} ${text.slice(0, 160)}`);
    if (res.status >= 500) return wrong(`status ${res.status}`);
    if (LEAKS.test(text)) return wrong('leaks internals');
    // Exports (the wallet's CSV of trade records) are files, not envelopes.
    if (res.status === 200 && res.headers.get('content-type')?.startsWith('text/csv')) return;
    let env: Record<string, unknown>;
    try {
      env = JSON.parse(text);
    } catch {
      return wrong('not JSON');
    }
    // The captcha calls answer in AJ-Captcha's shape (spec §5): {repCode, repMsg, repData}.
    const [code, msg, ok] = 'repCode' in env ? [env.repCode, env.repMsg, '0000'] : [env.code, env.msg, 200];
    if (code === undefined || typeof msg !== 'string' || !('data' in env || 'repData' in env))
      return wrong('not an envelope');
    if (code !== ok && !CJK.test(msg)) wrong('refusal without a Chinese message');
  }

  it('answers every route, for every role and payload, with a clean envelope and never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(150);
    for (const route of routes) {
      // Logging out would end the roles' sessions for the routes after it: visitors only.
      const roles = route.path.endsWith('/user/logout') ? ['visitor'] : Object.keys(tokens);
      for (const role of roles) {
        // A fresh request budget per route: the fuzz tests inputs, not the per-user ceiling.
        for (const id of userIds) await b.app.kv.del(`rl:svc:u${id}`);
        // Every payload as a visitor; the main kinds as the fan, anchor and admin; the worst two as the rest.
        const values =
          role === 'visitor'
            ? [...VALUES, ...JSON_ONLY]
            : ['fan', 'anchor', 'admin'].includes(role)
              ? [VALUES[1], VALUES[2], VALUES[5], VALUES[7], VALUES[8]]
              : [VALUES[7], VALUES[8]];
        for (const [i, value] of values.entries()) {
          const asJson = typeof value !== 'string' || i % 2 === 1 || JSON_ONLY.includes(value);
          const { where, res } = await call(route, value, asJson, tokens[role]);
          await check(where, res);
        }
        if (['visitor', 'fan', 'admin', 'finance'].includes(role))
          for (const [only, value] of BAD_IDS) {
            const { where, res } = await call(route, value, true, tokens[role], only);
            await check(where, res);
          }
        // Nothing at all: no query, no body.
        const bare = await b.gw.request(pathWith(route.path, '1'), {
          method: route.method,
          headers: { 'x-forwarded-for': b.freshIp(), ...(tokens[role] ? { accessToken: tokens[role] } : {}) },
        });
        await check(`${route.method} ${route.path} bare as ${role}`, bare);
      }
    }
    expect(problems).toEqual([]);
  }, 900_000);

  it('never treats a forged token as a user, on any route', async () => {
    const codeOf = async (route: Route, token?: string) => {
      const res = await b.gw.request(pathWith(route.path, '1'), {
        method: route.method,
        headers: { 'x-forwarded-for': b.freshIp(), ...(token ? { accessToken: token } : {}) },
      });
      const env = (await res.json().catch(() => ({}))) as { code?: number; repCode?: string };
      return env.code ?? env.repCode;
    };
    const forged = [`${tokens.fan}x`, 'eyJhbGciOiJub25lIn0.eyJ1aWQiOjF9.', 'null', '0'];
    const differ: string[] = [];
    let needUser = 0;
    for (const route of routes.filter((r) => !r.path.endsWith('/user/logout'))) {
      const anonymous = await codeOf(route);
      if (anonymous === 401) needUser++;
      for (const token of forged) {
        const got = await codeOf(route, token);
        // A bad token may be refused outright (401), or answered as a visitor; never as someone.
        if (got !== anonymous && got !== 401)
          differ.push(`${route.method} ${route.path}: ${anonymous} without, ${got} with ${token}`);
      }
    }
    expect(differ).toEqual([]);
    // The walk means something only if many routes do need a user.
    expect(needUser).toBeGreaterThan(50);
  }, 300_000);
});
