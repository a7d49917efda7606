import { vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SLIDER_Y } from '../../src/lib/captcha.ts';
import { aesEncrypt } from '../../src/lib/captcha-crypto.ts';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { smsOutbox } from '../../src/server/db/schema/index.ts';
import { createGateway } from '../../src/server/gateway/index.ts';
import { answerFor } from '../../src/server/services/captcha/plan.ts';
import { createTestContext, type Target, type TestContext } from './context.ts';

/** Captchas of these contexts are solvable from the seed and the token (never in production). */
export const CAPTCHA_SEED = 'accounts-test-seed';

export interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
}

/**
 * An accounts test bench: a fresh context behind the gateway, with TRUST_PROXY on so requests
 * can come from different client addresses (X-Forwarded-For).
 */
export async function createAccountsBench(
  target: Target,
  env: Record<string, string> = {},
  /** A context to drive instead of a new one (a sibling instance, say); closed with the bench. */
  context?: TestContext,
) {
  const t: TestContext =
    context ??
    (await createTestContext(target, {
      CAPTCHA_TEST_SEED: CAPTCHA_SEED,
      TRUST_PROXY: '1',
      ...env,
    }));
  const gw = createGateway(t.app);
  let ipCounter = 0;

  async function send(
    method: string,
    path: string,
    opts: { body?: Record<string, unknown>; token?: string; ip?: string; json?: boolean } = {},
  ): Promise<Reply> {
    // Each request is its own client address unless told: per-IP limits apply where a test means them.
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? freshIp() };
    if (opts.token) headers.accessToken = opts.token;
    let url = `/svc${path}`;
    let body: string | undefined;
    if (method === 'GET' && opts.body) {
      url += (url.includes('?') ? '&' : '?') + new URLSearchParams(opts.body as Record<string, string>);
    } else if (opts.body && opts.json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    } else if (opts.body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.body as Record<string, string>).toString();
    }
    const res = await gw.request(url, { method, headers, body });
    const envelope = (await res.json()) as Omit<Reply, 'status'>;
    return { status: res.status, ...envelope };
  }

  const get = (path: string, query?: Record<string, unknown>, opts: { token?: string; ip?: string } = {}) =>
    send('GET', path, { ...opts, body: query });
  const post = (
    path: string,
    body?: Record<string, unknown>,
    opts: { token?: string; ip?: string; json?: boolean } = {},
  ) => send('POST', path, { ...opts, body });

  /** A client address nobody else in this file uses. */
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  /** Solves a captcha (clickWord, as the code request needs) through /inform/captcha/get and /check. */
  async function captchaVerification(
    ip = freshIp(),
    captchaType: 'clickWord' | 'blockPuzzle' = 'clickWord',
  ): Promise<string> {
    const got = await gw.request('/svc/inform/captcha/get', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ captchaType }),
    });
    const { repData } = (await got.json()) as { repData: { token: string; secretKey: string } };
    const answer = answerFor(CAPTCHA_SEED, repData.token);
    const point = JSON.stringify(captchaType === 'clickWord' ? answer.points : { x: answer.x, y: SLIDER_Y });
    const checked = await gw.request('/svc/inform/captcha/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({
        captchaType,
        token: repData.token,
        pointJson: aesEncrypt(point, repData.secretKey),
      }),
    });
    const { repData: check } = (await checked.json()) as { repData: { captchaVerification: string } };
    return check.captchaVerification;
  }

  /** POST /inform/send/sms with a freshly solved captcha; as the holder of `token` when given. */
  const sendSms = async (mobile: string, type = 3, ip = freshIp(), token?: string) =>
    post(
      '/inform/send/sms',
      { mobile, type, captchaVerification: await captchaVerification(ip) },
      { ip, token },
    );

  /** The last code the outbox provider "sent" to this phone: how tests read their SMS. */
  async function outboxCode(mobile: string): Promise<string> {
    const [row] = await t.app.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    if (!row) throw new Error(`no SMS for ${mobile}`);
    return row.code;
  }

  /** Sends a code (as the holder of `token` when given: pay-password codes need one) and returns it. */
  async function smsCode(mobile: string, type = 3, token?: string): Promise<string> {
    const sent = await sendSms(mobile, type, freshIp(), token);
    if (sent.code !== 200) throw new Error(`sms failed: ${sent.msg}`);
    return outboxCode(mobile);
  }

  /** password, key and iv as the client sends them, with a fresh dynamic key. */
  async function sealed(password: string, ip?: string) {
    const { data } = await get('/user/key/getDynamicKey', undefined, { ip });
    return {
      password: encryptPassword(password, data.key, data.iv),
      key: data.key as string,
      iv: data.iv as string,
    };
  }

  async function loginByPassword(mobile: string, password: string, extra: Record<string, unknown> = {}) {
    return post(
      '/user/login',
      {
        mobile,
        mode: 0,
        channelId: 3,
        platform: 1,
        loginType: 1,
        auto: 1,
        ...(await sealed(password)),
        ...extra,
      },
      { ip: freshIp() },
    );
  }

  async function loginByCode(mobile: string) {
    const verifyCode = await smsCode(mobile, 3);
    return post(
      '/user/login',
      { mobile, mode: 1, channelId: 3, platform: 1, loginType: 1, auto: 1, verifyCode },
      { ip: freshIp() },
    );
  }

  /** A token of a demo account (password demo123456). */
  async function tokenOf(mobile: string): Promise<string> {
    const res = await loginByPassword(mobile, 'demo123456');
    if (res.code !== 200) throw new Error(`login failed: ${res.msg}`);
    return res.data.token;
  }

  return {
    t,
    app: t.app,
    gw,
    send,
    get,
    post,
    freshIp,
    captchaVerification,
    sendSms,
    outboxCode,
    smsCode,
    sealed,
    loginByPassword,
    loginByCode,
    tokenOf,
    close: () => t.close(),
  };
}

export type AccountsBench = Awaited<ReturnType<typeof createAccountsBench>>;

/** A phone number no seed uses: 139 + 8 random digits. */
export const randomMobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * Moves Date.now() forward (fake Date only: timers, the database and Redis keep real time).
 * Tests that call it restore the clock with vi.useRealTimers() in afterEach.
 */
export function advanceClock(ms: number): void {
  const now = Date.now();
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}
