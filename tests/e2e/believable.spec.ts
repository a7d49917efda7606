import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Issue 32 (items 8, 9, 11): a fan who walks the demo finds no Latin competition or country code (EPL,
 * LaLiga, ENG…) on a Chinese page, no placeholder for a team's name (主队 2-1 客队), no made-up game in the
 * home carousel, no invented person on a real team and no player named by his Latin spelling in Chinese
 * prose. The walk follows links from the sections' front pages, as a visitor would, and reads the text a
 * page shows (not its scripts or attributes).
 */
const CODE = /(?<![A-Za-z0-9])(EPL|BL|L1|SA|LaLiga|CSL|UCL)(?![A-Za-z0-9])/;
const DATA = new URL('../../src/server/seed/data/', import.meta.url);
const json = (rel: string) => JSON.parse(readFileSync(new URL(rel, DATA), 'utf8'));
/** A country by its FIFA code (国家/地区 ENG, 国籍 ARG): the data's codes, which a page names in Chinese. */
const NATION_CODE = new RegExp(
  `(?<![A-Za-z0-9])(${json('zh-names/nations_zh.json')
    .map((n: { fifa_code: string }) => n.fifa_code)
    .join('|')})(?![A-Za-z0-9])`,
);
/** A placeholder where a team's name belongs: "主队 2-1 客队", "主 VS 客" (the old carousel's art). */
const PLACEHOLDER_TEAMS =
  /[主客]队\s*(?:VS|vs|\d+\s*[-:：]\s*\d+)\s*[主客]队|(?<![\u4e00-\u9fff])[主客]\s*(?:VS|vs)\s*[主客](?![\u4e00-\u9fff])/;
const START = [
  '/',
  '/football',
  '/basketball',
  '/live/all',
  '/live/reserve',
  '/guide',
  '/community',
  '/news',
];
const START_DB = ['/database/fb', '/database/lq', '/recommend', '/youliao'];
const SKIP = /^\/(_astro|svc|media|ops|v\/|x\b|crests|login|register)/;

/** What a reader sees: tags, scripts and styles out; an original name marked lang="en" is expected. */
function shownText(html: string): string {
  return html
    .replace(/<(script|style)\b.*?<\/\1>/gs, '')
    .replace(/<span lang="en">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&');
}

/** The HTML pages of a walk from the sections' front pages, as a visitor clicks through them. */
async function walk(request: APIRequestContext, limit: number): Promise<{ path: string; html: string }[]> {
  const queue = [...START, ...START_DB];
  const seen = new Set<string>();
  const pages: { path: string; html: string }[] = [];
  while (queue.length && seen.size < limit) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const res = await request.get(path);
    if (res.status() !== 200 || !res.headers()['content-type']?.includes('text/html')) continue;
    const html = await res.text();
    pages.push({ path, html });
    for (const [, href] of html.matchAll(/href="(\/[^"#?]*)"/g))
      if (!seen.has(href) && !SKIP.test(href) && queue.length < 600) queue.push(href);
  }
  return pages;
}

/**
 * Both walk checks read the same 160 pages: the walk is made once per worker (the tests of a file
 * share one) and read by each; it reads only pages, so one test's checks cannot change the other's.
 */
let demoWalk: Promise<{ path: string; html: string }[]> | undefined;
const walkOnce = (request: APIRequestContext) => (demoWalk ??= walk(request, 160));

test('no page of a walk through the demo names a competition or a country by a Latin code, or a team by a placeholder', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const pages = await walkOnce(request);
  const found: string[] = [];
  for (const { path, html } of pages) {
    const text = shownText(html);
    for (const hit of [text.match(CODE), text.match(NATION_CODE), text.match(PLACEHOLDER_TEAMS)])
      if (hit)
        found.push(
          `${path}: …${text.slice(Math.max(0, hit.index! - 20), hit.index! + 20).replace(/\s+/g, ' ')}…`,
        );
  }
  expect(pages.length).toBeGreaterThan(100);
  expect(found).toEqual([]);
});

/** Issue 32 item 11: who the roster sources put on a real team (football: anywhere; NBA: that team). */
function rosterSource() {
  const football = new Set<string>([
    ...['en.1', 'es.1', 'de.1', 'it.1'].flatMap((code) =>
      json(`football/openfootball-squads-2023-24/${code}.squads.json`).teams.flatMap(
        (t: { players: { name: string }[] }) => t.players.map((p) => p.name),
      ),
    ),
    ...json('football/openfootball-worldcup-2026/worldcup.squads.json').flatMap(
      (n: { players: { name: string }[] }) => n.players.map((p) => p.name),
    ),
  ]);
  const nbaTeam = new Map<number, string>(
    json('basketball/nba_api-static/nba_teams.json').map((t: { id: number; full_name: string }) => [
      t.id,
      t.full_name,
    ]),
  );
  const nba = new Map<string, string>(
    json('basketball/nba_api-rosters-2025-26/nba_rosters_2025-26.json').map(
      (p: { name: string; team_id: number }) => [p.name, nbaTeam.get(p.team_id)!],
    ),
  );
  return { football, nba };
}

test('every person a walk through the demo shows on a team is in the roster sources, and no coach is made up', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const source = rosterSource();
  const pages = await walkOnce(request);
  const playerIds = new Set<number>();
  for (const { html } of pages)
    for (const [, id] of html.matchAll(/href="\/database\/(?:fb|lq)\/player\/(\d+)"/g))
      playerIds.add(Number(id));
  expect(playerIds.size).toBeGreaterThan(50);
  const api = async (path: string) => {
    const res = await request.get(`/svc/live${path}`);
    expect(res.status(), path).toBe(200);
    return (await res.json()).data;
  };
  const teamsById = new Map<number, { sport: number; name: string; nameZh: string }>();
  const strangers: string[] = [];
  // Every fifth player the walk links to (the gateway allows a visitor 600 calls a minute).
  for (const id of [...playerIds].filter((_, i) => i % 5 === 0)) {
    const p = await api(`/player/${id}`);
    if (!p.teamId) continue;
    if (!teamsById.has(p.teamId)) teamsById.set(p.teamId, await api(`/team/${p.teamId}`));
    const team = teamsById.get(p.teamId)!;
    const listed = p.generated
      ? /^\d+号$/.test(p.displayName)
      : p.sport === 1
        ? source.football.has(p.name)
        : source.nba.get(p.name) === team.name;
    if (!listed) strangers.push(`${p.displayName} (${p.name}) at ${team.nameZh}`);
  }
  expect(strangers).toEqual([]);
  // The clubs of those players: no source names a coach, so each page says there is none.
  expect(teamsById.size).toBeGreaterThan(5);
  for (const [id, team] of teamsById) {
    const path = `/database/${team.sport === 1 ? 'fb' : 'lq'}/team/${id}`;
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(shownText(await res.text()), path).toMatch(/主教练\s*暂无教练资料/);
  }
});

