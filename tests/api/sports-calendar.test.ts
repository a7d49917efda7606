import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/sports/time.ts';
import { competitions, seasons } from '../../src/server/db/schema/sports-core.ts';
import { footballSeasonName } from '../../src/server/sports/import/catalog.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';
import { targets } from '../support/context.ts';

/** The simulated present on the real calendar: the current seasons, their tables, 足彩 and the model page. */
describe.each(targets())('sports calendar on $name', (target) => {
  let b: SportsBench;
  let today: string;
  beforeAll(async () => {
    b = await createSportsBench(target);
    today = b.app.services.sports.lists.today();
  }, 300_000);
  afterAll(() => b?.close());

  const currentSeason = async (key: string) =>
    (
      await b.app.db
        .select({ id: seasons.id, name: seasons.name, generated: seasons.generated })
        .from(seasons)
        .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
        .where(and(eq(competitions.key, key), eq(seasons.isCurrent, true)))
    )[0];

  it('the current season is the one of today, its table consistent with its results', async () => {
    const season = await currentSeason('en.1');
    expect(season.name).toBe(footballSeasonName('en.1', today));
    const table = (await b.get(`/live/season/${season.id}/standings`)).data;
    const rows = table.groups[0].rows;
    expect(rows).toHaveLength(20);
    for (const r of rows) {
      expect(r.played).toBe(r.won + r.drawn + r.lost);
      expect(r.points).toBe(r.won * 3 + r.drawn);
      expect(r.goalDiff).toBe(r.goalsFor - r.goalsAgainst);
    }
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].points).toBeGreaterThanOrEqual(rows[i].points);
    const goals = rows.reduce((a: number, r: any) => a + r.goalsFor, 0);
    expect(goals).toBe(rows.reduce((a: number, r: any) => a + r.goalsAgainst, 0));
    // Every club has played about as many rounds as the calendar has had (one a round).
    const played = rows.map((r: any) => r.played);
    expect(Math.max(...played) - Math.min(...played)).toBeLessThanOrEqual(2);
    const results = (await b.get(`/live/season/${season.id}/matches`)).data.filter(
      (m: any) => m.phase === 'finished',
    );
    expect(played.reduce((a: number, n: number) => a + n, 0)).toBe(results.length * 2);
  });

  it('NBA standings rank by winning percentage, more wins first at the same percentage', async () => {
    const season = await currentSeason('nba');
    const table = (await b.get(`/live/season/${season.id}/standings`)).data;
    for (const g of table.groups)
      for (let i = 1; i < g.rows.length; i++) {
        const [a, c] = [g.rows[i - 1], g.rows[i]];
        expect(a.winPct).toBeGreaterThanOrEqual(c.winPct);
        if (a.winPct === c.winPct) expect(a.won - a.lost).toBeGreaterThanOrEqual(c.won - c.lost);
      }
  });

  /** Each team's record counted from the season's finished results. */
  const recordsOf = async (seasonId: number) => {
    const results = (await b.get(`/live/season/${seasonId}/matches`)).data.filter(
      (m: any) => m.phase === 'finished',
    );
    const rec = new Map<number, { won: number; drawn: number; lost: number; for: number; against: number }>();
    const add = (id: number, us: number, them: number) => {
      const r = rec.get(id) ?? { won: 0, drawn: 0, lost: 0, for: 0, against: 0 };
      r[us > them ? 'won' : us < them ? 'lost' : 'drawn']++;
      r.for += us;
      r.against += them;
      rec.set(id, r);
    };
    for (const m of results) {
      add(m.home.id, m.home.score, m.away.score);
      add(m.away.id, m.away.score, m.home.score);
    }
    return rec;
  };

  it('each club’s line in the table is the count of its own results', async () => {
    const season = await currentSeason('en.1');
    const records = await recordsOf(season.id);
    const rows = (await b.get(`/live/season/${season.id}/standings`)).data.groups[0].rows;
    expect(records.size).toBeGreaterThan(0);
    for (const r of rows) {
      const mine = records.get(r.team.id) ?? { won: 0, drawn: 0, lost: 0, for: 0, against: 0 };
      expect([r.won, r.drawn, r.lost, r.goalsFor, r.goalsAgainst], r.team.name).toEqual([
        mine.won,
        mine.drawn,
        mine.lost,
        mine.for,
        mine.against,
      ]);
    }
  });

  it('each NBA team’s won–lost is the count of its own results, and no 1-0 team ranks above a 2-0 one', async () => {
    const season = await currentSeason('nba');
    const records = await recordsOf(season.id);
    const table = (await b.get(`/live/season/${season.id}/standings`)).data;
    expect(records.size).toBeGreaterThan(0);
    for (const g of table.groups) {
      for (const r of g.rows) {
        const mine = records.get(r.team.id) ?? { won: 0, lost: 0 };
        expect([r.won, r.lost], r.team.name).toEqual([mine.won, mine.lost]);
      }
      for (let i = 1; i < g.rows.length; i++)
        if (g.rows[i - 1].lost === 0 && g.rows[i].lost === 0)
          expect(g.rows[i - 1].won).toBeGreaterThanOrEqual(g.rows[i].won);
    }
  });

  it('serves a finished match’s text live newest first, each line’s minute no later than the one above', async () => {
    // The simulator played these with commentary (backfilled rounds carry results only).
    const finished = [];
    for (let d = -1; d >= -3; d--)
      finished.push(
        ...(await b.get(`/live/football/finished?date=${addDays(today, d)}`)).data.filter(
          (m: any) => m.hasText,
        ),
      );
    let read = 0;
    for (const m of finished.slice(0, 5)) {
      const lines = (await b.get(`/live/match/${m.id}/texts?limit=200`)).data;
      if (!lines.length) continue;
      read++;
      for (let i = 1; i < lines.length; i++) {
        const [newer, older] = [lines[i - 1], lines[i]];
        expect(newer.seq).toBeGreaterThan(older.seq);
        expect((newer.period ?? 0) * 1000 + (newer.minute ?? 0)).toBeGreaterThanOrEqual(
          (older.period ?? 0) * 1000 + (older.minute ?? 0),
        );
      }
    }
    expect(read).toBeGreaterThan(0);
  });

  it('a 足彩 issue lists distinct clubs', async () => {
    const { issues } = (await b.get('/live/football/zc')).data;
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      const zc = (await b.get(`/live/football/zc?issue=${issue}`)).data;
      const teams = zc.matches.flatMap((m: any) => [m.home.id, m.away.id]);
      expect(new Set(teams).size).toBe(teams.length);
    }
  });

  it('the model page shows the model beside different implied probabilities', async () => {
    let compared = 0;
    let differ = 0;
    for (let d = 0; d <= 7; d++) {
      const page = (await b.get(`/live/football/model?date=${addDays(today, d)}`)).data;
      for (const m of page.matches) {
        if (!m.prediction.implied) continue;
        compared++;
        if (Math.abs(m.prediction.implied.home - m.prediction.model.home) > 0.01) differ++;
      }
      if (compared >= 10) break;
    }
    expect(compared).toBeGreaterThan(0);
    expect(differ).toBeGreaterThan(compared / 2);
  });
});
