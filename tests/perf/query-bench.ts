// The query-string part of `npm run bench` (alone: `npm run bench -- --queries`), issue #42. One client
// (one address) opens BENCH_SPIKE_CONNECTIONS (500) connections to a page for BENCH_SPIKE_SECONDS (20),
// first on its plain URL, then with a different random query string on every request (`?utm_source=…&x=…`,
// parameters no page reads, as a crawler's tracking tags), while BENCH_CONNECTIONS (20) visitors from other
// addresses read the plain URL. Goal: the random queries give no error and p99 < 1 s, and the visitors'
// p99 stays what the plain URL's p99 is beside the same crowd on the plain URL (at most 1.5× it). Last, the
// same crowd on /football?league=N (a parameter the page reads, a new value each time): a figure, no goal.
import autocannon, { type Instance, type Result } from 'autocannon';
import { randomIp } from './stats.ts';

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

/** Query strings no page reads, as a crawler's tracking tags; new on every request. */
const randomQuery = (n: number) => `utm_source=${Math.random().toString(36).slice(2)}&x=${n}`;

/**
 * A crowd on `path` (with `query(n)` on its n-th request, or the plain URL) and the plain-URL
 * visitors beside it. The visitors connect first and are stopped when the crowd is done: 500 new
 * connections opened at once beside a busy server are accepted slowly (seconds), and a visitor
 * connecting behind them would measure that, not reading beside the crowd.
 */
async function crowdAndVisitors(
  base: string,
  path: string,
  query: ((n: number) => string) | null,
  s: Settings,
) {
  let visitors!: Instance;
  const visited = new Promise<Result>((resolve) => {
    visitors = autocannon(
      {
        url: base + path,
        connections: s.visitors,
        duration: s.seconds + 60,
        headers: BROWSER,
        requests: [
          { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) },
        ],
      },
      (_error, result) => resolve(result),
    );
  });
  await new Promise<void>((answered) => visitors.once('response', answered));
  let n = 0;
  const crowd = await autocannon({
    url: base + path,
    connections: s.connections,
    duration: s.seconds,
    headers: { ...BROWSER, 'x-forwarded-for': CROWD_IP },
    // The plain crowd builds each request too, so that both cost the bench's client (on the server's
    // two cores) the same and only the server's answers differ.
    requests: [{ setupRequest: (req) => ({ ...req, path: query ? `${path}?${query(n++)}` : path }) }],
  });
  visitors.stop();
  return { crowd, visitors: await visited };
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
    const plain = await crowdAndVisitors(base, path, null, s);
    const random = await crowdAndVisitors(base, path, randomQuery, s);
    rows.push(
      row(`crowd GET ${path}`, plain.crowd),
      row(`  visitors beside it`, plain.visitors),
      row(`crowd GET ${path}?random`, random.crowd),
      row(`  visitors beside it`, random.visitors),
    );
    const failed = failedOf(random.crowd);
    const p99 = random.crowd.latency.p99;
    // Beside the plain crowd, the crowd and the visitors read the same cached page: the crowd's p99
    // (thousands of samples more) is as much theirs, and steadier on a shared machine.
    const before = Math.max(plain.visitors.latency.p99, plain.crowd.latency.p99);
    const after = random.visitors.latency.p99;
    const kept = after <= 1.5 * before && failedOf(random.visitors) === 0;
    const met = failed === 0 && p99 < 1000 && kept;
    notes.push(
      `random queries on ${path}: ${failed} errors, p99 ${ms(p99)}; plain-URL visitors' p99 ${ms(after)} (${ms(before)} beside the plain crowd) (goal: no error, p99 < 1 s, visitors' p99 at most 1.5× that) ${met ? 'met' : 'NOT met'}`,
    );
  }
  // The same client asking only for what must render: a new value of a parameter /football reads.
  // Its share of renders (PAGE_RENDERS_PER_ADDRESS) renders, the rest is refused with the 429 page.
  console.log(
    `a declared parameter on /football: ${s.connections} connections from one address, ${s.seconds} s`,
  );
  const declared = await crowdAndVisitors(base, '/football', (n) => `league=${n + 1}`, s);
  rows.push(
    row('crowd GET /football?league=N', declared.crowd),
    row('  visitors beside it', declared.visitors),
  );
  const refused = declared.crowd.non2xx;
  notes.push(
    `a declared parameter with a new value each time from one address: ${refused} of ${refused + declared.crowd['2xx']} refused with 429; plain-URL visitors' p99 ${ms(declared.visitors.latency.p99)}, ${failedOf(declared.visitors)} errors`,
  );
  return { rows, notes };
}
