// The logged-in part of `npm run bench` (alone: `npm run bench -- --fans`), issue #34. Each page a fan
// opens is read for BENCH_DURATION seconds by BENCH_CONNECTIONS connections, first as visitors, then
// as two logged-in demo fans (each request with one of their `token` cookies), in the same run. Goal:
// the logged-in rate ≥ 0.5× the visitor rate of the same page, p99 < 250 ms. The money pages
// (/v/wallet, the cashier /v/pay) render for each fan and are measured beside them, with no goal, and
// so are /parts/me, the header part a fan's browser asks for after each shared page, and the live
// room's welcome call, which brings a fan their part of the room. BENCH_PAGES (a comma-separated list
// of path beginnings, e.g. `/live/room,/guide/expert`) measures only the pages and calls that match.
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

/** Whether BENCH_PAGES lets `path` be measured (all without it). */
function chosen(path: string): boolean {
  const wanted = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  return !wanted?.length || wanted.some((w) => path.startsWith(w));
}

/** The first link on `path` whose address matches `pattern` (its first group). */
async function firstLink(base: string, path: string, pattern: RegExp): Promise<string | null> {
  return pattern.exec(await (await fetch(base + path)).text())?.[1] ?? null;
}

/**
 * The pages: fixed ones and the first match in play, live room, expert and circle found on the site.
 */
async function pagesOf(base: string, matchPath: string | null): Promise<string[]> {
  const [room, expert, circle] = await Promise.all([
    firstLink(base, '/live/all', /href="(\/live\/room\/\d+)"/),
    firstLink(base, '/guide/expert', /href="(\/guide\/expert\/info\/\d+)"/),
    firstLink(base, '/community', /href="\/community\/(\d+)"/),
  ]);
  return [
    '/',
    '/football',
    '/basketball',
    ...(matchPath ? [matchPath] : []),
    '/news/pages',
    '/news/1',
    '/community',
    '/guide',
    ...(expert ? [expert] : []),
    ...(circle ? [`/community/circle-detail/${circle}`] : []),
    '/live/all',
    ...(room ? [room] : []),
    '/database/fb',
    '/database/lq',
  ].filter(chosen);
}

export async function fanBench(
  base: string,
  s: { connections: number; seconds: number; matchPath: string | null },
): Promise<{ rows: Row[]; notes: string[] }> {
  const tokens = await Promise.all(FANS.map((m) => tokenOf(base, m)));
  const rows: Row[] = [];
  /** Reads `path` (a POST of `body` to /svc when given, with the fan's accessToken as the site's client sends it). */
  const run = async (path: string, loggedIn: boolean, body?: Record<string, unknown>) => {
    console.log(
      `autocannon ${path}${loggedIn ? ' (logged in)' : ''}: ${s.connections} connections, ${s.seconds} s`,
    );
    let n = 0;
    const r = await autocannon({
      url: base + path,
      connections: s.connections,
      duration: s.seconds,
      headers: body ? { ...BROWSER, 'content-type': 'application/json' } : BROWSER,
      ...(body ? { method: 'POST' as const, body: JSON.stringify(body) } : {}),
      requests: [
        {
          setupRequest: (req) => {
            const token = tokens[n++ % tokens.length];
            const login: Record<string, string> = body
              ? { accesstoken: token }
              : { cookie: `token=${token}` };
            return {
              ...req,
              headers: { ...req.headers, 'x-forwarded-for': randomIp(), ...(loggedIn ? login : {}) },
            };
          },
        },
      ],
    });
    const failed = r.non2xx + r.errors + r.timeouts;
    rows.push([
      `${body ? 'POST' : 'GET'} ${path}${loggedIn ? ' (logged in)' : ''}`,
      `${r.requests.average.toFixed(0)} req/s`,
      ms(r.latency.p50),
      ms(r.latency.p99),
      String(r['2xx']),
      String(failed),
    ]);
    return { rate: r.requests.average, p99: r.latency.p99, failed };
  };
  const notes: string[] = [];
  const pages = await pagesOf(base, s.matchPath);
  for (const path of pages) {
    const visitor = await run(path, false);
    const fan = await run(path, true);
    const ratio = fan.rate / visitor.rate;
    const met = ratio >= RATIO_GOAL && fan.p99 < P99_GOAL_MS && fan.failed === 0;
    notes.push(
      `${path} logged in: ${ratio.toFixed(2)}× the visitor rate, p99 ${ms(fan.p99)}, ${fan.failed} failed (goal ≥ ${RATIO_GOAL}×, p99 < ${P99_GOAL_MS} ms) ${met ? 'met' : 'NOT met'}`,
    );
  }
  // What a fan's room asks for as it loads: the welcome with their part of the room (no goal).
  const room = pages.find((p) => p.startsWith('/live/room/'));
  if (room) {
    const welcome = '/svc/api/chat/welcome';
    const roomId = Number(room.split('/').at(-1));
    const visitor = await run(welcome, false, { roomId });
    const fan = await run(welcome, true, { roomId });
    notes.push(
      `${welcome} (the room's welcome; a fan's brings their part of the room; no goal): visitor ${visitor.rate.toFixed(0)} req/s, logged in ${fan.rate.toFixed(0)} req/s, p99 ${ms(fan.p99)}`,
    );
  }
  for (const path of ['/v/wallet', '/v/pay'].filter(chosen)) {
    const fan = await run(path, true);
    notes.push(
      `${path} logged in (renders for each fan; no goal): ${fan.rate.toFixed(0)} req/s, p99 ${ms(fan.p99)}`,
    );
  }
  // What a fan's browser asks for after each shared page: their header part (no goal).
  if (chosen('/parts/me')) {
    const part = await run('/parts/me', true);
    notes.push(
      `/parts/me logged in (each fan page's header part, from the browser; no goal): ${part.rate.toFixed(0)} req/s, p99 ${ms(part.p99)}`,
    );
  }
  return { rows, notes };
}
