// Lighthouse budgets (DESIGN.md "Performance budgets"), mobile form factor, on the built server.
// Performance on a busy 2-core machine is noisy, so each page gets up to RUNS tries and the best
// run counts (the first that meets the page's budget, else the best performance score); the other
// categories are deterministic and come from that same run. A median of 3 for every page would
// triple the stage's time; the room's budget (docs/live-rooms.md) is held the same way.
// Also checks the JS budget: all scripts a page loads without interaction ≤ 40 KB gzip.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Config, Result } from 'lighthouse';
import { E2E_CLOCK_START, startServer } from '../e2e/support/server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { startHostFloor } from './host-floor.ts';

const RUNS = 3;
const JS_BUDGET_KB = 40;
const minimum: Record<string, number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
};
/**
 * Lighthouse's defaults without what weighs nothing in a score: the screenshots (a full-page one and
 * the filmstrip) and the back/forward-cache check, which navigates away and back. About 1.5 s a page.
 */
const LEAN: Config = {
  extends: 'lighthouse:default',
  settings: {
    disableFullPageScreenshot: true,
    skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'bf-cache'],
  },
};
/**
 * When a page with no script blocks for this long or more (in any of FLOOR_RUNS audits after one to
 * warm the browser), the machine is one Lighthouse's 4× CPU model does not fit: there total blocking
 * time measures the host, not the page (docs/testing.md). It is then reported, not judged, and
 * performance is scored on the other metrics with their own weights; all else is judged as anywhere.
 * Any, not the median: on such a host the floor reads 45–365 ms run to run, and a floor misread as
 * quiet fails the whole run on the host; on a quiet machine the page has nothing to block with.
 */
const FLOOR_TBT_MS = 50;
const FLOOR_RUNS = 3;
/** The floor page's blocking time (hostFloorMs), measured before any page of the site. */
let floorMs = 0;
const hostBound = () => floorMs >= FLOOR_TBT_MS;
/** Performance as Lighthouse scores it, or without total blocking time on a host-bound machine. */
function perf(lhr: Result | null) {
  if (!lhr) return 0;
  if (!hostBound()) return Math.round((lhr.categories.performance.score ?? 0) * 100);
  const refs = lhr.categories.performance.auditRefs.filter(
    (r) => r.weight > 0 && r.id !== 'total-blocking-time',
  );
  const weight = refs.reduce((sum, r) => sum + r.weight, 0);
  const score = refs.reduce((sum, r) => sum + r.weight * (lhr.audits[r.id].score ?? 0), 0) / weight;
  return Math.round(score * 100);
}
/**
 * pages.json: a path, or {path, app: true, why, budget} for a page that is an application (the live
 * room: player and chat): its own budget (issue 39: performance, total blocking time, LCP, JS gzip)
 * instead of DESIGN.md's content-page one (JS ≤ 40 KB, performance ≥ 95); accessibility, best
 * practices and SEO as for every page.
 * LIGHTHOUSE_PAGES (comma-separated paths) audits just those, for a quick look while working.
 */
interface AppBudget {
  performance: number;
  tbtMs: number;
  lcpMs: number;
  jsKb: number;
}
type PageEntry = string | { path: string; app: true; why: string; budget: AppBudget };
const tbt = (lhr: Result) => lhr.audits['total-blocking-time'].numericValue ?? Infinity;
const lcp = (lhr: Result) => lhr.audits['largest-contentful-paint'].numericValue ?? Infinity;
/** What of an application page's budget a run misses (its JS is counted once, on the best run). */
function missed(b: AppBudget, lhr: Result): string[] {
  return [
    perf(lhr) < b.performance ? `performance ${perf(lhr)} < ${b.performance}` : '',
    !hostBound() && tbt(lhr) >= b.tbtMs
      ? `total blocking time ${Math.round(tbt(lhr))} ms ≥ ${b.tbtMs} ms`
      : '',
    lcp(lhr) >= b.lcpMs ? `largest contentful paint ${Math.round(lcp(lhr))} ms ≥ ${b.lcpMs} ms` : '',
  ].filter(Boolean);
}
const listed: PageEntry[] = JSON.parse(readFileSync(new URL('./pages.json', import.meta.url), 'utf8'));
const pages = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(',').map((p) => listed.find((e) => pathOf(e) === p) ?? p)
  : listed;
function pathOf(e: PageEntry) {
  return typeof e === 'string' ? e : e.path;
}

const server = await startServer({ SIM_START: E2E_CLOCK_START });
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
const audit = async (url: string) =>
  (
    await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(minimum) },
      LEAN,
    )
  )?.lhr;

/** The most the script-free floor page (host-floor.ts) blocked; stops once it is over FLOOR_TBT_MS. */
async function hostFloorMs(): Promise<number> {
  const floor = await startHostFloor();
  const measured: number[] = [];
  try {
    await audit(floor.url);
    for (let run = 0; run < FLOOR_RUNS && Math.max(0, ...measured) < FLOOR_TBT_MS; run++) {
      const lhr = await audit(floor.url);
      if (lhr && !lhr.runtimeError) measured.push(tbt(lhr));
    }
  } finally {
    await floor.stop();
  }
  return Math.max(0, ...measured);
}

