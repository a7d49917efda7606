// The logged-in part of `npm run bench` (alone: `npm run bench -- --fans`), issue #34. Each page a fan
// opens is read for BENCH_DURATION seconds by BENCH_CONNECTIONS connections, first as visitors, then
// as two logged-in demo fans (each request with one of their `token` cookies), in the same run. Goal:
// the logged-in rate ≥ 0.5× the visitor rate of the same page, p99 < 250 ms. The money pages
// (/v/wallet, the cashier /v/pay) render for each fan and are measured beside them, with no goal.
import autocannon from 'autocannon';
import { loginForm } from '../support/login-form.ts';
import { randomIp } from './stats.ts';

type Row = [test: string, rate: string, p50: string, p99: string, ok: string, failed: string];

const BROWSER = { 'accept-encoding': 'br, gzip' };
const FANS = ['13800000001', '13800000002'];
const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 250;
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function tokenOf(base: string, mobile: string): Promise<string> {
  const headers = { 'x-forwarded-for': randomIp() };
  const key = (await (await fetch(`${base}/svc/user/key/getDynamicKey`, { headers })).json()).data;
  const res = await fetch(`${base}/svc/user/login`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(loginForm(mobile, key)),
  });
  const answer = await res.json();
  if (!answer.data?.token) throw new Error(`login of ${mobile} refused: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}

/** The pages: fixed ones and the first match in play, live room and news article found on the site. */
async function pagesOf(base: string, matchPath: string | null): Promise<string[]> {
  const liveList = await (await fetch(`${base}/live/all`)).text();
  const room = /href="(\/live\/room\/\d+)"/.exec(liveList)?.[1];
  return [
    '/',
    '/football',
    '/basketball',
    ...(matchPath ? [matchPath] : []),
    '/news/pages',
    '/news/1',
    '/community',
    '/guide',
    '/live/all',
    ...(room ? [room] : []),
    '/database/fb',
    '/database/lq',
  ];
}

export async function fanBench(
  base: string,
  s: { connections: number; seconds: number; matchPath: string | null },
): Promise<{ rows: Row[]; notes: string[] }> {
  const tokens = await Promise.all(FANS.map((m) => tokenOf(base, m)));
  const rows: Row[] = [];
  const run = async (path: string, loggedIn: boolean) => {
    console.log(
      `autocannon ${path}${loggedIn ? ' (logged in)' : ''}: ${s.connections} connections, ${s.seconds} s`,
    );
    let n = 0;
    const r = await autocannon({
      url: base + path,
      connections: s.connections,
      duration: s.seconds,
      headers: BROWSER,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              'x-forwarded-for': randomIp(),
              ...(loggedIn ? { cookie: `token=${tokens[n++ % tokens.length]}` } : {}),
            },
          }),
        },
      ],
    });
    const failed = r.non2xx + r.errors + r.timeouts;
    rows.push([
      `GET ${path}${loggedIn ? ' (logged in)' : ''}`,
      `${r.requests.average.toFixed(0)} req/s`,
      ms(r.latency.p50),
      ms(r.latency.p99),
      String(r['2xx']),
      String(failed),
    ]);
    return { rate: r.requests.average, p99: r.latency.p99, failed };
  };
  const notes: string[] = [];
  for (const path of await pagesOf(base, s.matchPath)) {
    const visitor = await run(path, false);
    const fan = await run(path, true);
    const ratio = fan.rate / visitor.rate;
    const met = ratio >= RATIO_GOAL && fan.p99 < P99_GOAL_MS && fan.failed === 0;
    notes.push(
      `${path} logged in: ${ratio.toFixed(2)}× the visitor rate, p99 ${ms(fan.p99)}, ${fan.failed} failed (goal ≥ ${RATIO_GOAL}×, p99 < ${P99_GOAL_MS} ms) ${met ? 'met' : 'NOT met'}`,
    );
  }
  for (const path of ['/v/wallet', '/v/pay']) {
    const fan = await run(path, true);
    notes.push(
      `${path} logged in (renders for each fan; no goal): ${fan.rate.toFixed(0)} req/s, p99 ${ms(fan.p99)}`,
    );
  }
  return { rows, notes };
}
