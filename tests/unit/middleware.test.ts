import { describe, expect, it, vi } from 'vitest';
import type { APIContext, MiddlewareHandler } from 'astro';
import { requiresLogin } from '../../src/middleware/authenticated.ts';
import { runNamed } from '../../src/middleware/named.ts';
import { MIDDLEWARE_ORDER } from '../../src/middleware/index.ts';

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
