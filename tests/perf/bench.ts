// npm run bench: HTTP throughput (autocannon), /ws fan-out and one busy live room on the built
// server. Prints one table; asserts nothing. Settings: BENCH_DURATION (s, 10), BENCH_CONNECTIONS (20),
// BENCH_WS_CLIENTS (1000), BENCH_WS_MESSAGES (100), BENCH_WS_INTERVAL_MS (10),
// BENCH_ROOM_CLIENTS (2000), BENCH_ROOM_RATE (chat/s, 20), BENCH_ROOM_SECONDS (30); BENCH_ROOM_CLIENTS=0 skips the room.
// Score changes (a real LiveScore, as the feed publishes it) to many sockets: BENCH_SCORE_CLIENTS (5000),
// BENCH_SCORE_MESSAGES (20), BENCH_SCORE_INTERVAL_MS (250); BENCH_SCORE_CLIENTS=0 skips it.
// DATABASE_URL / REDIS_URL, when set, are given to the server.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { CHANNEL, WS_CODE } from '../../src/lib/realtime/codes.ts';
import { publish } from '../../src/server/realtime/publish.ts';
import { createRedisPubSub } from '../../src/server/realtime/pubsub.ts';
import { startServer } from '../e2e/support/server.ts';
import { roomBench } from './room-bench.ts';
import { fanBench } from './fan-bench.ts';
import { queryBench } from './query-bench.ts';
import { searchBench } from './search-bench.ts';
import { startupBench } from './startup-bench.ts';
import { tcpFloor, type FloorRun } from './tcp-floor.ts';
import { percentile, randomIp } from './stats.ts';
import { benchSocket, frameText } from './bench-socket.ts';

// npm run bench -- --cluster N: the cluster bench instead (tests/perf/cluster-bench.ts);
// npm run bench -- --search: only the search figure (tests/perf/search-bench.ts);
// npm run bench -- --queries: only the random query strings (tests/perf/query-bench.ts);
// npm run bench -- --fans: only the logged-in fans against visitors, page by page (tests/perf/fan-bench.ts);
// npm run bench -- --startup: only first start, restart and idle RSS (tests/perf/startup-bench.ts);
// npm run bench -- --sockets: only the socket figures (fan-out, score change, the room).
const clusterAt = process.argv.indexOf('--cluster');
if (clusterAt !== -1) {
  const { clusterBench } = await import('./cluster-bench.ts');
  await clusterBench(Number(process.argv[clusterAt + 1] ?? 3) || 3);
  process.exit(0);
}

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const duration = num('BENCH_DURATION', 10);
const connections = num('BENCH_CONNECTIONS', 20);
const wsClients = num('BENCH_WS_CLIENTS', 1000);
const wsMessages = num('BENCH_WS_MESSAGES', 100);
const wsInterval = num('BENCH_WS_INTERVAL_MS', 10);
const scoreClients = num('BENCH_SCORE_CLIENTS', 5000);
const scoreMessages = num('BENCH_SCORE_MESSAGES', 20);
const scoreInterval = num('BENCH_SCORE_INTERVAL_MS', 250);
const room = {
  clients: num('BENCH_ROOM_CLIENTS', 2000),
  rate: num('BENCH_ROOM_RATE', 20),
  seconds: num('BENCH_ROOM_SECONDS', 30),
  seed: 'e2e-seed',
};
const { DATABASE_URL, REDIS_URL } = process.env;

type Row = [test: string, rate: string, p50: string, p99: string, ok: string, failed: string];
const rows: Row[] = [];
const notes: string[] = [];
const ms = (v: number) => `${v.toFixed(1)} ms`;

// First start with the seed, restart on the same data dir, idle RSS: own servers on PGlite, run before
// the main one so nothing else is running (BENCH_STARTUP=0 skips them).
const socketsOnly = process.argv.includes('--sockets');
const queriesOnly = process.argv.includes('--queries');
const fansOnly = process.argv.includes('--fans');
if (
  !process.argv.includes('--search') &&
  !socketsOnly &&
  !queriesOnly &&
  !fansOnly &&
  process.env.BENCH_STARTUP !== '0'
) {
  notes.push(...(await startupBench()).notes);
  if (process.argv.includes('--startup')) {
    for (const note of notes) console.log(note);
    process.exit(0);
  }
}

