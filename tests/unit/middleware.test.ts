import { describe, expect, it, vi } from 'vitest';
import type { APIContext, MiddlewareHandler } from 'astro';
import { requiresLogin } from '../../src/middleware/authenticated.ts';
import { runNamed } from '../../src/middleware/named.ts';
import { MIDDLEWARE_ORDER } from '../../src/middleware/index.ts';
import { requestSetup } from '../../src/middleware/request-setup.ts';

describe('guarded paths (spec §6)', () => {
  it.each([
    '/v',
    '/v/home',
    '/v/wallet',
    '/v/pay',
    '/v/anchor-set',
    '/v/anchor-zone',
    '/v/anchor-room-set',
    '/recommend',
    '/recommend/records',
    '/guide/recommend',
  ])('%s needs a login', (p) => {
    expect(requiresLogin(p)).toBe(true);
  });
  it.each(['/', '/v/anchor', '/v/anchor/', '/football', '/video/1', '/about/10001'])('%s is open', (p) => {
    expect(requiresLogin(p)).toBe(false);
  });
});

describe('named middleware chain', () => {
  const ctx = {} as APIContext;
  const ok = () => Promise.resolve(new Response('page'));

  it('runs unknown route, request setup, authenticated in that order', async () => {
    expect(MIDDLEWARE_ORDER).toEqual(['unknownRoute', 'axiosMiddle', 'authenticated']);
    const seen: string[] = [];
    const mark =
      (name: string): MiddlewareHandler =>
      (_c, next) => {
        seen.push(name);
        return next();
      };
    const chain = runNamed(
      { unknownRoute: mark('u'), axiosMiddle: mark('a'), authenticated: mark('auth') },
      MIDDLEWARE_ORDER,
    );
    const res = (await chain(ctx, ok)) as Response;
    expect(seen).toEqual(['u', 'a', 'auth']);
    expect(await res.text()).toBe('page');
  });

  it('answers 500 "Unknown middleware <name>" for a name nobody registered', async () => {
    const next = vi.fn(ok);
    const res = (await runNamed({}, ['authenticated'])(ctx, next)) as Response;
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Unknown middleware authenticated');
    expect(next).not.toHaveBeenCalled();
  });
});

describe('request setup: who may keep a page', () => {
  /** A visitor's GET of `path`, answered by a page that sets `cacheControl` (or nothing). */
  async function visitorGets(cacheControl?: string) {
    const context = {
      request: new Request('http://site.test/about/preview/abc'),
      cookies: { get: () => undefined },
      locals: { app: { config: { media: { pullLines: [] } } } },
    } as unknown as APIContext;
    const page = new Response('<h1>草稿</h1>', {
      headers: { 'content-type': 'text/html', ...(cacheControl ? { 'cache-control': cacheControl } : {}) },
    });
    return (await requestSetup(context, () => Promise.resolve(page))) as Response;
  }

  it('lets a CDN and the page cache keep a visitor’s page', async () => {
    expect((await visitorGets()).headers.get('cache-control')).toMatch(/^public, /);
  });

  it('keeps a page private when the page says so (a draft’s preview was cached and served after publishing)', async () => {
    expect((await visitorGets('private, no-store')).headers.get('cache-control')).toBe('private, no-store');
    expect((await visitorGets('no-store')).headers.get('cache-control')).toBe('private, no-store');
  });
});