/** A run of capitalised Latin words, as a player's source spelling reads (Fredrik Jensen, Virgil van Dijk). */
const LATIN_RUN = /\p{Lu}[\p{L}'’.-]+(?:\s+(?:\p{Ll}{1,3}\s+)?\p{Lu}[\p{L}'’.-]+)+/gu;

test('text live, timelines and news reports name players in Chinese, not by their Latin spelling', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const { football, nba } = rosterSource();
  const spellings = new Set([...football, ...nba.keys()]);
  const latinNames = (text: string) =>
    [...text.matchAll(LATIN_RUN)].map((m) => m[0]).filter((m) => spellings.has(m));
  const api = async (path: string) => (await (await request.get(`/svc/live${path}`)).json()).data;
  const found: string[] = [];
  let lines = 0;
  for (const sport of ['football', 'basketball']) {
    const live = (await api(`/${sport}/text`)) as { id: number }[];
    for (const { id } of live.slice(0, 4)) {
      const texts = (await api(`/match/${id}/texts?limit=200`)) as { text: string }[];
      const events = (await api(`/match/${id}/events`)) as {
        playerName: string | null;
        otherPlayerName: string | null;
      }[];
      const said = [
        ...texts.map((t) => t.text),
        ...events.flatMap((e) => [e.playerName ?? '', e.otherPlayerName ?? '']),
      ];
      lines += said.length;
      for (const line of said) for (const n of latinNames(line)) found.push(`match ${id}: ${n} in “${line}”`);
    }
  }
  expect(lines).toBeGreaterThan(20);
  // The news reports among the walk's pages (战报 and the rest of the news prose).
  const news = (await walkOnce(request)).filter((p) => /^\/news\/\d+$/.test(p.path));
  for (const { path, html } of news) for (const n of latinNames(shownText(html))) found.push(`${path}: ${n}`);
  expect(found).toEqual([]);
});

test('a focus-match banner shows the real match it opens, not a made-up game', async ({ page, request }) => {
  const { data } = await (await request.get('/svc/api/banner/list?channelId=3&platform=1')).json();
  const target = (data as { targetId?: string }[]).find((b) => b.targetId?.match(/^football\/live\/\d+$/));
  expect(target, 'the demo has a football focus banner').toBeTruthy();
  const id = Number(target!.targetId!.split('/')[2]);
  const match = (await (await request.get(`/svc/live/match/${id}`)).json()).data;
  await page.goto('/');
  const slide = page.locator(`banner-carousel a[href="/${target!.targetId}"]`);
  await expect(slide).toContainText(match.home.name);
  await expect(slide).toContainText(match.away.name);
  await expect(slide).toContainText(match.competition.name);
});
