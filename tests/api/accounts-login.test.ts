import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { sessions, users } from '../../src/server/db/schema/index.ts';
import { hashToken } from '../../src/server/services/sessions/sessions.ts';
import { advanceClock, createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { targets } from '../support/context.ts';

describe.each(targets())('login on $name', (target) => {
  let b: AccountsBench;
  beforeAll(async () => {
    b = await createAccountsBench(target);
  });
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  const userRow = async (mobile: string) =>
    (await b.app.db.select().from(users).where(eq(users.mobile, mobile)))[0];
  const sessionOf = async (token: string) =>
    (
      await b.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0];
  /** A fresh account with a password, so lockout tests do not lock the demo accounts. */
  async function accountWithPassword(password = 'abc12345') {
    const mobile = randomMobile();
    const verifyCode = await b.smsCode(mobile, 1);
    const res = await b.post('/user/register', {
      mobile,
      verifyCode,
      nickName: `测试${mobile.slice(-6)}`,
      ...(await b.sealed(password)),
    });
    expect(res.code).toBe(200);
    return mobile;
  }

  it('issues one-time 16-character key and iv', async () => {
    const a = await b.get('/user/key/getDynamicKey', { channelId: 3, platform: 1 });
    const c = await b.get('/user/key/getDynamicKey');
    expect(a).toMatchObject({
      code: 200,
      data: {
        key: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
        iv: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      },
    });
    expect(c.data.key).not.toBe(a.data.key);
  });

  it('logs in by password with the encrypted transport; the token opens the personal centre', async () => {
    const res = await b.loginByPassword('13800000001', 'demo123456');
    expect(res).toMatchObject({ code: 200, data: { token: expect.any(String), needsProfile: false } });
    const info = await b.get('/user/center/info', undefined, { token: res.data.token });
    expect(info.data).toMatchObject({ nickName: '球迷小王', mobile: '138****0001' });
    expect((await userRow('13800000001')).lastLoginAt).toBeInstanceOf(Date);
  });

  it('accepts JSON bodies too', async () => {
    const res = await b.post(
      '/user/login',
      { mobile: '13800000001', mode: '0', auto: 'true', ...(await b.sealed('demo123456')) },
      { json: true },
    );
    expect(res.code).toBe(200);
  });

  it('keeps a remembered session 30 days, otherwise a short one', async () => {
    const long = await b.loginByPassword('13800000001', 'demo123456', { auto: 1 });
    const short = await b.loginByPassword('13800000001', 'demo123456', { auto: 0 });
    const days = async (token: string) =>
      ((await sessionOf(token)).expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(await days(long.data.token)).toBeGreaterThan(29.9);
    expect(await days(short.data.token)).toBeLessThanOrEqual(1);
    expect((await sessionOf(short.data.token)).persistent).toBe(false);
  });

  it('fails a replayed request: the key opens one request only', async () => {
    const sealed = await b.sealed('demo123456');
    const body = { mobile: '13800000001', mode: 0, auto: 1, ...sealed };
    expect((await b.post('/user/login', body)).code).toBe(200);
    expect(await b.post('/user/login', body)).toMatchObject({
      status: 400,
      msg: '密码加密密钥已失效，请重新提交',
    });
  });

  it('refuses a plain password, a foreign key, a wrong iv and an expired key', async () => {
    const plain = await b.post('/user/login', { mobile: '13800000001', mode: 0, password: 'demo123456' });
    expect(plain).toMatchObject({ status: 400, msg: '密码加密参数缺失，请刷新页面后重试' });
    const forged = {
      key: 'A'.repeat(16),
      iv: 'B'.repeat(16),
      password: encryptPassword('demo123456', 'A'.repeat(16), 'B'.repeat(16)),
    };
    expect((await b.post('/user/login', { mobile: '13800000001', mode: 0, ...forged })).msg).toBe(
      '密码加密密钥已失效，请重新提交',
    );
    const sealed = await b.sealed('demo123456');
    expect(
      (await b.post('/user/login', { mobile: '13800000001', mode: 0, ...sealed, iv: 'C'.repeat(16) })).msg,
    ).toBe('密码加密密钥已失效，请重新提交');
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const old = await b.sealed('demo123456');
    vi.setSystemTime(start + 5 * 60_000 + 1);
    expect((await b.post('/user/login', { mobile: '13800000001', mode: 0, ...old })).msg).toBe(
      '密码加密密钥已失效，请重新提交',
    );
  });

  it('answers a wrong password and an unknown phone with 10011', async () => {
    const wrong = await b.loginByPassword('13800000002', 'wrong12345');
    expect(wrong).toMatchObject({
      status: 200,
      code: 10011,
      msg: '用户名或密码输入错误，超过五次将被锁定！',
      data: { remaining: 4 },
    });
    expect((await b.loginByPassword(randomMobile(), 'demo123456')).code).toBe(10011);
    expect((await b.post('/user/login', { mobile: '12345', mode: 0 })).msg).toBe('请输入正确的手机号');
  });

  it('locks an account on the fifth wrong password for 30 minutes', async () => {
    const mobile = await accountWithPassword();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    for (let i = 0; i < 4; i++) expect((await b.loginByPassword(mobile, 'nope12345')).code).toBe(10011);
    expect(await b.loginByPassword(mobile, 'nope12345')).toMatchObject({
      code: 10012,
      msg: '账号已被锁定，请30分钟后再试',
    });
    // Locked: even the right password is refused, with the minutes left.
    expect((await b.loginByPassword(mobile, 'abc12345')).msg).toBe('账号已被锁定，请30分钟后再试');
    vi.setSystemTime(start + 11 * 60_000);
    expect(await b.loginByPassword(mobile, 'abc12345')).toMatchObject({
      code: 10012,
      msg: '账号已被锁定，请19分钟后再试',
    });
    vi.setSystemTime(start + 30 * 60_000 + 1);
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
  });

  it('resets the count on success: four misses, a success, four misses do not lock', async () => {
    const mobile = await accountWithPassword();
    for (let i = 0; i < 4; i++) expect((await b.loginByPassword(mobile, 'nope12345')).code).toBe(10011);
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await b.loginByPassword(mobile, 'nope12345')).code).toBe(10011);
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    expect((await userRow(mobile)).failedLogins).toBe(0);
  });

  it('lets a code login open a locked account and clears the lock', async () => {
    const mobile = await accountWithPassword();
    for (let i = 0; i < 5; i++) await b.loginByPassword(mobile, 'nope12345');
    advanceClock(61_000); // past the resend interval of the registration code
    expect((await b.loginByCode(mobile)).code).toBe(200);
    expect((await userRow(mobile)).lockedUntil).toBeNull();
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
  });

  it('creates the account on the first code login, with a 球友 nickname and needsProfile', async () => {
    const mobile = randomMobile();
    const res = await b.loginByCode(mobile);
    expect(res).toMatchObject({ code: 200, data: { token: expect.any(String), needsProfile: true } });
    const info = await b.get('/user/center/info', undefined, { token: res.data.token });
    expect(info.data).toMatchObject({
      nickName: expect.stringMatching(/^球友\d{6}$/),
      needsProfile: true,
      hasPassword: false,
      level: 0,
    });
    // The same phone later logs in to the same account.
    advanceClock(61_000);
    const again = await b.loginByCode(mobile);
    expect((await b.get('/user/center/info', undefined, { token: again.data.token })).data.id).toBe(
      info.data.id,
    );
    expect((await b.loginByPassword(mobile, 'abc12345')).msg).toBe('该账号尚未设置密码，请使用验证码登录');
  });

  it('refuses a code login with a wrong, empty, or used code', async () => {
    const mobile = randomMobile();
    const code = await b.smsCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await b.post('/user/login', { mobile, mode: 1, verifyCode: '' })).msg).toBe('请输入验证码！');
    expect((await b.post('/user/login', { mobile, mode: 1, verifyCode: wrong })).msg).toBe(
      '验证码错误，请确认后重新输入',
    );
    expect((await b.post('/user/login', { mobile, mode: 1, verifyCode: code })).code).toBe(200);
    expect((await b.post('/user/login', { mobile, mode: 1, verifyCode: code })).msg).toBe(
      '验证码已失效，请重新获取',
    );
  });

  it('refuses a disabled account', async () => {
    const mobile = await accountWithPassword();
    await b.app.db.update(users).set({ status: 0 }).where(eq(users.mobile, mobile));
    expect(await b.loginByPassword(mobile, 'abc12345')).toMatchObject({
      status: 403,
      msg: '账号已被停用，请联系客服',
    });
  });

  it('awards daily-login experience once per China day, and the level follows it', async () => {
    const mobile = await accountWithPassword();
    await b.app.db
      .update(users)
      .set({ experience: 95, level: 0, lastLoginAt: new Date(Date.now() - 2 * 86400_000) })
      .where(eq(users.mobile, mobile));
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    expect(await userRow(mobile)).toMatchObject({ experience: 105, level: 1 });
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    expect((await userRow(mobile)).experience).toBe(105);
    advanceClock(86400_000);
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(200);
    expect((await userRow(mobile)).experience).toBe(115);
  });

  it('logout revokes the token', async () => {
    const { data } = await b.loginByPassword('13800000001', 'demo123456');
    expect((await b.post('/user/logout', undefined, { token: data.token })).code).toBe(200);
    expect(await b.get('/user/center/info', undefined, { token: data.token })).toMatchObject({
      status: 401,
      msg: '请先登录',
    });
  });
});
