import { readFileSync } from 'node:fs';
import { and, count, eq, isNotNull, like, sql } from 'drizzle-orm';
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
import { matches, matchLineups } from '../../src/server/db/schema/sports-match.ts';
import { importSports } from '../../src/server/sports/import/index.ts';
import { seasonTurnovers } from '../../src/server/sports/import/season-turnover.ts';
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

  const importedIn = async (competition: string, season: string, origin = 'import') => {
    const [row] = await t.app.db
      .select({ n: count() })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(eq(competitions.key, competition), eq(seasons.name, season), eq(matches.origin, origin)));
    return row.n;
  };
  const scored = (rel: string) =>
    json(rel).matches.filter((m: { score?: { ft?: number[] } }) => m.score?.ft).length as number;

  it('imports every fixture of every season file: 1,752 per complete big-five season', async () => {
    for (const season of ['2023-24', '2024-25']) {
      let total = 0;
      for (const code of BIG_FIVE) total += await importedIn(code, season);
      expect(total, season).toBe(1752);
    }
    // The last seasons: the real results as they are, the rest finished by simulation (演示).
    const last = [
      ...BIG_FIVE.map((code) => [
        code,
        '2025-26',
        `football/openfootball-football.json/2025-26/${code}.json`,
      ]),
      ['cn.1', '2025', 'football/openfootball-world-csl/2025_cn.1.json'],
    ];
    for (const [code, season, file] of last) {
      expect(await importedIn(code, season), code).toBe(scored(file));
      expect(await importedIn(code, season, 'finish'), code).toBe(fixtureCount(file) - scored(file));
    }
    expect(await importedIn('en.1', '2025-26', 'finish')).toBe(41);
    expect(await importedIn('uefa.cl', '2023-24')).toBe(125);
    expect(await importedIn('uefa.cl', '2024-25')).toBe(189);
    for (const y of ['2023', '2024'])
      expect(await importedIn('cn.1', y)).toBe(
        fixtureCount(`football/openfootball-world-csl/${y}_cn.1.json`),
      );
  });

  it('shows the finished fixtures as results marked 演示, the real ones without the mark', async () => {
    const [s] = await t.app.db
      .select({ id: seasons.id })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(eq(competitions.key, 'en.1'), eq(seasons.name, '2025-26')));
    const list = (await t.app.services.sports.data.seasonMatches(s.id))!;
    expect(list).toHaveLength(380);
    expect(list.every((m) => m.phase === 'finished')).toBe(true);
    expect(list.filter((m) => m.demo)).toHaveLength(41);
    expect(list.filter((m) => !m.demo)).toHaveLength(339);
    // The finished ones are the season's last: no real result comes after a simulated one.
    const firstDemo = list.filter((m) => m.demo).sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))[0];
    expect(list.filter((m) => !m.demo && m.kickoffAt > firstDemo.kickoffAt).length).toBeLessThan(5);
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

  it('keeps the 2023-24 squads and gives clubs no source lists numbered places, not invented people', async () => {
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
      .select({ generated: players.generated, name: players.name, nameZh: players.nameZh })
      .from(players)
      .where(like(players.key, 'gen:cba:%'));
    expect(cba.length).toBe(20 * 14);
    expect(cba.every((p) => p.generated && /^\d+号$/.test(p.name) && p.nameZh === p.name)).toBe(true);
    const [psg] = await t.app.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.key, 'fb:Paris Saint-Germain FC'));
    const psgPlayers = await t.app.db
      .select({ generated: players.generated, nameZh: players.nameZh })
      .from(players)
      .where(eq(players.teamId, psg.id));
    expect(psgPlayers.length).toBe(24);
    expect(psgPlayers.every((p) => p.generated && /^\d+号$/.test(p.nameZh ?? ''))).toBe(true);
  });

  it('puts the NBA 2025-26 rosters on their teams, carried to the current season', async () => {
    const source = json('basketball/nba_api-rosters-2025-26/nba_rosters_2025-26.json') as {
      name: string;
      team_id: number;
    }[];
    const nba = await t.app.db
      .select({ key: teams.key, name: players.name, nameZh: players.nameZh, generated: players.generated })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId))
      .where(like(teams.key, 'nba:%'));
    expect(nba.length).toBe(source.length);
    expect(nba.every((p) => !p.generated)).toBe(true);
    const utah = nba.filter((p) => p.key === 'nba:1610612762');
    // Authored Chinese names for the well-known; the others are transliterated (names-zh/).
    expect(utah.find((p) => p.name === 'Lauri Markkanen')?.nameZh).toBe('劳里·马尔卡宁');
    expect(utah.find((p) => p.name === 'Kyle Filipowski')?.nameZh).toBe('菲利波夫斯基');
    expect(nba.find((p) => p.name === 'Donovan Mitchell')?.key).toBe('nba:1610612739');
    // Each player is in the 2025-26 list's season and in the current one (carried, 演示数据).
    const rows = await t.app.db
      .select({ season: seasons.name, generated: seasons.generated })
      .from(squads)
      .innerJoin(seasons, eq(seasons.id, squads.seasonId))
      .innerJoin(players, eq(players.id, squads.playerId))
      .where(eq(players.name, 'Lauri Markkanen'));
    expect(rows.map((r) => r.season)).toContain('2025-26');
    expect(rows.some((r) => r.generated)).toBe(true);
    // That season has no game in the data: the competition does not offer it.
    const [league] = await t.app.db
      .select({ id: competitions.id })
      .from(competitions)
      .where(eq(competitions.key, 'nba'));
    const offered = (await t.app.services.sports.data.competition(league.id))!.seasons.map((s) => s.name);
    expect(offered).toContain('2024-25');
    expect(offered).not.toContain('2025-26');
  });

  it('names on a team only people of the roster sources', async () => {
    const source = new Set<string>([
      ...['en.1', 'es.1', 'de.1', 'it.1'].flatMap((code) =>
        json(`football/openfootball-squads-2023-24/${code}.squads.json`).teams.flatMap(
          (team: { players: { name: string }[] }) => team.players.map((p) => `fb|${p.name}`),
        ),
      ),
      ...json('football/openfootball-worldcup-2026/worldcup.squads.json').flatMap(
        (nation: { players: { name: string }[] }) => nation.players.map((p) => `fb|${p.name}`),
      ),
      ...json('basketball/nba_api-rosters-2025-26/nba_rosters_2025-26.json').map(
        (p: { name: string; team_id: number }) => `nba:${p.team_id}|${p.name}`,
      ),
    ]);
    const onTeams = await t.app.db
      .select({ key: teams.key, sport: players.sport, name: players.name, generated: players.generated })
      .from(players)
      .innerJoin(teams, eq(teams.id, players.teamId));
    const strangers = onTeams.filter((p) =>
      p.generated
        ? !/^\d+号$/.test(p.name)
        : !source.has(p.sport === 1 ? `fb|${p.name}` : `${p.key}|${p.name}`),
    );
    expect(strangers.map((p) => `${p.key} ${p.name}`)).toEqual([]);
    expect(onTeams.filter((p) => !p.generated).length).toBeGreaterThan(3000);
  });

  it('gives every real player a Chinese name: the authored one, else a transliteration', async () => {
    const authored = json('zh-names/players_zh.json') as Record<
      'football' | 'basketball',
      Record<string, string>
    >;
    const real = await t.app.db
      .select({
        id: players.id,
        sport: players.sport,
        name: players.name,
        nameZh: players.nameZh,
        teamId: players.teamId,
      })
      .from(players)
      .where(eq(players.generated, false));
    expect(real.length).toBeGreaterThan(3000);
    const table = (sport: number) => (sport === 1 ? authored.football : authored.basketball);
    // Authored entries win over the transliteration (萨拉赫, 劳里·马尔卡宁).
    const withEntry = real.filter((p) => table(p.sport)[p.name]);
    expect(withEntry.length).toBeGreaterThan(300);
    expect(withEntry.filter((p) => p.nameZh !== table(p.sport)[p.name])).toEqual([]);
    // Everyone else: Chinese characters only, never null, never a Latin letter.
    const latin = real.filter(
      (p) => !table(p.sport)[p.name] && !/^[\u3400-\u9fff·-]+$/u.test(p.nameZh ?? ''),
    );
    expect(latin.map((p) => `${p.name} → ${p.nameZh}`)).toEqual([]);
    // Two transliterated players of one club never read the same.
    const seen = new Map<string, string>();
    const twins: string[] = [];
    for (const p of real.filter((p) => !table(p.sport)[p.name] && p.teamId)) {
      const k = `${p.teamId}|${p.nameZh}`;
      if (seen.has(k)) twins.push(`${seen.get(k)} / ${p.name} → ${p.nameZh}`);
      seen.set(k, p.name);
    }
    expect(twins).toEqual([]);
  });

  it('gives the players of a database imported before the transliteration their Chinese names at start', async () => {
    const [spurs] = await t.app.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.key, 'fb:Tottenham Hotspur FC'));
    const before = await t.app.db
      .select({ id: players.id, name: players.name, nameZh: players.nameZh })
      .from(players)
      .where(and(eq(players.teamId, spurs.id), eq(players.generated, false)));
    const authored = json('zh-names/players_zh.json').football as Record<string, string>;
    const plain = before.filter((p) => !authored[p.name]);
    expect(plain.length).toBeGreaterThan(5);
    // As an earlier import left them: no Chinese name for the players without an authored one.
    await t.app.db
      .update(players)
      .set({ nameZh: null })
      .where(sql`${players.id} in ${plain.map((p) => p.id)}`);
    expect(
      await importSports(t.app.db, pino({ level: 'silent' }), { seed: 'import-test', today: '2026-11-22' }),
    ).toBe(false);
    const after = await t.app.db
      .select({ id: players.id, name: players.name, nameZh: players.nameZh })
      .from(players)
      .where(and(eq(players.teamId, spurs.id), eq(players.generated, false)));
    expect(after.sort((a, b) => a.id - b.id)).toEqual(before.sort((a, b) => a.id - b.id));
  });

  it('makes up no head coach: no source names one', async () => {
    const coached = await t.app.db
      .select({ key: teams.key, coach: teams.coachZh })
      .from(teams)
      .where(isNotNull(teams.coachZh));
    expect(coached).toEqual([]);
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

  it('clears the made-up coaches of a database imported when coaches were generated', async () => {
    const [arsenal] = await t.app.db
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.key, 'fb:Arsenal FC'));
    // As an earlier import left it: a generated coach on the team and in a published lineup.
    await t.app.db
      .update(teams)
      .set({ coach: 'Ibrahim Moreau', coachZh: '易卜拉欣·莫罗', coachGenerated: true })
      .where(eq(teams.id, arsenal.id));
    const [m] = await t.app.db
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.homeTeamId, arsenal.id))
      .limit(1);
    await t.app.db
      .insert(matchLineups)
      .values({ matchId: m.id, side: 1, coach: '易卜拉欣·莫罗', publishedAt: new Date() });
    expect(
      await importSports(t.app.db, pino({ level: 'silent' }), { seed: 'import-test', today: '2026-11-22' }),
    ).toBe(false);
    const [after] = await t.app.db
      .select({ coach: teams.coach, coachZh: teams.coachZh, generated: teams.coachGenerated })
      .from(teams)
      .where(eq(teams.id, arsenal.id));
    expect(after).toEqual({ coach: null, coachZh: null, generated: false });
    const [lineup] = await t.app.db
      .select({ coach: matchLineups.coach })
      .from(matchLineups)
      .where(eq(matchLineups.matchId, m.id));
    expect(lineup.coach).toBeNull();
    await t.app.db.delete(matchLineups).where(eq(matchLineups.matchId, m.id));
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

    it('end the data’s last seasons with every club on (n−1)×2 games, the bottom the clubs that go down', async () => {
      for (const [comp, t2] of seasonTurnovers()) {
        const [s] = await t.app.db
          .select({ id: seasons.id })
          .from(seasons)
          .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
          .where(and(eq(competitions.key, comp), eq(seasons.name, t2.from)));
        const rows = (await t.app.services.sports.standings.table(s.id))!.groups[0].rows;
        const n = rows.length;
        expect(n, comp).toBe(t2.table.length);
        for (const r of rows) expect(r.played, `${comp} ${r.team.name}`).toBe((n - 1) * 2);
        const zhOf = new Map(
          await t.app.db
            .select({ name: teams.name, zh: teams.nameZh })
            .from(teams)
            .then((all) => all.map((x) => [x.name, x.zh] as const)),
        );
        expect(rows.map((r) => r.team.name)).toEqual(t2.table.map((c) => zhOf.get(c)));
      }
    });

    it('apply the deductions table: EPL 2023-24 Everton −8, Forest −4', async () => {
      const rows = new Map((await table('en.1', '2023-24')) as [string, number][]);
      expect(rows.get('曼城')).toBe(91);
      expect(rows.get('埃弗顿')).toBe(40);
      expect(rows.get('诺丁汉森林')).toBe(32);
    });
  });
});
