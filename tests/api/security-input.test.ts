import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsBench, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';

/** NUL bytes and other control characters, and ids past the integer columns, are refused at the door. */
describe.each(targets())('control characters and out-of-range ids on $name', (target) => {
  let b: AccountsBench;
  let anchor: string;
  let operator: string;
  beforeAll(async () => {
    b = await createAccountsBench(target);
    anchor = await b.tokenOf(DEMO.anchor);
    operator = await b.tokenOf(DEMO.operator);
  });
  afterAll(() => b.close());

  const raw = async (url: string, token?: string) => {
    const res = await b.gw.request(`/svc${url}`, { headers: token ? { accessToken: token } : {} });
    return { status: res.status, ...((await res.json()) as { code: number; msg: string }) };
  };

  it('refuses a NUL byte in a query or path of every kind of call with 400, not 500', async () => {
    const urls = [
      '/inform/advert/v2/adv?placeCode=%00',
      '/api/search/roomByWord?word=%00&type=1',
      '/api/room/page?word=a%00b',
      '/api/user/pageList?word=%00',
      '/api/forbid/add?nickName=%00&roomId=1',
      '/api/forbid/list?roomId=1&nickName=%00',
      '/api/manager/add?nickName=%00&roomId=1',
      '/pay/order/CZ%00',
      '/live/football/list?date=2026-11-24%00',
    ];
    for (const url of urls) {
      expect(await raw(url, anchor), url).toMatchObject({ status: 400, code: 400, msg: '输入包含无效字符' });
    }
  });

  it('refuses control characters in form and JSON bodies', async () => {
    const bodies: [string, Record<string, unknown>, string][] = [
      ['/api/room/up', { title: '今晚\u0000直播', notice: 'x' }, anchor],
      ['/api/audit/submit', { intro: '你好\u0007' }, anchor],
      ['/api/chat/msg', { roomId: 1, content: 'hi', atNickName: '\u0000' }, anchor],
      ['/pay/operator/withdrawals/1/reject', { reason: '不\u0000行' }, operator],
    ];
    for (const [path, body, token] of bodies) {
      for (const json of [false, true]) {
        expect(await b.post(path, body, { token, json }), `${path} json=${json}`).toMatchObject({
          status: 400,
          msg: '输入包含无效字符',
        });
      }
    }
    // Line breaks and tabs are text, not control: a multi-line notice is fine to send.
    expect(
      (await b.post('/api/chat/msg', { roomId: 99_999, content: '第一行\n第二行\t' }, { token: anchor })).msg,
    ).not.toBe('输入包含无效字符');
  });

  it('refuses a body over the size limit with 413 and JSON nested past eight levels with 400', async () => {
    const fan = await b.tokenOf(DEMO.fan);
    const huge = await b.gw.request('/svc/user/center/updateInfo', {
      method: 'POST',
      headers: { accessToken: fan, 'content-type': 'application/json', 'x-forwarded-for': b.freshIp() },
      body: JSON.stringify({ nickName: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 413, msg: '请求内容过大' });
    let deep: unknown = 1;
    for (let i = 0; i < 10; i++) deep = { a: deep };
    const nested = await b.post('/user/center/updateInfo', { signature: deep }, { token: fan, json: true });
    expect(nested).toMatchObject({ status: 400, code: 400, msg: '请求内容嵌套层级过深' });
    const fine = await b.post('/user/center/updateInfo', { signature: 'ok' }, { token: fan, json: true });
    expect(fine).toMatchObject({ code: 200 });
  });

  it('answers ids beyond the integer columns as bad input, never 500', async () => {
    for (const url of [
      '/api/room/detail?roomId=99999999999',
      '/live/match/detail?matchId=99999999999',
      '/api/back/detail?recordId=4294967296',
    ]) {
      const res = await raw(url);
      expect(res.status, url).toBeLessThan(500);
      expect([400, 404], url).toContain(res.code);
    }
  });
});
