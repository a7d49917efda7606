import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILURE } from '../../src/lib/api/envelope.ts';
import { MSG } from '../../src/lib/messages.ts';
import { call } from '../../src/scripts/svc.ts';

/** The page scripts' /svc client: what it sends, and what a failure answers. */
describe('svc call', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  const sent = () => {
    const [url, init] = fetch.mock.calls[0]!;
    return { url, headers: init?.headers as Record<string, string>, body: init?.body };
  };

  beforeEach(() => {
    fetch.mockReset().mockResolvedValue(Response.json({ code: 200, msg: 'success', data: { ok: 1 } }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'token=t1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, and the channel and platform on a GET', async () => {
    expect(await call('GET', '/tj/expert/detail/7')).toEqual({ code: 200, msg: 'success', data: { ok: 1 } });
    expect(sent()).toEqual({
      url: '/svc/tj/expert/detail/7?channelId=3&platform=1',
      headers: { accessToken: 't1' },
      body: undefined,
    });
    await call('GET', '/api/search/all?val=a');
    expect(fetch.mock.calls[1]![0]).toBe('/svc/api/search/all?val=a&channelId=3&platform=1');
  });

  it('posts a body as JSON, and nothing without one', async () => {
    await call('POST', '/tj/expert/follow', { expertId: 7, operateType: 1 });
    expect(sent()).toEqual({
      url: '/svc/tj/expert/follow',
      headers: { accessToken: 't1', 'Content-Type': 'application/json' },
      body: '{"expertId":7,"operateType":1}',
    });
    fetch.mockClear();
    await call('POST', '/user/logout');
    expect(sent()).toEqual({ url: '/svc/user/logout', headers: { accessToken: 't1' }, body: undefined });
  });

  it("answers a refusal's envelope as it came", async () => {
    fetch.mockResolvedValue(Response.json({ code: 10020, msg: '球钻不足', data: null }, { status: 400 }));
    expect(await call('POST', '/tj/recommend/buy', { planId: 1 })).toEqual({
      code: 10020,
      msg: '球钻不足',
      data: null,
    });
  });

  it('answers no network, or a page that is not an envelope, with the network failure', async () => {
    const failure = { code: NETWORK_FAILURE, msg: MSG.networkFailed, data: null };
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await call('GET', '/pay/balances')).toEqual(failure);
    fetch.mockResolvedValue(new Response('<html>502</html>', { status: 502 }));
    expect(await call('GET', '/pay/balances')).toEqual(failure);
  });
});
