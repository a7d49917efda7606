import { readFileSync } from 'node:fs';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  competitions,
  players,
  publishedStandings,
  seasons,
  squads,
  teams,
} from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { importSports } from '../../src/server/sports/import/index.ts';
import { nameKey } from '../../src/server/sports/names.ts';
import { createTestContext, targets, type TestContext } from '../support/context.ts';

const DATA = new URL('../../src/server/seed/data/', import.meta.url);
const json = (rel: string) => JSON.parse(readFileSync(new URL(rel, DATA), 'utf8'));
const fixtureCount = (rel: string) => json(rel).matches.length as number;
const BIG_FIVE = ['en.1', 'es.1', 'de.1', 'it.1', 'fr.1'];

/** The import against the seed files it was made from (PGlite, and PostgreSQL when configured). */
describe.each(targets())('sports import on $name', (target) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(target, { SEED_SPORTS: '1', SPORTS_FEED: 'import', SIM_SEED: 'import-test' });
  }, 300_000);
  afterAll(() => t?.close());

  const importedIn = async (competition: string, season: string) => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(eq(competitions.key, competition), eq(seasons.name, season), eq(matches.origin, 'import')));
    return row.n;
  };

  it('imports every fixture of every season file: 1,752 per complete big-five season', async () => {
    for (const season of ['2023-24', '2024-25']) {
      let total = 0;
      for (const code of BIG_FIVE) total += await importedIn(code, season);
      expect(total, season).toBe(1752);
    }
    for (const code of BIG_FIVE) {
      expect(await importedIn(code, '2025-26')).toBe(
        fixtureCount(`football/openfootball-football.json/2025-26/${code}.json`),
      );
    }
    expect(await importedIn('uefa.cl', '2023-24')).toBe(125);
    expect(await importedIn('uefa.cl', '2024-25')).toBe(189);
    for (const y of ['2023', '2024', '2025'])
      expect(await importedIn('cn.1', y)).toBe(
        fixtureCount(`football/openfootball-world-csl/${y}_cn.1.json`),
      );
  });

  it('opens every competition circle with fan posts, before any basketball match exists', async () => {
    const rows = await t.app.db.execute(sql`
      select c.name, count(p.id)::int as n from circles c left join posts p on p.circle_id = c.id
      where c.competition_key is not null group by c.name`);
    const counts =
      (rows as unknown as { rows?: { name: string; n: number }[] }).rows ??
      (rows as unknown as { name: string; n: number }[]);
    expect(counts.length).toBe(9);
    for (const c of counts) expect(c.n, c.name).toBeGreaterThan(0);
  });

  it('gives every club of the fixtures a Chinese name from zh-names', async () => {
    const zh = new Map<string, string>(
      json('zh-names/football_clubs_zh.json').clubs.map((c: { name: string; zh: string }) => [c.name, c.zh]),
    );
    const clubs = await t.app.db
      .select({ name: teams.name, nameZh: teams.nameZh })
      .from(teams)
      .where(eq(teams.sport, 1));
    expect(clubs.length).toBeGreaterThan(150);
    for (const c of clubs) expect(c.nameZh, c.name).toBe(zh.get(c.name));
    const [arsenal] = await t.app.db.select().from(teams).where(eq(teams.key, 'fb:Arsenal FC'));
    expect(arsenal).toMatchObject({
      nameZh: '阿森纳',
      founded: 1886,
      venue: '酋长球场',
      city: '伦敦',
    });
    // Issue 32 item 8: grounds and cities read in Chinese on the team and match pages.
    const places = await t.app.db
      .select({ name: teams.name, venue: teams.venue, city: teams.city })
      .from(teams);
    const latin = places.filter((p) => /[A-Za-z]{2}/.test(`${p.venue ?? ''}${p.city ?? ''}`));
    expect(latin).toEqual([]);
    const nba = await t.app.db
      .select({ nameZh: teams.nameZh, conference: teams.conference })
      .from(teams)
      .where(like(teams.key, 'nba:%'));
    expect(nba).toHaveLength(30);
    expect(nba.filter((x) => x.conference === 'East')).toHaveLength(15);
    expect(await t.app.db.$count(teams, like(teams.key, 'cba:%'))).toBe(20);
  });

  it('keeps the 2023-24 squads and marks generated rosters as generated', async () => {
    const listed = ['en.1', 'es.1', 'de.1', 'it.1'].reduce(
      (n, code) =>
        n +
        json(`football/openfootball-squads-2023-24/${code}.squads.json`).teams.reduce(
          (a: number, team: { players: unknown[] }) => a + team.players.length,
          0,
        ),
      0,
    );
    const [real] = await t.app.db
      .select({ n: count() })
      .from(squads)
      .innerJoin(seasons, eq(seasons.id, squads.seasonId))
      .where(and(eq(squads.generated, false), eq(seasons.name, '2023-24')));
    expect(real.n).toBe(listed);
    const cba = await t.app.db
      .select({ generated: players.generated, nameZh: players.nameZh })
      .from(players)
      .where(like(players.key, 'gen:cba:%'));
    expect(cba.length).toBe(20 * 14);
    expect(cba.every((p) => p.generated && /^[\u4e00-\u9fa5]{2,3}$/.test(p.nameZh ?? ''))).toBe(true);
    const [psg] = await t.app.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.key, 'fb:Paris Saint-Germain FC'));
    const psgPlayers = await t.app.db
      .select({ generated: players.generated })
      .from(players)
      .where(eq(players.teamId, psg.id));
    expect(psgPlayers.length).toBe(24);
    expect(psgPlayers.every((p) => p.generated)).toBe(true);
    // The seed pack names no NBA player's team: every NBA roster is generated, 15 players each.
    const nba = await t.app.db
      .select({ generated: players.generated, name: players.name, nameZh: players.nameZh })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(like(teams.key, 'nba:%'));
    expect(nba.length).toBe(30 * 15);
    expect(nba.every((p) => p.generated && /^\p{Script=Han}+·\p{Script=Han}+$/u.test(p.nameZh ?? ''))).toBe(
      true,
    );
    expect(new Set(nba.map((p) => p.name)).size).toBe(nba.length);
    expect(new Set(nba.map((p) => p.nameZh)).size).toBe(nba.length);
    // No real basketball player is imported at all, with a team or without.
    expect(await t.app.db.$count(players, and(eq(players.sport, 2), eq(players.generated, false)))).toBe(0);
  });

  it('gives no generated player the name of a real one', async () => {
    const all = await t.app.db.select({ name: players.name, generated: players.generated }).from(players);
    const real = new Set(all.filter((p) => !p.generated).map((p) => nameKey(p.name)));
    expect(all.filter((p) => p.generated && real.has(nameKey(p.name))).map((p) => p.name)).toEqual([]);
  });

  it('gives every team a generated head coach, named like its players and never like a real one', async () => {
    const all = await t.app.db
      .select({
        key: teams.key,
        country: teams.country,
        coach: teams.coach,
        coachZh: teams.coachZh,
        generated: teams.coachGenerated,
      })
      .from(teams);
    expect(all.length).toBeGreaterThan(200);
    for (const c of all) {
      expect(c.generated, c.key).toBe(true);
      // Chinese clubs (中超, CBA) get a Chinese name with its pinyin; the others a Latin name and its transliteration.
      if (c.country === 'CHN') {
        expect(c.coachZh, c.key).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
        expect(c.coach, c.key).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      } else {
        expect(c.coachZh, c.key).toMatch(/^\p{Script=Han}+·\p{Script=Han}+$/u);
        expect(c.coach, c.key).toMatch(/^[A-Z][a-z]+ [A-Za-z ]+$/);
      }
    }
    expect(new Set(all.map((c) => c.coachZh)).size).toBe(all.length);
    // Nobody the seed pack lists (club squads, World Cup squads) and no player of the site.
    const listed = [
      ...['en.1', 'es.1', 'de.1', 'it.1'].flatMap((code) =>
        json(`football/openfootball-squads-2023-24/${code}.squads.json`).teams.flatMap(
          (team: { players: { name: string }[] }) => team.players.map((p) => p.name),
        ),
      ),
      ...json('football/openfootball-worldcup-2026/worldcup.squads.json').flatMap(
        (nation: { players: { name: string }[] }) => nation.players.map((p) => p.name),
      ),
    ];
    const authored = Object.entries(json('zh-names/players_zh.json').football as Record<string, string>);
    const people = await t.app.db.select({ name: players.name, nameZh: players.nameZh }).from(players);
    const taken = new Set([
      ...listed.map(nameKey),
      ...authored.flat().map(nameKey),
      ...people.map((p) => nameKey(p.name)),
      ...people.map((p) => p.nameZh),
    ]);
    expect(listed.length).toBeGreaterThan(1000);
    expect(
      all.filter((c) => taken.has(nameKey(c.coach!)) || taken.has(c.coachZh)).map((c) => c.coach),
    ).toEqual([]);
  });

  it('stores the published NBA 2024-25 table: 1,230 wins and 1,230 losses', async () => {
    const [row] = await t.app.db
      .select({
        w: sql<number>`sum(${publishedStandings.won})::int`,
        l: sql<number>`sum(${publishedStandings.lost})::int`,
        n: count(),
      })
      .from(publishedStandings);
    expect(row).toEqual({ w: 1230, l: 1230, n: 30 });
  });

  it('runs once: a second import changes nothing', async () => {
    const before = { matches: await t.app.db.$count(matches), players: await t.app.db.$count(players) };
    expect(
      await importSports(t.app.db, pino({ level: 'silent' }), { seed: 'import-test', today: '2026-11-22' }),
    ).toBe(false);
    expect({ matches: await t.app.db.$count(matches), players: await t.app.db.$count(players) }).toEqual(
      before,
    );
  });

  it('gives the teams of a database imported before coaches existed the same coaches', async () => {
    const some = await t.app.db
      .select({ id: teams.id, coach: teams.coach, coachZh: teams.coachZh })
      .from(teams)
      .where(inArray(teams.key, ['fb:Arsenal FC', 'cba:guangdong', 'nba:1610612747']));
    expect(some).toHaveLength(3);
    const ids = some.map((s) => s.id);
    await t.app.db
      .update(teams)
      .set({ coach: null, coachZh: null, coachGenerated: false })
      .where(inArray(teams.id, ids));
    expect(
      await importSports(t.app.db, pino({ level: 'silent' }), { seed: 'import-test', today: '2026-11-22' }),
    ).toBe(false);
    const after = await t.app.db
      .select({ id: teams.id, coach: teams.coach, coachZh: teams.coachZh })
      .from(teams)
      .where(inArray(teams.id, ids));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(some.sort((a, b) => a.id - b.id));
  });

  describe('standings computed from the results', () => {
    const table = async (competition: string, season: string) => {
      const [s] = await t.app.db
        .select({ id: seasons.id })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(and(eq(competitions.key, competition), eq(seasons.name, season)));
      const result = await t.app.services.sports.standings.table(s.id);
      return result!.groups[0].rows.map((r) => [r.team.name, r.points]);
    };

    it('equal the real 2024-25 tables', async () => {
      expect((await table('en.1', '2024-25'))[0]).toEqual(['利物浦', 84]);
      expect((await table('es.1', '2024-25')).slice(0, 2)).toEqual([
        ['巴萨', 88],
        ['皇马', 84],
      ]);
      expect((await table('it.1', '2024-25')).slice(0, 2)).toEqual([
        ['那不勒斯', 82],
        ['国际米兰', 81],
      ]);
      expect((await table('de.1', '2024-25'))[0]).toEqual(['拜仁', 82]);
      expect((await table('fr.1', '2024-25'))[0]).toEqual(['巴黎圣日耳曼', 84]);
      expect((await table('cn.1', '2024')).slice(0, 2)).toEqual([
        ['上海海港', 78],
        ['上海申花', 77],
      ]);
    });

    it('rank group stages by head-to-head first: UCL 2023-24 group H won by Barcelona over Porto on 12 points', async () => {
      const [s] = await t.app.db
        .select({ id: seasons.id })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(and(eq(competitions.key, 'uefa.cl'), eq(seasons.name, '2023-24')));
      const groups = (await t.app.services.sports.standings.table(s.id))!.groups;
      expect(groups.map((g) => g.name)).toEqual(['A组', 'B组', 'C组', 'D组', 'E组', 'F组', 'G组', 'H组']);
      expect(groups[7].rows.slice(0, 2).map((r) => [r.team.name, r.points])).toEqual([
        ['巴萨', 12],
        ['波尔图', 12],
      ]);
    });

    it('apply the deductions table: EPL 2023-24 Everton −8, Forest −4', async () => {
      const rows = new Map((await table('en.1', '2023-24')) as [string, number][]);
      expect(rows.get('曼城')).toBe(91);
      expect(rows.get('埃弗顿')).toBe(40);
      expect(rows.get('诺丁汉森林')).toBe(32);
    });
  });
});
