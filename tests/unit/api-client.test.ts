import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/lib/api/client.ts';
import { MSG } from '../../src/lib/messages.ts';
import { ApiFailure, NETWORK_FAILURE } from '../../src/lib/api/envelope.ts';
import { createSecondaryClient } from '../../src/lib/api/secondary.ts';
import { parseTokenCookie, tokenCookie } from '../../src/lib/api/cookie.ts';

interface Call {
  url: string;
  init: RequestInit & { headers: Headers };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records its calls and answers with `reply` (an envelope with code 200 by default). */
function fakeFetch(
  reply: () => Response | Promise<Response> = () => json({ code: 200, msg: 'success', data: 1 }),
) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: Call['init']) => {
    calls.push({ url, init });
    return reply();
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** A fetch that never answers and rejects when its signal aborts, like the real one. */
function hangingFetch() {
  return (async (_url: string, init: RequestInit) =>
    new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    })) as unknown as typeof globalThis.fetch;
}

const client = (fetch: typeof globalThis.fetch, token: string | null = 'tok-1', ssr = false) =>
  createApiClient({ baseURL: 'http://svc.test/svc', getToken: () => token, ssr, fetch });

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiFailure);
  return err as ApiFailure;
}

afterEach(() => vi.useRealTimers());

describe('accessToken header', () => {
  it('is sent on every request when logged in', async () => {
    const { calls, fetch } = fakeFetch();
    const api = client(fetch);
    await api.get('/a');
    await api.post('/b', { x: 1 });
    await api.put('/c');
    await api.delete('/d');
    expect(calls.map((c) => c.init.headers.get('accessToken'))).toEqual(['tok-1', 'tok-1', 'tok-1', 'tok-1']);
  });

  it('is left out when there is no token', async () => {
    const { calls, fetch } = fakeFetch();
    await client(fetch, null).get('/a');
    expect(calls[0].init.headers.has('accessToken')).toBe(false);
  });
});

describe('GET query', () => {
  it('adds channelId=3 and platform=1 and keeps the caller parameters', async () => {
    const { calls, fetch } = fakeFetch();
    await client(fetch).get('/news/page', { pageNum: 2, keyword: '梅西' });
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/svc/news/page');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      channelId: '3',
      platform: '1',
      pageNum: '2',
      keyword: '梅西',
    });
  });

  it('does not add them to POST', async () => {
    const { calls, fetch } = fakeFetch();
    await client(fetch).post('/chat/getToken', {}, { query: { group: 1 } });
    expect(new URL(calls[0].url).search).toBe('?group=1');
  });
});

describe('request bodies', () => {
  let server: Server;
  let base = '';
  const seen: { method?: string; type?: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method, type: req.headers['content-type'], body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ code: 200, msg: 'success', data: null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('form-encodes POST, PUT and DELETE bodies by default (nested values as JSON)', async () => {
    const api = createApiClient({ baseURL: base });
    const body = { phone: '13800000000', n: 5, ok: true, skip: undefined, ids: [1, 2], o: { a: 'b' } };
    for (const method of ['post', 'put', 'delete'] as const) await api[method]('/user/login', body);
    expect(seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'DELETE']);
    for (const s of seen) {
      expect(s.type).toMatch(/^application\/x-www-form-urlencoded/);
      expect(Object.fromEntries(new URLSearchParams(s.body))).toEqual({
        phone: '13800000000',
        n: '5',
        ok: 'true',
        ids: '[1,2]',
        o: '{"a":"b"}',
      });
    }
  });

  it('sends JSON when the caller sets the JSON header', async () => {
    seen.length = 0;
    const api = createApiClient({ baseURL: base });
    await api.post('/chat/msg', { ids: [1, 2] }, { headers: { 'Content-Type': 'application/json' } });
    expect(seen[0].type).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ ids: [1, 2] });
  });
});

