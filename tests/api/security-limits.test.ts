import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createHttpServer } from '../../src/server/http/server.ts';
import { isDurableKey } from '../../src/server/kv/durable.ts';
import { randomMobile } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, type WalletBench } from '../support/wallet.ts';

const TOO_MANY = '操作太频繁，请稍后再试';

/** Abuse limits: per user and per address, huge text refused at the door, X-Forwarded-For only behind a proxy. */
describe.each(targets())('abuse limits on $name', (target) => {
  let b: WalletBench;
  beforeAll(async () => {
    b = await createWalletBench(target);
  });
  afterAll(() => b.close());

  it('refuses a megabyte nickname, signature or chat message before any service sees it', async () => {
    const u = await b.newUser();
    const mb = 'x'.repeat(1024 * 1024);
    for (const json of [false, true]) {
      for (const [path, body] of [
        ['/user/center/updateInfo', { signature: mb }],
        ['/api/chat/msg', { roomId: 1, content: mb }],
        ['/chat/msg', { roomId: 1, content: mb }],
        ['/inform/post/addSave', { title: '标题', content: mb }],
        ['/message/send', { userId: 1, content: mb }],
      ] as const) {
        const got = await b.post(path, body, { token: u.token, json });
        expect(got, `${path} json=${json}`).toMatchObject({ status: 400, code: 400, msg: '输入内容过长' });
      }
    }
    const [row] = await b.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row.signature ?? '').toBe('');
  });

  it('limits one user across many addresses, and one address across many users', async () => {
    const u = await b.newUser();
    // 20 profile edits in ten minutes per user, each from a new address.
    for (let k = 0; k < 20; k++)
      expect(
        (await b.post('/user/center/updateInfo', { signature: `第${k}次` }, { token: u.token })).code,
      ).toBe(200);
    expect(await b.post('/user/center/updateInfo', { signature: '再改' }, { token: u.token })).toMatchObject({
      status: 429,
      msg: TOO_MANY,
    });
    // From one address: five times the per-user ceiling, whoever is logged in.
    const ip = b.freshIp();
    const people = await Promise.all(Array.from({ length: 6 }, () => b.newUser()));
    const codes: number[] = [];
    for (const p of people)
      for (let k = 0; k < 20; k++)
        codes.push(
          (await b.post('/user/center/updateInfo', { signature: '同一地址' }, { token: p.token, ip })).code,
        );
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.slice(100)).toEqual(Array(20).fill(429));
  });

  it('limits writing chat, posts, comments, reports and private messages per user', async () => {
    const u = await b.newUser();
    const limited = async (path: string, body: Record<string, unknown>, max: number) => {
      for (let k = 0; k < max; k++) await b.post(path, body, { token: u.token });
      return b.post(path, body, { token: u.token });
    };
    // Whatever the service would answer (room unknown, post missing…), the limit is counted first.
    expect(await limited('/chat/msg', { roomId: 999_999, content: '你好' }, 60)).toMatchObject({
      status: 429,
    });
    expect(
      await limited('/inform/info/comment/report', { commentId: 999_999, reason: '广告' }, 30),
    ).toMatchObject({
      status: 429,
    });
    expect(await limited('/message/open', { userId: 999_999 }, 60)).toMatchObject({ status: 429 });
    // The two kinds of comment share one limit.
    const v = await b.newUser();
    for (let k = 0; k < 30; k++)
      await b.post('/inform/comment/reply', { postId: 999_999, content: '评' }, { token: v.token });
    for (let k = 0; k < 30; k++)
      await b.post('/inform/info/comment/reply', { articleId: 999_999, content: '评' }, { token: v.token });
    expect(
      await b.post('/inform/info/comment/reply', { articleId: 999_999, content: '评' }, { token: v.token }),
    ).toMatchObject({ status: 429, msg: TOO_MANY });
  });

  it("limits a logged-in user's SMS codes to ten an hour, over every phone and address", async () => {
    const u = await b.newUser();
    // Binding a phone sends to a new number each time: the phone's own limits never come into play.
    const bindCode = (who: { token?: string }) => b.sendSms(randomMobile(), 5, b.freshIp(), who.token);
    for (let k = 0; k < 10; k++) expect((await bindCode(u)).msg).toBe('已发送');
    expect(await bindCode(u)).toMatchObject({
      status: 429,
      code: 429,
      msg: '验证码获取次数过多，请稍后再试',
    });
    // The pay-password code counts too; another user is not held back.
    expect(await b.sendSms(u.mobile, 4, b.freshIp(), u.token)).toMatchObject({ status: 429 });
    expect((await bindCode(await b.newUser())).code).toBe(200);
    // Codes for an account's own settings need the account: a visitor cannot dodge the count.
    expect(await bindCode({})).toMatchObject({ status: 401, msg: '请先登录' });
    expect(await b.sendSms(u.mobile, 4)).toMatchObject({ status: 401, msg: '请先登录' });
    // Without Redis the count is kept in the database, like the other SMS counts.
    expect(isDurableKey(`rl:sms:u${u.id}`)).toBe(true);
  });
});

describe('the client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set, and then believes only its last hop', async () => {
    const b = await createWalletBench(targets()[0]);
    const { server, hub } = createHttpServer(b.app, null);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Registration: ten a minute per address. Every try claims another address.
    const tryRegister = async (k: number | string) =>
      (
        await fetch(`${base}/svc/user/register`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': typeof k === 'number' ? `172.16.0.${k}` : k,
          },
          body: 'mobile=13900000000',
        })
      ).status;
    try {
      b.app.config.trustProxy = false;
      const untrusted = [];
      for (let k = 0; k < 11; k++) untrusted.push(await tryRegister(k));
      expect(untrusted.slice(0, 10)).not.toContain(429);
      expect(untrusted[10]).toBe(429);
      b.app.config.trustProxy = true;
      const trusted = [];
      for (let k = 20; k < 31; k++) trusted.push(await tryRegister(k));
      expect(trusted).not.toContain(429);
      // Only the hop the proxy added (the last) counts: a client that writes its own first hop
      // through a proxy that appends is still one address.
      const forged = [];
      for (let k = 40; k < 51; k++) forged.push(await tryRegister(`172.16.1.${k}, 172.16.0.250`));
      expect(forged.slice(0, 10)).not.toContain(429);
      expect(forged[10]).toBe(429);
    } finally {
      await hub.close(1001, 'test over');
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await b.close();
    }
  }, 120_000);
});
