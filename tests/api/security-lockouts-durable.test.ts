import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { CAPTCHA_SEED, createAccountsBench, randomMobile, type AccountsBench } from '../support/accounts.ts';
import { createSiblingContext, createTestContext, targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { createWalletBench } from '../support/wallet.ts';

/**
 * The login, pay-password and SMS-code locks are kept in the shared store (the database, Redis),
 * not in one process: another instance and a restarted one refuse the right answer just the same.
 */
const LOGIN_LOCKED = 10012;
const PAY_LOCKED = 10021;

async function lockLogin(b: AccountsBench, mobile: string) {
  const codes = [];
  for (let k = 0; k < 5; k++) codes.push((await b.loginByPassword(mobile, 'wrong12345')).code);
  expect(codes.at(-1)).toBe(LOGIN_LOCKED);
}

/** The pay password sealed with a dynamic key of `b`'s instance. */
async function sealedPay(b: AccountsBench, payPassword: string) {
  const { data } = await b.get('/user/key/getDynamicKey');
  return { payPassword: encryptPassword(payPassword, data.key, data.iv), key: data.key, iv: data.iv };
}

const payVerify = async (b: AccountsBench, userId: number, payPassword: string) =>
  b.app.services.wallet.payPassword.verify(userId, await sealedPay(b, payPassword)).then(
    () => 200,
    (err: { code: number }) => err.code,
  );

const checkCode = async (b: AccountsBench, mobile: string, verifyCode: string) =>
  (await b.get('/inform/verifyCode', { mobile, verifyCode, type: 3 })).msg;

describe.runIf(targets().some((t) => t.name === 'postgres'))('lockouts across two instances', () => {
  const target = targets().find((t) => t.name === 'postgres')!;
  let a: Awaited<ReturnType<typeof createWalletBench>>;
  let b: AccountsBench;
  beforeAll(async () => {
    a = await createWalletBench(target);
    b = await createAccountsBench(target, {}, await createSiblingContext(a.t));
  }, 120_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('refuses the right login password on B once A locked the account', async () => {
    await lockLogin(a, DEMO.expert);
    expect((await b.loginByPassword(DEMO.expert, 'demo123456')).code).toBe(LOGIN_LOCKED);
  });

  it('refuses the right pay password on B once A locked it', async () => {
    const u = await a.verifiedUser();
    expect((await a.setPayPassword(u, '258036')).code).toBe(200);
    const wrong = [];
    for (let k = 0; k < 5; k++) wrong.push(await payVerify(a, u.id, '111111'));
    expect(wrong.at(-1)).toBe(PAY_LOCKED);
    expect(await payVerify(b, u.id, '258036')).toBe(PAY_LOCKED);
  });

  it('refuses the right SMS code on B after five wrong checks on A', async () => {
    const mobile = randomMobile();
    const code = await a.smsCode(mobile, 3);
    for (let k = 0; k < 5; k++)
      expect(await checkCode(a, mobile, code === '000000' ? '111111' : '000000')).not.toBe('');
    expect(await checkCode(b, mobile, code)).toBe('验证码已失效，请重新获取');
  });
});

describe('lockouts across a restart on one machine (PGlite, no Redis)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qyq-locks-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the login and pay-password locks, and a restart voids a code instead of granting new guesses', async () => {
    const env = {
      DATA_DIR: dir,
      APP_SECRET: randomBytes(32).toString('hex'),
      CAPTCHA_TEST_SEED: CAPTCHA_SEED,
      TRUST_PROXY: '1',
    };
    const open = async () =>
      createAccountsBench({ name: 'pglite' }, {}, await createTestContext({ name: 'pglite' }, env));
    let b = await open();
    await lockLogin(b, DEMO.expert);
    // A pay password for the demo fan, locked by five wrong tries.
    const fan = await b.tokenOf(DEMO.fan);
    const [{ id: fanId }] = await b.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, DEMO.fan));
    const verifyCode = await b.smsCode(DEMO.fan, 4, fan);
    const set = await b.post(
      '/pay/change/pay-pass',
      { verifyCode, ...(await sealedPay(b, '258036')) },
      { token: fan },
    );
    expect(set.code).toBe(200);
    for (let k = 0; k < 5; k++) await payVerify(b, fanId, '111111');
    expect(await payVerify(b, fanId, '258036')).toBe(PAY_LOCKED);
    const mobile = randomMobile();
    const code = await b.smsCode(mobile, 3);
    for (let k = 0; k < 4; k++) await checkCode(b, mobile, code === '000000' ? '111111' : '000000');
    await b.close();

    b = await open();
    try {
      expect((await b.loginByPassword(DEMO.expert, 'demo123456')).code).toBe(LOGIN_LOCKED);
      expect(await payVerify(b, fanId, '258036')).toBe(PAY_LOCKED);
      expect(await checkCode(b, mobile, code)).toBe('验证码已失效，请重新获取');
    } finally {
      await b.close();
    }
  }, 180_000);
});