// TRUST_PROXY + a random X-Forwarded-For per request: many clients behind a proxy, so the
// per-IP API rate limit (600/min) does not turn the /svc run into a run of 429s.
const server = await startServer({
  TRUST_PROXY: '1',
  ...(DATABASE_URL ? { DATABASE_URL } : {}),
  ...(REDIS_URL ? { REDIS_URL } : {}),
});

/** What every browser sends: pages and files are measured as they travel to one. */
const BROWSER = { 'accept-encoding': 'br, gzip' };

async function http(path: string): Promise<number> {
  console.log(`autocannon ${path}: ${connections} connections, ${duration} s`);
  const r = await autocannon({
    url: server.url + path,
    connections,
    duration,
    headers: BROWSER,
    requests: [
      { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': randomIp() } }) },
    ],
  });
  rows.push([
    `GET ${path}`,
    `${r.requests.average.toFixed(0)} req/s`,
    ms(r.latency.p50),
    ms(r.latency.p99),
    String(r['2xx']),
    String(r.non2xx + r.errors + r.timeouts),
  ]);
  return r.requests.average;
}

/** Anonymous pages against a static file in the same run: the goal is ≥ 0.6× (issue: speed). */
const PAGES = [
  '/',
  '/football',
  '/basketball',
  '/live/all',
  '/database/fb',
  '/about/10001',
  '/next',
  '/news/pages',
  '/news/1',
];
const PAGE_GOAL = 0.6;

const spikeConnections = num('BENCH_SPIKE_CONNECTIONS', 500);
const spikeSeconds = num('BENCH_SPIKE_SECONDS', 20);

/** The page of a football match in play today, or null. */
async function liveMatchPath(): Promise<string | null> {
  const res = await fetch(`${server.url}/svc/live/football/live`);
  const [m] = ((await res.json()) as { data: { id: number }[] }).data;
  return m ? `/football/live/${m.id}` : null;
}

/** A goal's spike: BENCH_SPIKE_CONNECTIONS (500) readers on one match page for BENCH_SPIKE_SECONDS (20). */
async function spike() {
  const path = await liveMatchPath();
  if (!path) return void notes.push('spike skipped: no football match in play today');
  console.log(`spike ${path}: ${spikeConnections} connections, ${spikeSeconds} s`);
  const r = await autocannon({
    url: server.url + path,
    connections: spikeConnections,
    duration: spikeSeconds,
    headers: BROWSER,
  });
  const failed = r.non2xx + r.errors + r.timeouts;
  rows.push([
    `spike GET ${path}`,
    `${r.requests.average.toFixed(0)} req/s`,
    ms(r.latency.p50),
    ms(r.latency.p99),
    String(r['2xx']),
    String(failed),
  ]);
  notes.push(
    `spike: ${failed} errors, p99 ${ms(r.latency.p99)} (goal: no error, p99 < 1 s) ${failed === 0 && r.latency.p99 < 1000 ? 'met' : 'NOT met'}`,
  );
}

/**
 * The baseline is the site's stylesheet: a static file the size of a page (45 KB, 8 KB in brotli,
 * like /football), answered from memory in its build-time brotli form. A tiny file would measure
 * the bench's own client (one process on the same cores, parsing bigger bodies for pages) more than
 * the server. It is measured before the pages and again after them and the faster run counts: right
 * after start-up the background jobs are still catching up, which would flatter every ratio.
 */
async function pagesAgainstStatic() {
  const home = await (await fetch(server.url + '/')).text();
  const stylesheet = /\/_astro\/[^"']+\.css/.exec(home)?.[0];
  if (!stylesheet) throw new Error('no stylesheet linked from the home page');
  const before = await http(stylesheet);
  const rates = new Map<string, number>();
  for (const path of PAGES) rates.set(path, await http(path));
  const after = await http(stylesheet);
  await http('/logo.svg'); // a tiny file, for comparison only
  const staticRate = Math.max(before, after);
  notes.push(
    `static file (the stylesheet ${stylesheet}): ${before.toFixed(0)} req/s before the pages, ${after.toFixed(0)} after; the higher is the baseline`,
  );
  for (const [path, rate] of rates) {
    const ratio = rate / staticRate;
    notes.push(
      `${path}: ${ratio.toFixed(2)}× the static file (goal ≥ ${PAGE_GOAL}×) ${ratio >= PAGE_GOAL ? 'met' : 'NOT met'}`,
    );
  }
}

/** A visitor socket token (POST /svc/imapi/websocket without accessToken); it opens sockets for a minute. */
async function visitorToken(): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': randomIp() };
  const res = await fetch(`${server.url}/svc/imapi/websocket`, { method: 'POST', headers, body: '{}' });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The bench's own marks, last in each payload it publishes. */
const BENCH_SENT_AT = /"bench":true,"seq":\d+,"t":(\d+(?:\.\d+)?)/;

/** A visitor socket subscribed to scores:football; calls onBench for each bench delivery. */
async function openClient(token: string, onBench: (sentAt: number) => void): Promise<WebSocket> {
  const ws = benchSocket(server.url, token);
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  // Thousands of frames reach this one process at once, on the server's two cores: read the bench's
  // send time with a regex instead of parsing each frame, so the client adds as little as it can.
  ws.on('message', (raw) => {
    const text = frameText(raw);
    const sentAt = BENCH_SENT_AT.exec(text)?.[1];
    if (sentAt) onBench(Number(sentAt));
    else if (text.includes(`"code":${WS_CODE.subscribed}`)) subscribed();
  });
  await once(ws, 'open');
  ws.send(JSON.stringify({ code: WS_CODE.auth, data: { accessToken: '' } }));
  ws.send(JSON.stringify({ code: WS_CODE.subscribe, data: { channel: CHANNEL.football } }));
  await ready;
  return ws;
}

interface FanOutRun {
  label: string;
  clients: number;
  messages: number;
  intervalMs: number;
  /** What each message carries besides the bench marks (seq, send time). */
  payload(seq: number): Record<string, unknown>;
  /** The goal for p99, when it sets one. */
  goalP99Ms?: number;
}

async function fanOut(redisUrl: string, run: FanOutRun) {
  console.log(
    `ws fan-out (${run.label}): ${run.clients} clients on ${CHANNEL.football}, ${run.messages} messages every ${run.intervalMs} ms`,
  );
  const latencies: number[] = [];
  const onBench = (sentAt: number) => latencies.push(performance.now() - sentAt);
  const clients: WebSocket[] = [];
  // Beats from the first socket on: opening thousands takes longer than the 30 s idle limit.
  const beat = setInterval(
    () => clients.forEach((ws) => ws.readyState === WebSocket.OPEN && ws.send('0')),
    10_000,
  );
  for (let i = 0; i < run.clients; i += 100) {
    // A token per socket: the hub caps sockets per token.
    const batch = Array.from({ length: Math.min(100, run.clients - i) }, async () =>
      openClient(await visitorToken(), onBench),
    );
    clients.push(...(await Promise.all(batch)));
  }
  const pubsub = await createRedisPubSub(redisUrl); // a second connection to the server's pub/sub
  const started = performance.now();
  for (let seq = 0; seq < run.messages; seq++) {
    await publish(pubsub, CHANNEL.football, WS_CODE.scoreUpdate, {
      ...run.payload(seq),
      bench: true,
      seq,
      t: performance.now(),
    } as never); // a score update tagged for timing; the clients read only the tags
    await new Promise((r) => setTimeout(r, run.intervalMs));
  }
  const expected = run.clients * run.messages;
  // Wait for the stragglers until everything arrived or nothing arrived for 5 s.
  for (let last = -1; latencies.length < expected && latencies.length !== last;) {
    last = latencies.length;
    await new Promise((r) => setTimeout(r, 5_000));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(beat);
  clients.forEach((ws) => ws.close());
  await pubsub.close();
  const sorted = latencies.sort((a, b) => a - b);
  rows.push([
    `ws ${run.label} ${run.clients}×${run.messages}`,
    `${(latencies.length / seconds).toFixed(0)} msg/s`,
    ms(percentile(sorted, 0.5)),
    ms(percentile(sorted, 0.99)),
    `${latencies.length}/${expected}`,
    String(expected - latencies.length),
  ]);
  if (run.goalP99Ms) {
    const p99 = percentile(sorted, 0.99);
    const met = p99 < run.goalP99Ms && latencies.length === expected;
    notes.push(
      `ws ${run.label} to ${run.clients} sockets: p99 ${ms(p99)}, ${expected - latencies.length} lost (goal: p99 < ${run.goalP99Ms} ms, none lost) ${met ? 'met' : 'NOT met'}`,
    );
  }
}

/**
 * A real score change as the feed publishes it (WS_CODE.scoreUpdate on scores:football): the
 * live part of one of today's matches, a goal each time.
 */
async function scoreChange(): Promise<(seq: number) => Record<string, unknown>> {
  const res = await fetch(`${server.url}/svc/live/football/live`);
  const [m] = ((await res.json()) as { data: Record<string, any>[] }).data;
  if (!m) throw new Error('no football match today to publish a score change for');
  const sideOf = (s: Record<string, unknown>) => ({
    score: s.score,
    ht: s.ht,
    red: s.red,
    yellow: s.yellow,
    corner: s.corner,
    periods: s.periods,
  });
  const keys = [
    'id',
    'sport',
    'state',
    'stateName',
    'phase',
    'minute',
    'addedMinute',
    'period',
    'clockSeconds',
    'clockRunning',
    'clockAt',
    'ft',
    'et',
    'pk',
  ];
  const live = Object.fromEntries(keys.map((k) => [k, m[k]]));
  return (seq) => ({
    ...live,
    home: { ...sideOf(m.home), score: ((m.home.score as number) ?? 0) + seq + 1 },
    away: sideOf(m.away),
    highlight: { type: 'goal', side: 1 },
  });
}

/** One client's random query strings on a match page and /football (tests/perf/query-bench.ts). */
async function queryFigures() {
  const settings = { connections: spikeConnections, visitors: connections, seconds: spikeSeconds };
  const result = await queryBench(server.url, await liveMatchPath(), settings);
  rows.push(...result.rows);
  notes.push(...result.notes);
}

/** Logged-in fans against visitors on the pages they open (tests/perf/fan-bench.ts). */
async function fanFigures() {
  const result = await fanBench(server.url, {
    connections,
    seconds: duration,
    matchPath: await liveMatchPath(),
  });
  rows.push(...result.rows);
  notes.push(...result.notes);
}

/** One search at a time over the seeded data (tests/perf/search-bench.ts). */
async function searchFigure() {
  const result = await searchBench(server.url, num('BENCH_SEARCH_ROUNDS', 30));
  rows.push(result.row);
  notes.push(result.note);
}

const only = process.argv.includes('--search')
  ? searchFigure
  : socketsOnly
    ? socketFigures
    : queriesOnly
      ? queryFigures
      : fansOnly
        ? fanFigures
        : null;

try {
  if (only) await only();
  else await all();
} finally {
  await server.stop();
}

async function all() {
  await pagesAgainstStatic();
  await spike();
  await queryFigures();
  await fanFigures();
  await http('/svc/live/time');
  await searchFigure();
  await socketFigures();
}

async function socketFigures() {
  if (REDIS_URL) {
    if (wsClients > 0)
      await fanOut(REDIS_URL, {
        label: 'bench',
        clients: wsClients,
        messages: wsMessages,
        intervalMs: wsInterval,
        payload: () => ({}),
      });
    if (scoreClients > 0) {
      await fanOut(REDIS_URL, {
        label: 'score change',
        clients: scoreClients,
        messages: scoreMessages,
        intervalMs: scoreInterval,
        payload: await scoreChange(),
        goalP99Ms: 50,
      });
      await floor('score change', {
        sockets: scoreClients,
        messages: scoreMessages,
        intervalMs: scoreInterval,
        bytes: 600,
      });
    }
  } else
    notes.push(
      'ws fan-out skipped: it needs REDIS_URL (the bench publishes through Redis; the server has no other publish path).',
    );
  if (room.clients > 0) {
    const result = await roomBench(server.url, server.pid, room);
    rows.push(result.row);
    notes.push(...result.notes);
    await floor('room', {
      sockets: room.clients,
      messages: room.rate * room.seconds,
      intervalMs: 1000 / room.rate,
      bytes: 400,
    });
  }
}

/** The same fan-out over plain TCP between two processes (tests/perf/tcp-floor.ts): this machine's floor. */
async function floor(label: string, run: FloorRun) {
  console.log(
    `plain TCP floor (${label}): ${run.sockets} sockets, ${run.messages} messages every ${run.intervalMs} ms`,
  );
  const { p50, p99 } = await tcpFloor(run);
  notes.push(
    `  floor for the ${label} on this machine (plain TCP to ${run.sockets} sockets, no WebSocket, no server): p50 ${ms(p50)}, p99 ${ms(p99)}`,
  );
}

const header: Row = ['test', 'rate', 'p50', 'p99', 'ok', 'failed'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
console.log();
for (const r of [header, ...rows])
  console.log(
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
for (const note of notes) console.log(note);