describe('timeouts', () => {
  it('gives up after 20 s', async () => {
    vi.useFakeTimers();
    const result = failureOf(client(hangingFetch()).get('/slow'));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).code).toBe(NETWORK_FAILURE);
  });

  it('gives up after 5000 ms during SSR and sends credentials', async () => {
    vi.useFakeTimers();
    let credentials: RequestCredentials | undefined;
    const hang = hangingFetch();
    const fetch = ((url: string, init: RequestInit) => {
      credentials = init.credentials;
      return hang(url, init);
    }) as typeof globalThis.fetch;
    const result = failureOf(client(fetch, 'tok', true).get('/slow'));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).code).toBe(NETWORK_FAILURE);
    expect(credentials).toBe('include');
  });
});

describe('responses', () => {
  it('yields the body envelope', async () => {
    const { fetch } = fakeFetch(() => json({ code: 200, msg: 'success', data: { id: 7 } }));
    await expect(client(fetch).get('/user/info')).resolves.toEqual({
      code: 200,
      msg: 'success',
      data: { id: 7 },
    });
  });

  it('turns a body code other than 200 into a failure with its code, msg and data', async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 10011, msg: '用户名或密码输入错误，超过五次将被锁定！', data: null }),
    );
    const err = await failureOf(client(fetch).post('/user/login', {}));
    expect([err.code, err.msg, err.status]).toEqual([10011, '用户名或密码输入错误，超过五次将被锁定！', 200]);
  });

  it('turns an HTTP error into a failure, with the envelope when there is one', async () => {
    const { fetch } = fakeFetch(() => json({ code: 401, msg: '请先登录', data: null }, 401));
    const err = await failureOf(client(fetch).get('/user/info'));
    expect([err.code, err.msg, err.status]).toEqual([401, '请先登录', 401]);
    const bare = fakeFetch(() => new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const err2 = await failureOf(client(bare.fetch).get('/user/info'));
    expect([err2.code, err2.msg, err2.status]).toEqual([502, MSG.serverError, 502]);
  });

  it('turns a network error into a failure with code -1 and the message', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const err = await failureOf(client(fetch).get('/user/info'));
    expect([err.code, err.msg, err.status]).toEqual([NETWORK_FAILURE, 'fetch failed', 0]);
  });
});

describe('secondary client', () => {
  const secondary = (fetch: typeof globalThis.fetch) =>
    createSecondaryClient({ baseURL: 'http://svc.test/svc', getToken: () => 'tok-2', fetch });

  it('sends JSON with the token and returns the body whatever its code', async () => {
    const { calls, fetch } = fakeFetch(() => json({ code: 500, msg: 'x', data: null }));
    await expect(secondary(fetch).post('/live/x', { a: 1 })).resolves.toEqual({
      code: 500,
      msg: 'x',
      data: null,
    });
    expect(calls[0].init.headers.get('content-type')).toBe('application/json');
    expect(calls[0].init.headers.get('accessToken')).toBe('tok-2');
    expect(calls[0].init.body).toBe('{"a":1}');
  });

  it('waits 40 s, then returns undefined', async () => {
    vi.useFakeTimers();
    const result = secondary(hangingFetch()).get('/live/slow');
    await vi.advanceTimersByTimeAsync(39_999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeUndefined();
  });

  it('swallows network and HTTP errors', async () => {
    const down = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(secondary(down.fetch).get('/live/x')).resolves.toBeUndefined();
    const broken = fakeFetch(() => json({ code: 500, msg: 'x', data: null }, 500));
    await expect(secondary(broken.fetch).post('/live/x')).resolves.toBeUndefined();
  });
});

describe('token cookie', () => {
  it('lasts 30 days with keep-login, else the session', () => {
    expect(tokenCookie('a b', true)).toBe('token=a%20b; Path=/; SameSite=Lax; Max-Age=2592000');
    expect(tokenCookie('abc', false)).toBe('token=abc; Path=/; SameSite=Lax');
  });

  it('is read back from a cookie string', () => {
    expect(parseTokenCookie('x=1; token=a%20b; y=2')).toBe('a b');
    expect(parseTokenCookie('tokenx=1; token=')).toBeNull();
    expect(parseTokenCookie(undefined)).toBeNull();
  });
});
