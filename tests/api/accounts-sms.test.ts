import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { smsOutbox } from '../../src/server/db/schema/index.ts';
import { testSmsCode } from '../../src/server/services/accounts/sms-test-code.ts';
import { createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { createTestContext, targets } from '../support/context.ts';
import { createMemoryKv } from '../../src/server/kv/kv.ts';
import type { Logger } from '../../src/server/logger.ts';
import { createSmsCodeService } from '../../src/server/services/accounts/sms-codes.ts';

describe.each(targets())('SMS codes on $name', (target) => {
  let b: AccountsBench;
  beforeAll(async () => {
    b = await createAccountsBench(target);
  });
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  /** Moves Date.now() only: timers, the database and Redis keep real time. */
  const clockAt = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
  };

  it('sends a 6-digit code to the outbox, says 已发送, and hands the demo code back outside production', async () => {
    const mobile = randomMobile();
    const res = await b.sendSms(mobile);
    expect(res).toMatchObject({ status: 200, code: 200, msg: '已发送', data: { demo: true } });
    const code = await b.outboxCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect(res.data.demoCode).toBe(code);
    const check = await b.get('/inform/verifyCode', { mobile, verifyCode: code });
    expect(JSON.stringify(check)).not.toContain(code);
  });

  it('strips non-digits from the phone and rejects a bad one with the spec message', async () => {
    const mobile = randomMobile();
    const spaced = `${mobile.slice(0, 3)} ${mobile.slice(3, 7)}-${mobile.slice(7)}`;
    expect((await b.sendSms(spaced)).code).toBe(200);
    await b.outboxCode(mobile);
    for (const bad of ['12800000000', '1380000000', '138000000001', '']) {
      const res = await b.post('/inform/send/sms', {
        mobile: bad,
        type: 3,
        captchaVerification: await b.captchaVerification(),
      });
      expect(res).toMatchObject({ status: 400, msg: '请输入正确的手机号' });
    }
  });

  it('needs a solved captcha, and each verification works once', async () => {
    const mobile = randomMobile();
    const none = await b.post('/inform/send/sms', { mobile, type: 3 });
    expect(none).toMatchObject({ status: 400, msg: '验证失败，请重新完成安全验证' });
    const forged = await b.post('/inform/send/sms', {
      mobile,
      type: 3,
      captchaVerification: 'bm90IGEgcmVhbCBvbmU=',
    });
    expect(forged.msg).toBe('验证失败，请重新完成安全验证');
    const v = await b.captchaVerification();
    const ip = b.freshIp();
    expect((await b.post('/inform/send/sms', { mobile, type: 3, captchaVerification: v }, { ip })).code).toBe(
      200,
    );
    const again = await b.post(
      '/inform/send/sms',
      { mobile: randomMobile(), type: 3, captchaVerification: v },
      { ip },
    );
    expect(again).toMatchObject({ status: 400, msg: '验证失败，请重新完成安全验证' });
  });

  it('takes only a solved click-word captcha (spec §5), not the slider', async () => {
    const ip = b.freshIp();
    const slider = await b.captchaVerification(ip, 'blockPuzzle');
    const res = await b.post(
      '/inform/send/sms',
      { mobile: randomMobile(), type: 3, captchaVerification: slider },
      { ip },
    );
    expect(res).toMatchObject({ status: 400, msg: '验证失败，请重新完成安全验证' });
    const words = await b.captchaVerification(ip, 'clickWord');
    const sent = await b.post(
      '/inform/send/sms',
      { mobile: randomMobile(), type: 3, captchaVerification: words },
      { ip },
    );
    expect(sent.code).toBe(200);
  });

  it('rejects unknown types; register needs a free phone; recovery to an unknown phone looks sent but sends nothing', async () => {
    const bad = await b.post('/inform/send/sms', {
      mobile: randomMobile(),
      type: 9,
      captchaVerification: 'x',
    });
    expect(bad).toMatchObject({ status: 400, msg: '短信类型不正确' });
    expect((await b.sendSms('13800000001', 1)).msg).toBe('该手机号已注册，请直接登录');
    const unknown = randomMobile();
    expect(await b.sendSms(unknown, 2)).toMatchObject({ status: 200, code: 200, msg: '已发送' });
    await expect(b.outboxCode(unknown)).rejects.toThrow('no SMS');
    expect((await b.sendSms('13800000001', 2)).code).toBe(200);
  });

  it('allows one code per phone per 60 s', async () => {
    const start = Date.now();
    clockAt(start);
    const mobile = randomMobile();
    expect((await b.sendSms(mobile)).code).toBe(200);
    vi.setSystemTime(start + 30_000);
    const early = await b.sendSms(mobile);
    expect(early).toMatchObject({ status: 429, code: 429, msg: '操作太频繁，请30秒后再获取验证码' });
    vi.setSystemTime(start + 60_001);
    expect((await b.sendSms(mobile)).code).toBe(200);
  });

  it('allows 10 codes per phone a day, and more the next day', async () => {
    const start = Date.UTC(2030, 0, 10, 2); // 10:00 in China
    clockAt(start);
    const mobile = randomMobile();
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(start + i * 61_000);
      expect((await b.sendSms(mobile)).code).toBe(200);
    }
    vi.setSystemTime(start + 10 * 61_000);
    expect(await b.sendSms(mobile)).toMatchObject({
      status: 429,
      msg: '今日验证码获取次数已达上限，请明天再试',
    });
    vi.setSystemTime(start + 86_400_000);
    expect((await b.sendSms(mobile)).code).toBe(200);
    const [{ n }] = await b.app.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    expect(n).toBe(11);
  });

  it('allows 20 codes an hour from one address', async () => {
    const ip = b.freshIp();
    for (let i = 0; i < 20; i++) expect((await b.sendSms(randomMobile(), 3, ip)).code).toBe(200);
    expect(await b.sendSms(randomMobile(), 3, ip)).toMatchObject({
      status: 429,
      msg: '验证码请求过于频繁，请稍后再试',
    });
    expect((await b.sendSms(randomMobile(), 3, b.freshIp())).code).toBe(200);
  });

  describe('GET /inform/verifyCode', () => {
    const verify = (mobile: string, verifyCode: string, type?: number) =>
      b.get('/inform/verifyCode', {
        mobile,
        verifyCode,
        ...(type ? { type } : {}),
        channelId: 3,
        platform: 1,
      });

    it('checks a code without using it up', async () => {
      const mobile = randomMobile();
      const code = await b.smsCode(mobile);
      expect(await verify(mobile, code)).toMatchObject({ status: 200, code: 200, data: null });
      expect((await verify(mobile, code, 3)).code).toBe(200);
      expect((await b.post('/user/login', { mobile, mode: 1, verifyCode: code, auto: 1 })).code).toBe(200);
      expect((await verify(mobile, code)).msg).toBe('验证码已失效，请重新获取');
    });

    it('answers empty and wrong codes with the spec messages', async () => {
      const mobile = randomMobile();
      const code = await b.smsCode(mobile);
      expect(await verify(mobile, '')).toMatchObject({ status: 400, msg: '请输入验证码！' });
      expect((await verify(mobile, '12345')).msg).toBe('验证码错误，请确认后重新输入');
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await verify(mobile, wrong)).msg).toBe('验证码错误，请确认后重新输入');
      expect((await verify(mobile, code, 1)).msg).toBe('验证码错误，请确认后重新输入'); // sent for login, not register
      expect((await verify(mobile, code)).code).toBe(200);
    });

    it('voids a code after five checks', async () => {
      const mobile = randomMobile();
      const code = await b.smsCode(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++)
        expect((await verify(mobile, wrong)).msg).toBe('验证码错误，请确认后重新输入');
      expect((await verify(mobile, code)).code).toBe(200); // the fifth check
      expect((await verify(mobile, code)).msg).toBe('验证码已失效，请重新获取');
      const login = await b.post('/user/login', { mobile, mode: 1, verifyCode: code, auto: 1 });
      expect(login.msg).toBe('验证码已失效，请重新获取');
    });

    it('expires a code after five minutes', async () => {
      const start = Date.now();
      clockAt(start);
      const mobile = randomMobile();
      const code = await b.smsCode(mobile);
      vi.setSystemTime(start + 4 * 60_000 + 59_000);
      expect((await verify(mobile, code)).code).toBe(200);
      vi.setSystemTime(start + 5 * 60_000);
      expect((await verify(mobile, code)).msg).toBe('验证码已失效，请重新获取');
    });

    it('keeps only the newest code of a phone', async () => {
      const start = Date.now();
      clockAt(start);
      const mobile = randomMobile();
      const first = await b.smsCode(mobile);
      vi.setSystemTime(start + 61_000);
      const second = await b.smsCode(mobile);
      if (first !== second) expect((await verify(mobile, first)).msg).toBe('验证码错误，请确认后重新输入');
      expect((await verify(mobile, second)).code).toBe(200);
    });
  });
});

