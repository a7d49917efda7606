import { eq } from 'drizzle-orm';
import { idCardCheckChar } from '../../src/lib/validation.ts';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { createAccountsBench, randomMobile } from './accounts.ts';
import type { Target } from './context.ts';

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A resident ID number that passes the checks: Beijing, born in the 1980s, a random sequence. */
export function randomIdCard(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const first17 = `110101198${digits(1)}${month}${day}${digits(3)}`;
  return first17 + idCardCheckChar(first17);
}

/** A 19-digit card number (ICBC prefix) with a correct Luhn check digit. */
export function randomCardNo(): string {
  const body = `622202${digits(12)}`;
  for (let check = 0; check < 10; check++) {
    const n = body + check;
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return n;
  }
  throw new Error('unreachable');
}

/** The accounts bench plus wallet helpers: fresh verified users, pay passwords, funding. */
export async function createWalletBench(target: Target, env: Record<string, string> = {}) {
  const b = await createAccountsBench(target, env);
  const wallet = b.app.services.wallet;

  const idOf = async (mobile: string) =>
    (await b.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)))[0].id;

  /** A new account with a session ({token, id, mobile}); no SMS is spent on it. */
  async function newUser() {
    const mobile = randomMobile();
    const [u] = await b.app.db
      .insert(users)
      .values({ mobile, nickName: `钱包${mobile.slice(-8)}` })
      .returning({ id: users.id });
    const { token } = await b.app.services.sessions.create(u.id, true);
    return { token, id: u.id, mobile };
  }

  /** A new account with real-name verification done. */
  async function verifiedUser() {
    const u = await newUser();
    const res = await b.post(
      '/user/center/real-name',
      { realName: '张三丰', idCard: randomIdCard() },
      { token: u.token },
    );
    if (res.code !== 200) throw new Error(`real name failed: ${res.msg}`);
    return u;
  }

  /** The pay password sealed with a fresh dynamic key, as the wallet page sends it. */
  async function sealedPay(payPassword: string) {
    const { data } = await b.get('/user/key/getDynamicKey');
    return {
      payPassword: encryptPassword(payPassword, data.key, data.iv),
      key: data.key as string,
      iv: data.iv as string,
    };
  }

  /** POST /pay/change/pay-pass with an SMS code (type 4) sent to `codeMobile` (the user's own by default). */
  async function setPayPassword(
    u: { token: string; mobile: string },
    payPassword: string,
    codeMobile = u.mobile,
  ) {
    const verifyCode = await b.smsCode(codeMobile, 4, u.token);
    return b.post(
      '/pay/change/pay-pass',
      { verifyCode, ...(await sealedPay(payPassword)) },
      { token: u.token },
    );
  }

  /** Gives a user money through the ledger (manual top-up). */
  const fund = (userId: number, amount: number, currency: 'diamond' | 'ticket' = 'diamond') =>
    wallet.ledger.credit({
      userId,
      currency,
      amount,
      type: TRADE_TYPE.manualTopUp,
      key: `fund:${Math.random()}`,
    });

  return { ...b, b, wallet, idOf, newUser, verifiedUser, sealedPay, setPayPassword, fund };
}

export type WalletBench = Awaited<ReturnType<typeof createWalletBench>>;
