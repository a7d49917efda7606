// The query-string part of `npm run bench` (alone: `npm run bench -- --queries`), issue #42. One client
// (one address) opens BENCH_SPIKE_CONNECTIONS (500) connections to a page for BENCH_SPIKE_SECONDS (20),
// first on its plain URL, then with a different random query string on every request (`?utm_source=…&x=…`,
// parameters no page reads, as a crawler's tracking tags), while BENCH_CONNECTIONS (20) visitors from other
// addresses read the plain URL. Goal: the random queries give no error and p99 < 1 s, and the visitors'
// p99 stays what it is beside the same crowd on the plain URL (at most 1.5× it, or 50 ms more).
import autocannon from 'autocannon';
import { randomIp } from './stats.ts';

type Result = Awaited<ReturnType<typeof autocannon>>;
type Row = [test: string, rate: string, p50: string, p99: string, ok: string, failed: string];

interface Settings {
  connections: number;
  visitors: number;
  seconds: number;
}

const BROWSER = { 'accept-encoding': 'br, gzip' };
/** The one client of the crowd (TEST-NET-3, never a real visitor's address). */
const CROWD_IP = '203.0.113.7';
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A crowd on `path` (random query strings or not) and the plain-URL visitors beside it, together. */
async function crowdAndVisitors(base: string, path: string, randomQueries: boolean, s: Settings) {
  let n = 0;
  const crowd = autocannon({
    url: base + path,
    connections: s.connections,
    duration: s.seconds,
    headers: { ...BROWSER, 'x-forwarded-for': CROWD_IP },
    requests: randomQueries
      ? [
          {
            setupRequest: (req) => ({
              ...req,
              path: `${path}?utm_source=${Math.random().toString(36).slice(2)}&x=${n++}`,
            }),
          },
        ]
      : undefined,
  });
  const visitors = autocannon({
    url: base + path,
    connections: s.visitors,
    duration: s.seconds,
    headers: BROWSER,
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) },
    ],
  });
  return { crowd: await crowd, visitors: await visitors };
}

const failedOf = (r: Result) => r.non2xx + r.errors + r.timeouts;
const row = (label: string, r: Result): Row => [
  label,
  `${r.requests.average.toFixed(0)} req/s`,
  ms(r.latency.p50),
  ms(r.latency.p99),
  String(r['2xx']),
  String(failedOf(r)),
];

export async function queryBench(base: string, matchPath: string | null, s: Settings) {
  const rows: Row[] = [];
  const notes: string[] = [];
  const paths = [...(matchPath ? [matchPath] : []), '/football'];
  if (!matchPath) notes.push('random queries: no football match in play today, /football only');
  for (const path of paths) {
    console.log(
      `random queries on ${path}: ${s.connections} connections from one address, ${s.seconds} s × 2`,
    );
    const plain = await crowdAndVisitors(base, path, false, s);
    const random = await crowdAndVisitors(base, path, true, s);
    rows.push(
      row(`crowd GET ${path}`, plain.crowd),
      row(`  visitors beside it`, plain.visitors),
      row(`crowd GET ${path}?random`, random.crowd),
      row(`  visitors beside it`, random.visitors),
    );
    const failed = failedOf(random.crowd);
    const p99 = random.crowd.latency.p99;
    const before = plain.visitors.latency.p99;
    const after = random.visitors.latency.p99;
    const kept = after <= Math.max(1.5 * before, before + 50) && failedOf(random.visitors) === 0;
    const met = failed === 0 && p99 < 1000 && kept;
    notes.push(
      `random queries on ${path}: ${failed} errors, p99 ${ms(p99)}; plain-URL visitors' p99 ${ms(after)} (${ms(before)} beside the plain crowd) (goal: no error, p99 < 1 s, visitors' p99 kept) ${met ? 'met' : 'NOT met'}`,
    );
  }
  return { rows, notes };
}