describe('SMS_TEST_SEED', () => {
  it('derives the code from the seed and the phone, so browser tests can type it', async () => {
    const b = await createAccountsBench({ name: 'pglite' }, { SMS_TEST_SEED: 'seed-x' });
    try {
      const mobile = randomMobile();
      expect((await b.sendSms(mobile, 1)).code).toBe(200);
      expect(await b.outboxCode(mobile)).toBe(testSmsCode('seed-x', mobile, 1));
      expect(testSmsCode('seed-y', mobile, 1)).not.toBe(testSmsCode('seed-x', mobile, 1));
    } finally {
      await b.close();
    }
  });
});

describe('the demo code stays home when it could reach a phone', () => {
  const log = { info() {}, error() {} } as unknown as Logger;
  const send = async (demo: boolean, revealDemoCode: boolean) => {
    const provider = { name: demo ? 'outbox' : 'vendor', demo, send: async () => {} };
    const codes = createSmsCodeService({ kv: createMemoryKv(), provider, log, revealDemoCode });
    return codes.send({ mobile: randomMobile(), type: 3, ip: '10.0.0.1' });
  };

  it('reveals it only for a demo provider outside production', async () => {
    expect((await send(true, true)).demoCode).toMatch(/^\d{6}$/);
    // production (revealDemoCode false) with the outbox, and a real vendor anywhere: never.
    expect(await send(true, false)).toEqual({});
    expect(await send(false, true)).toEqual({});
  });

  it('is never revealed by a production server, even with the outbox', async () => {
    const t = await createTestContext(targets()[0]!, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    try {
      expect(t.app.services.accounts.codes.demo).toBe(true);
      const sent = await t.app.services.accounts.codes.send({
        mobile: randomMobile(),
        type: 3,
        ip: '10.0.0.2',
      });
      expect(sent).toEqual({});
    } finally {
      await t.close();
    }
  });
});
