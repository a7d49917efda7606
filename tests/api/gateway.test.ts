import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { z } from 'zod';
import { createGateway } from '../../src/server/gateway/index.ts';
import { fail, ok } from '../../src/server/gateway/envelope.ts';
import { ApiError } from '../../src/server/errors.ts';
import { readInput } from '../../src/server/gateway/body.ts';
import { rateLimit } from '../../src/server/gateway/rate-limit.ts';
import { validate } from '../../src/server/validate.ts';
import type { GatewayEnv } from '../../src/server/gateway/types.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';
import { HOT_MIN_SEARCHERS } from '../../src/server/services/search/hot.ts';

describe.each(targets())('gateway on $name', (target) => {
  let t: TestContext;
  let gw: ReturnType<typeof createGateway>;
  beforeAll(async () => {
    t = await createTestContext(target);
    gw = createGateway(t.app);
  });
  afterAll(() => t.close());

  const call = async (path: string, init?: RequestInit) => {
    const res = await gw.request(path, init);
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any }, res };
  };

  it('GET /svc/live/time returns the server clock in the envelope', async () => {
    const before = Date.now();
    const { status, body, res } = await call('/svc/live/time?channelId=3&platform=1');
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.time).toBeGreaterThanOrEqual(before);
    expect(new Date(body.data.iso).getTime()).toBe(body.data.time);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves the seeded banners; focus banners only with a real target (no sports data here: no match banner)', async () => {
    const { body } = await call('/svc/api/banner/list');
    expect(body.code).toBe(200);
    const targetsSeen = body.data
      .filter((b: any) => b.jumpType === 1)
      .map((b: any) => b.targetId.replace(/\d+$/, '{id}'));
    expect(targetsSeen).toEqual([
      'football',
      'basketball',
      'guide',
      'guide/expert/info/{id}',
      'live/all',
      'live/room/{id}',
    ]);
    const roomId = Number(
      body.data.find((b: any) => b.targetId?.startsWith('live/room/')).targetId.split('/')[2],
    );
    const room = await call(`/svc/api/room/info?roomId=${roomId}`);
    expect(room.body.code).toBe(200);
  });

  it('serves adverts by placeCode and names a missing placeCode in Chinese', async () => {
    const side = await call('/svc/inform/advert/v2/adv?placeCode=home_side');
    expect(side.body.data.length).toBeGreaterThan(0);
    expect(side.body.data.every((a: any) => a.placeCode === 'home_side')).toBe(true);
    const bad = await call('/svc/inform/advert/v2/adv');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, data: null });
    expect(bad.body.msg).toContain('placeCode');
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('lists hot-search words (from real searches: docs/search.md)', async () => {
    const { hot } = t.app.services.search;
    // A word is hot once enough different visitors searched it.
    for (let n = 1; n <= HOT_MIN_SEARCHERS; n++) await hot.record('英超', `ip10.0.0.${n}`);
    await hot.flush();
    hot.list.invalidate();
    const { body } = await call('/svc/api/search/list');
    expect(body.data[0]).toEqual({ word: '英超' });
  });

  it('answers unknown calls with a 404 envelope', async () => {
    const { status, body } = await call('/svc/api/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: '请求的内容不存在', data: null });
  });

  it('POST /svc/user/logout revokes the session named by accessToken', async () => {
    const [u] = await t.app.db.select({ id: users.id }).from(users).limit(1);
    const { token } = await t.app.services.sessions.create(u.id, true);
    expect(await t.app.services.sessions.userByToken(token)).toMatchObject({ id: u.id });
    const { body } = await call('/svc/user/logout', { method: 'POST', headers: { accessToken: token } });
    expect(body.code).toBe(200);
    expect(await t.app.services.sessions.userByToken(token)).toBeNull();
  });

  describe('building blocks', () => {
    const mini = () => {
      const app = new Hono<GatewayEnv>();
      app.use(async (c, next) => {
        c.set('app', t.app);
        c.set('user', null);
        await next();
      });
      app.onError((err, c) =>
        err instanceof ApiError
          ? fail(c, err)
          : c.json({ code: 500, msg: '服务器繁忙，请稍后再试', data: null }, 500),
      );
      return app;
    };

    it('reads form-encoded and JSON bodies alike, over the query string', async () => {
      const app = mini().post('/echo', async (c) => ok(c, await readInput(c)));
      const form = await app.request('/echo?group=1', {
        method: 'POST',
        body: new URLSearchParams({ mobile: '13800000001' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect((await form.json()).data).toEqual({ group: '1', mobile: '13800000001' });
      const json = await app.request('/echo?group=1', {
        method: 'POST',
        body: JSON.stringify({ mobile: '13800000001' }),
        headers: { 'content-type': 'application/json' },
      });
      expect((await json.json()).data).toEqual({ group: '1', mobile: '13800000001' });
      const broken = await app.request('/echo', {
        method: 'POST',
        body: '{oops',
        headers: { 'content-type': 'application/json' },
      });
      expect(await broken.json()).toMatchObject({ code: 400, msg: '请求体格式不正确' });
    });

    it('validation names the field in Chinese', async () => {
      const app = mini().get('/v', (c) =>
        ok(c, validate(z.object({ pageSize: z.coerce.number().int().max(100) }), c.req.query())),
      );
      const res = await app.request('/v?pageSize=500');
      expect(res.status).toBe(400);
      expect((await res.json()).msg).toBe('参数 pageSize 无效：不能大于 100');
    });

    it('rate-limits with 429 and Retry-After', async () => {
      const app = mini()
        .use(rateLimit({ name: `t${Math.random()}`, max: 3, windowMs: 60_000, key: () => 'same' }))
        .get('/r', (c) => ok(c, 1));
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await app.request('/r')).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const res = await app.request('/r');
      expect(await res.json()).toEqual({ code: 429, msg: '操作太频繁，请稍后再试', data: null });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('never leaks a stack: unexpected errors become a Chinese 500 envelope', async () => {
      const gwErr = createGateway(t.app);
      gwErr.get('/boom', () => {
        throw new Error('secret internals at /srv/db.ts:12');
      });
      const res = await gwErr.request('/svc/boom');
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text)).toEqual({ code: 500, msg: '服务器繁忙，请稍后再试', data: null });
      expect(text).not.toContain('secret');
    });
  });
});
