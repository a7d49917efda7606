import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomMobile } from '../support/accounts.ts';
import { targets } from '../support/context.ts';
import { createWalletBench, randomCardNo, type WalletBench } from '../support/wallet.ts';

/** Guesses sent all at once must not beat the lock: the try is counted before the password is checked. */
describe.each(targets())('lockouts under parallel guesses on $name', (target) => {
  let b: WalletBench;
  beforeAll(async () => {
    b = await createWalletBench(target);
  });
  afterAll(() => b.close());

  it('checks at most five of 20 wrong passwords sent at once, then locks even the right one', async () => {
    const mobile = randomMobile();
    const verifyCode = await b.smsCode(mobile, 1);
    const sealed = await b.sealed('abc12345');
    expect(
      (await b.post('/user/register', { mobile, verifyCode, nickName: `锁${mobile.slice(-6)}`, ...sealed }))
        .code,
    ).toBe(200);
    // All wrong guesses at once: each try is counted before its check, so at most five are checked.
    // The right password goes after them; sent inside the race it may arrive first and rightly win.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => b.loginByPassword(mobile, 'nope12345')),
    );
    expect(answers.filter((a) => a.code === 10011).length).toBeLessThanOrEqual(4);
    expect(answers.filter((a) => a.code === 10012).length).toBeGreaterThanOrEqual(16);
    // Locked whatever the password.
    expect((await b.loginByPassword(mobile, 'abc12345')).code).toBe(10012);
  });

  it('tells how many tries remain with each wrong password', async () => {
    const mobile = randomMobile();
    const verifyCode = await b.smsCode(mobile, 1);
    const sealed = await b.sealed('abc12345');
    expect(
      (await b.post('/user/register', { mobile, verifyCode, nickName: `剩${mobile.slice(-6)}`, ...sealed }))
        .code,
    ).toBe(200);
    const left = [];
    for (let k = 0; k < 4; k++) left.push((await b.loginByPassword(mobile, 'nope12345')).data.remaining);
    expect(left).toEqual([4, 3, 2, 1]);
    expect((await b.loginByPassword(mobile, 'nope12345')).code).toBe(10012);
  });

  it('checks at most five of 15 wrong pay passwords sent at once, then refuses even the right one', async () => {
    const u = await b.verifiedUser();
    const card = (
      await b.post('/pay/bind-card', { cardNo: randomCardNo(), bankName: '中国工商银行' }, { token: u.token })
    ).data;
    expect((await b.setPayPassword(u, '258036')).code).toBe(200);
    await b.fund(u.id, 10_000, 'ticket');
    const seal = (payPassword: string) => b.sealedPay(payPassword);
    const withdraw = (sealed: Awaited<ReturnType<typeof seal>>) =>
      b.post('/pay/withdraw', { amount: 2000, cardId: card.id, ...sealed }, { token: u.token });
    // Sealed first (each seal fetches a key), then sent at once: at most five are checked.
    const sealed = await Promise.all(Array.from({ length: 15 }, () => seal('111111')));
    const answers = await Promise.all(sealed.map(withdraw));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.code === 10021).length).toBeGreaterThanOrEqual(11);
    expect((await withdraw(await seal('258036'))).code).toBe(10021);
    expect((await b.get('/pay/balances', undefined, { token: u.token })).data.ticket).toBe(10_000);
  });
});

describe('the sandbox cashier in production', () => {
  it('pays nothing out: withdrawals are refused when recharges are demo money', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    const { createContext } = await import('../../src/server/context.ts');
    const pino = (await import('pino')).default;
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'sandbox',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      SEED_SPORTS: '0',
    });
    const app = await createContext(config, { log: pino({ level: 'silent' }) });
    try {
      const request = app.services.wallet.withdrawals.request(1, {
        amount: 2000,
        cardId: 1,
        requestKey: 'k',
      } as never);
      await expect(request).rejects.toMatchObject({ code: 403, message: '演示站点的球票不能提现' });
    } finally {
      await app.close();
    }
  });
});
