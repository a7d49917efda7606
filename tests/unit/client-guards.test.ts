import { describe, expect, it } from 'vitest';
import {
  canPrefetch,
  isChunkLoadError,
  isDevtoolsKey,
  isRedirectError,
  shouldReloadForChunk,
} from '../../src/lib/client-guards.ts';
import { floatNavHidden, showGoTop } from '../../src/lib/float-nav.ts';
import { afterLogoutTarget } from '../../src/lib/logout.ts';
import { describeError } from '../../src/lib/errors.ts';

describe('link prefetch (spec §9)', () => {
  it('prefetches on a good connection', () => {
    expect(canPrefetch({ onLine: true, connection: { effectiveType: '4g' } })).toBe(true);
    expect(canPrefetch({ onLine: true })).toBe(true);
  });
  it('skips on 2g, data saver and offline', () => {
    expect(canPrefetch({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(canPrefetch({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(canPrefetch({ onLine: true, connection: { saveData: true, effectiveType: '4g' } })).toBe(false);
    expect(canPrefetch({ onLine: false })).toBe(false);
  });
});

describe('chunk-load recovery (spec §8)', () => {
  it('recognises failed dynamic imports only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
  it('reloads at most once per 60 s', () => {
    expect(shouldReloadForChunk(null, 1_000)).toBe(true);
    expect(shouldReloadForChunk(1_000, 60_999)).toBe(false);
    expect(shouldReloadForChunk(1_000, 61_000)).toBe(true);
  });
  it('treats redirect errors as silent', () => {
    const e = new Error('x');
    e.name = 'NavigationRedirectError';
    expect(isRedirectError(e)).toBe(true);
    expect(isRedirectError(new Error('Redirected when going from "/a" to "/b"'))).toBe(true);
    expect(isRedirectError(new Error('boom'))).toBe(false);
  });
});

describe('debugging guard keys', () => {
  const key = (k: string, m: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...m,
  });
  it('blocks developer-tool shortcuts', () => {
    expect(isDevtoolsKey(key('F12'))).toBe(true);
    expect(isDevtoolsKey(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsKey(key('j', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(isDevtoolsKey(key('u', { ctrlKey: true }))).toBe(true);
  });
  it('leaves typing and copy alone', () => {
    expect(isDevtoolsKey(key('i'))).toBe(false);
    expect(isDevtoolsKey(key('c', { ctrlKey: true }))).toBe(false);
  });
});

describe('page shell rules', () => {
  it('shows go-to-top after 100 px', () => {
    expect(showGoTop(100)).toBe(false);
    expect(showGoTop(101)).toBe(true);
  });
  it('hides the floating navigation in live rooms and the staff console only', () => {
    expect(floatNavHidden('/live/room/12')).toBe(true);
    expect(floatNavHidden('/ops/log')).toBe(true);
    expect(floatNavHidden('/opsx')).toBe(false);
    expect(floatNavHidden('/live/room')).toBe(true);
    expect(floatNavHidden('/live/all')).toBe(false);
    expect(floatNavHidden('/')).toBe(false);
  });
  it('sends logout home from /v and /recommend, reloads elsewhere', () => {
    expect(afterLogoutTarget('/v/home')).toBe('home');
    expect(afterLogoutTarget('/recommend/records')).toBe('home');
    expect(afterLogoutTarget('/football')).toBe('reload');
    expect(afterLogoutTarget('/video')).toBe('reload');
  });
  it('error page keeps a status and hides internals', () => {
    expect(describeError(undefined)).toEqual({ status: 500, message: '服务器开小差了，请稍后再试' });
    expect(describeError(new Error('db password wrong'))).toEqual({
      status: 500,
      message: '服务器开小差了，请稍后再试',
    });
    expect(describeError(Object.assign(new Error('比赛不存在'), { status: 404 }))).toEqual({
      status: 404,
      message: '比赛不存在',
    });
  });
  it('error page shows a 5xx error its own safe Chinese message and status (issue 21 §3)', () => {
    const unavailable = Object.assign(new Error('比分数据暂时无法读取，请稍后刷新'), { status: 503 });
    expect(describeError(unavailable)).toEqual({ status: 503, message: '比分数据暂时无法读取，请稍后刷新' });
    const stack = Object.assign(new Error('查询失败\n    at db.ts:12'), { status: 500 });
    expect(describeError(stack).message).toBe('服务器开小差了，请稍后再试');
  });
  it('error page reads an ApiError (by its brand) as its code and message', async () => {
    const { ApiError } = await import('../../src/server/errors.ts');
    expect(describeError(new ApiError(403, '该直播间已被封禁'))).toEqual({
      status: 403,
      message: '该直播间已被封禁',
    });
    expect(describeError(new ApiError(503, '支付通道维护中'))).toEqual({
      status: 503,
      message: '支付通道维护中',
    });
    expect(describeError(new ApiError(10011, '用户名或密码输入错误'))).toEqual({
      status: 400,
      message: '用户名或密码输入错误',
    });
  });
});
