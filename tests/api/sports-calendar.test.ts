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
