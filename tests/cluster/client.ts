import { request as httpRequest } from 'node:http';
import { WebSocket } from 'ws';
import { aesEncrypt } from '../../src/lib/captcha-crypto.ts';
import { WS_CODE, type Frame } from '../../src/lib/realtime/codes.ts';
import { answerFor } from '../../src/server/services/captcha/plan.ts';
import { loginForm } from '../support/login-form.ts';

/** The seeds the cluster's instances run with (tests only: captchas and SMS codes are derivable). */
export const TEST_SEEDS = { CAPTCHA_TEST_SEED: 'cluster-seed', SMS_TEST_SEED: 'cluster-seed' };

export interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
}

/**
 * A client address of its own for a test client: load tests are many clients, not one. Every
 * 127.x.y.z is this machine's on Linux, so a client that connects from one really is another address
 * to nginx, which passes it on (a header the client writes itself is not believed).
 */
export const loopbackClient = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** fetch's answer, from a connection made from `localAddress`. */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { ...init, localAddress, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text: async () => text });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/** One /svc call against `base` (nginx or one instance), from client address `ip` when given. */
export async function svc(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  opts: { body?: Record<string, unknown>; token?: string; json?: boolean; ip?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.accessToken = opts.token;
  let url = `${base}/svc${path}`;
  let body: string | undefined;
  if (method === 'GET' && opts.body) url += `?${new URLSearchParams(opts.body as Record<string, string>)}`;
  else if (opts.body && opts.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  } else if (opts.body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.body as Record<string, string>).toString();
  }
  const res = opts.ip
    ? await requestFrom(opts.ip, url, { method, headers, body })
    : await fetch(url, { method, headers, body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  try {
    return { status: res.status, ...(JSON.parse(text) as Omit<Reply, 'status'>) };
  } catch {
    return { status: res.status, code: res.status, msg: text.slice(0, 200), data: null };
  }
}

/** Password login as the client does it: a dynamic key from `base`, the password sealed with it. */
export async function login(base: string, mobile: string, password = 'demo123456'): Promise<string> {
  const key = (await svc(base, 'GET', '/user/key/getDynamicKey')).data;
  const res = await svc(base, 'POST', '/user/login', { body: loginForm(mobile, key, password) });
  if (res.code !== 200) throw new Error(`login ${mobile} via ${base}: ${res.msg}`);
  return res.data.token;
}

/** A solved click-word captcha (what a code request needs): fetched through `getVia`, checked through `checkVia`. */
export async function captchaVerification(getVia: string, checkVia = getVia): Promise<string> {
  const got = await fetch(`${getVia}/svc/inform/captcha/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaType: 'clickWord' }),
  }).then((r) => r.json() as Promise<{ repData: { token: string; secretKey: string } }>);
  const { token, secretKey } = got.repData;
  const point = JSON.stringify(answerFor(TEST_SEEDS.CAPTCHA_TEST_SEED, token).points);
  const checked = await fetch(`${checkVia}/svc/inform/captcha/check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ captchaType: 'clickWord', token, pointJson: aesEncrypt(point, secretKey) }),
  }).then((r) => r.json() as Promise<{ repCode: string; repData: { captchaVerification: string } }>);
  if (checked.repCode !== '0000') throw new Error(`captcha refused: ${JSON.stringify(checked)}`);
  return checked.repData.captchaVerification;
}

export interface ClientSocket {
  ws: WebSocket;
  frames: Frame<any>[];
  /** Resolves with the first frame (already received or coming) that matches; fails after `ms`. */
  next(match: (f: Frame<any>) => boolean, ms?: number): Promise<Frame<any>>;
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A socket the way the browser opens one: connection info from `base`'s /imapi/websocket, then the
 * address it names, then 10014 with the access token and a subscription to `channel`.
 */
export async function openSocket(
  base: string,
  channel: string,
  token?: string,
  ip?: string,
): Promise<ClientSocket> {
  const info = await svc(base, 'POST', '/imapi/websocket', { token, json: true, body: {}, ip });
  const addr = info.data.lotteryAddress[0];
  const url = `${addr.protocol}://${addr.host}:${addr.port}/ws?token=${encodeURIComponent(info.data.token)}`;
  const ws = new WebSocket(url, ip ? { localAddress: ip } : {});
  const frames: Frame<any>[] = [];
  const waiters: { match: (f: Frame<any>) => boolean; resolve: (f: Frame<any>) => void }[] = [];
  ws.on('message', (raw) => {
    const s = raw.toString();
    if (!s.startsWith('{')) return;
    const f = JSON.parse(s) as Frame<any>;
    frames.push(f);
    for (const w of waiters.filter((x) => x.match(f))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(f);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = (match: (f: Frame<any>) => boolean, ms = 5_000) => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Frame<any>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame in time')), ms);
      waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  };
  await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
  ws.send(JSON.stringify({ code: WS_CODE.auth, data: { accessToken: token ?? '' } }));
  await next((f) => f.code === WS_CODE.authOk);
  ws.send(JSON.stringify({ code: WS_CODE.subscribe, data: { channel } }));
  await next((f) => f.code === WS_CODE.subscribed && f.data.channel === channel);
  return { ws, frames, next, closed };
}
