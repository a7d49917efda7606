import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { filled, routesOf, type Route } from '../support/routes.ts';

/**
 * Generated from the router (tests/support/routes.ts): a route added later with a session guard is
 * checked here without editing the test; one that checks the session by itself is found by calling it.
 */
describe.each(targets())('who may call each /svc route, from the router, on $name', (target) => {
  let b: AccountsBench;
  let fan: string;
  let routes: ReturnType<typeof routesOf>;
  beforeAll(async () => {
    b = await createAccountsBench(target);
    fan = await b.tokenOf(DEMO.fan);
    routes = routesOf(b.gw);
  }, 120_000);
  afterAll(() => b.close());

  const call = async (r: Route, token?: string) => {
    const res = await b.gw.request(filled(r.path), {
      method: r.method,
      headers: { 'x-forwarded-for': b.freshIp(), ...(token ? { accessToken: token } : {}) },
    });
    const env = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
    return { status: res.status, code: env.code, msg: env.msg };
  };

  it('refuses every route for users without a token and with a forged one, as 401 请先登录', async () => {
    expect(routes.forUsers.length).toBeGreaterThan(100);
    const forged = [
      undefined,
      `${fan}x`,
      fan.slice(0, -2),
      'eyJhbGciOiJub25lIn0.eyJ1aWQiOjF9.',
      'null',
      'Bearer abc',
    ];
    const wrong: string[] = [];
    for (const r of routes.forUsers) {
      for (const token of forged) {
        const got = await call(r, token);
        if (got.status !== 401 || got.code !== 401 || got.msg !== '请先登录')
          wrong.push(`${r.method} ${r.path} token=${token?.slice(0, 12)}: ${JSON.stringify(got)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('lets the routes without a guard answer a visitor, or refuse as a visitor would be refused', async () => {
    // A route that checks the session inside (no guard) still refuses a visitor with 401, never 500.
    const found: string[] = [];
    for (const r of routes.open.filter((x) => !x.path.endsWith('/user/logout'))) {
      const got = await call(r);
      expect(got.status, `${r.method} ${r.path}`).toBeLessThan(500);
      if (got.code === 401) found.push(`${r.method} ${r.path}`);
    }
    // Those that do (media server hooks check their own keys) also refuse a forged token, in Chinese.
    for (const where of found) {
      const [method, path] = where.split(' ');
      const got = await call({ method, path }, `${fan}x`);
      expect(got, where).toMatchObject({ status: 401 });
      expect(got.msg, where).toMatch(/[\u4e00-\u9fff]/);
    }
  }, 300_000);

  it('refuses staff routes to a fan with 403', async () => {
    const staff = routes.forUsers.filter((r) => /\/(ops|operator|editor)\//.test(r.path));
    expect(staff.length).toBeGreaterThan(20);
    for (const r of staff) expect((await call(r, fan)).code, `${r.method} ${r.path}`).toBe(403);
  }, 300_000);
});
