// The search part of `npm run bench` (alone: `npm run bench -- --search`): GET /svc/api/search/all
// over the seeded data, one request at a time so the figure is the time of one search, not of a
// queue. Each round waits out the server's result cache (SEARCH_CACHE_MS) so every figure is a real
// query, not a cache hit. Goal: p95 under 50 ms. Settings: BENCH_SEARCH_ROUNDS (30 rounds over the word list).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SEARCH_CACHE_MS } from '../../src/server/services/search/search.ts';
import { percentile, randomIp } from './stats.ts';

/** Chinese names, pinyin initials, English names, a single character, article words, a miss. */
const WORDS = [
  '曼城',
  'mc',
  'Man City',
  '湖人',
  'hr',
  '英超',
  '皇马',
  '利物浦',
  '萨拉赫',
  '城',
  '前瞻',
  '战报',
  '主播',
  'qzxwv',
];

const get = async (url: string) => {
  const res = await fetch(url, { headers: { 'x-forwarded-for': randomIp() } });
  return (await res.json()) as { code: number; data: { total: number } };
};

export async function searchBench(base: string, rounds: number) {
  const url = (w: string) => `${base}/svc/api/search/all?val=${encodeURIComponent(w)}`;
  // The index is built by the server's first sync job: wait until it answers.
  for (let i = 0; i < 120 && (await get(url('曼城'))).data.total === 0; i++) {
    await sleep(1000);
  }
  console.log(`search: ${rounds} rounds of ${WORDS.length} words, one at a time`);
  const times: number[] = [];
  let failed = 0;
  for (let r = 0; r < rounds; r++) {
    const roundStart = performance.now();
    for (const w of WORDS) {
      const t0 = performance.now();
      const body = await get(url(w));
      times.push(performance.now() - t0);
      if (body.code !== 200) failed++;
    }
    await sleep(Math.max(0, roundStart + SEARCH_CACHE_MS + 100 - performance.now()));
  }
  const sorted = times.sort((a, b) => a - b);
  const seconds = sorted.reduce((s, t) => s + t, 0) / 1000;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const p95 = percentile(sorted, 0.95);
  return {
    row: [
      'GET /svc/api/search/all',
      `${(sorted.length / seconds).toFixed(0)} req/s`,
      ms(percentile(sorted, 0.5)),
      ms(percentile(sorted, 0.99)),
      String(sorted.length - failed),
      String(failed),
    ] as [string, string, string, string, string, string],
    note: `search: p95 ${ms(p95)} (goal < 50 ms) ${p95 < 50 && failed === 0 ? 'met' : 'NOT met'}`,
  };
}