/** gzip size of the page's inline scripts plus every script it fetched. */
async function jsGzipBytes(url: string, lhr: Result): Promise<number> {
  const html = await (await fetch(url)).text();
  const inline = [
    ...html.matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ];
  const items = (
    lhr.audits['network-requests'].details as { items: { url: string; resourceType?: string }[] }
  ).items;
  const scripts = new Set(items.filter((i) => i.resourceType === 'Script').map((i) => i.url));
  const bodies = await Promise.all(
    [...scripts].map(async (src) => Buffer.from(await (await fetch(src)).arrayBuffer())),
  );
  return [...inline.map((m) => Buffer.from(m[1])), ...bodies].reduce((sum, b) => sum + gzipSync(b).length, 0);
}

/**
 * `{footballMatch}` in a path is a football match of the simulated calendar, which follows the real
 * one: today's first, else the nearest day's (a weekday in Beijing may have none). A fixed id would
 * not exist on another day.
 */
async function resolve(path: string): Promise<string> {
  if (!path.includes('{footballMatch}')) return path;
  const { now } = (await (await fetch(`${server.url}/svc/live/clock`)).json()).data as { now: number };
  const dayOf = (offset: number) =>
    new Date(now + 8 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  for (const offset of [0, -1, 1, -2, 2, -3, 3]) {
    const res = await fetch(`${server.url}/svc/live/football/schedule?date=${dayOf(offset)}`);
    const [first] = (await res.json()).data as { id: number }[];
    if (first) return path.replace('{footballMatch}', String(first.id));
  }
  throw new Error('no football match within three days of the feed clock');
}

const rows: string[][] = [];
const failures: string[] = [];
try {
  floorMs = await hostFloorMs();
  for (const entry of pages) {
    const path = await resolve(pathOf(entry));
    const url = server.url + path;
    let best: Result | null = null;
    let error = '';
    let tries = 0;
    const met = (lhr: Result) =>
      typeof entry === 'string' ? perf(lhr) >= minimum.performance : missed(entry.budget, lhr).length === 0;
    while (tries < RUNS && (!best || !met(best))) {
      tries++;
      const lhr = await audit(url);
      // A run that could not load the page (seen once: a spurious CHROME_INTERSTITIAL_ERROR) is retried too.
      if (!lhr || lhr.runtimeError) {
        error = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result';
        console.warn(`${path}: run ${tries} failed: ${error}`);
      } else if (!best || met(lhr) || perf(lhr) > perf(best)) best = lhr;
    }
    if (!best) {
      rows.push([path, '-', '-', '-', '-', '-', '-', '-', String(tries)]);
      failures.push(`  ${path} could not be audited: ${error}`);
      continue;
    }
    const lhr = best;
    const scores = Object.keys(minimum).map((id) =>
      id === 'performance' ? perf(lhr) : Math.round((lhr.categories[id].score ?? 0) * 100),
    );
    const jsKb = (await jsGzipBytes(url, lhr)) / 1024;
    rows.push([
      path,
      ...scores.map(String),
      `${Math.round(tbt(lhr))} ms`,
      `${(lcp(lhr) / 1000).toFixed(1)} s`,
      `${jsKb.toFixed(1)} KB`,
      String(tries),
    ]);
    const isApp = typeof entry !== 'string';
    for (const [i, id] of Object.keys(minimum).entries()) {
      if (scores[i] >= minimum[id] || (isApp && id === 'performance')) continue;
      const audits = lhr.categories[id].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => `      - ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      failures.push(`  ${path} ${id} ${scores[i]} < ${minimum[id]}:\n${audits.join('\n')}`);
    }
    if (typeof entry === 'string' && jsKb > JS_BUDGET_KB)
      failures.push(`  ${path} JS ${jsKb.toFixed(1)} KB gzip > ${JS_BUDGET_KB} KB`);
    if (isApp) {
      const over = missed(entry.budget, lhr);
      if (jsKb >= entry.budget.jsKb) over.push(`JS ${jsKb.toFixed(1)} KB gzip ≥ ${entry.budget.jsKb} KB`);
      if (over.length) failures.push(`  ${path} (application budget): ${over.join('; ')}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const header = ['page', 'perf', 'a11y', 'best-pr', 'seo', 'TBT', 'LCP', 'JS gzip', 'runs'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
console.log(
  `\nminimum: ${Object.entries(minimum)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}; JS ≤ ${JS_BUDGET_KB} KB gzip; application pages: their budget in pages.json`,
);
console.log(
  hostBound()
    ? `host floor: a page with no script blocked ${Math.round(floorMs)} ms (≥ ${FLOOR_TBT_MS} in one of ${FLOOR_RUNS} runs): on this machine total blocking time is the host's, so it is reported, not judged, and performance is scored without it`
    : `host floor: a page with no script blocked ${Math.round(floorMs)} ms at most in ${FLOOR_RUNS} runs (< ${FLOOR_TBT_MS}): every budget judged`,
);
if (failures.length) {
  console.log(`\nLighthouse budgets missed:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('Lighthouse budgets met');
