import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { competitions, seasons, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { seasonTurnovers } from '../../src/server/sports/import/season-turnover.ts';
import { oneTarget } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/**
 * Issue #32 item 5, a season after the simulated 2026-27: a fresh install in September 2027 stores
 * the seasons before (their final tables decide the next), plays 2027-28 without the relegated
 * clubs and with the promoted ones (new clubs get their rows and numbered places), 中超 2027 the
 * same way, the Champions League with the leagues' new top clubs, and opens the league pages on
 * the new season.
 */
const START = Date.parse('2027-09-23T12:00:00+08:00');
const HOUR = 3_600_000;

async function seasonOf(b: SportsBench, comp: string, name: string) {
  const [s] = await b.app.db
    .select({ id: seasons.id, current: seasons.isCurrent })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(competitions.key, comp), eq(seasons.name, name)));
  return s;
}

async function games(b: SportsBench, comp: string, name: string) {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const s = await seasonOf(b, comp, name);
  return b.app.db
    .select({
      id: matches.id,
      state: matches.state,
      kickoffAt: matches.kickoffAt,
      home: home.key,
      away: away.key,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(eq(matches.seasonId, s.id));
}

const clubsOf = (list: { home: string; away: string }[]) => new Set(list.flatMap((m) => [m.home, m.away]));

/** Team keys in the order of the site's standings. */
async function table(b: SportsBench, comp: string, name: string): Promise<string[]> {
  const s = await seasonOf(b, comp, name);
  const rows = (await b.get(`/live/season/${s.id}/standings`)).data.groups[0].rows;
  const ids = rows.map((r: { team: { id: number } }) => r.team.id);
  const keys = await b.app.db
    .select({ id: teams.id, key: teams.key })
    .from(teams)
    .where(inArray(teams.id, ids));
  return ids.map((id: number) => keys.find((k) => k.id === id)!.key);
}

describe.each(oneTarget())('the seasons after the simulated 2026-27 on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
  }, 600_000);
  afterAll(() => b?.close());

  it('finishes 2026-27 as stored results and plays 2027-28 without its bottom three, with three promoted', async () => {
    const last = await games(b, 'en.1', '2026-27');
    expect(last).toHaveLength(380);
    for (const m of last) expect(m.state).toBe(FB.fullTime);
    const final = await table(b, 'en.1', '2026-27');
    expect(final).toHaveLength(20);
    const next = clubsOf(await games(b, 'en.1', '2027-28'));
    expect(next.size).toBe(20);
    for (const club of final.slice(17)) expect(next.has(club), club).toBe(false);
    for (const club of final.slice(0, 17)) expect(next.has(club), club).toBe(true);
    const promoted = [...next].filter((c) => !final.includes(c));
    expect(promoted).toHaveLength(3);
    // From the Championship: clubs of 2026-27's second tier as the data's turnover left it.
    const championship = seasonTurnovers()
      .get('en.1')!
      .secondTierNext.map((n) => `fb:${n}`);
    for (const club of promoted) expect(championship).toContain(club);
  });

  it('gives a promoted club new to the database its Chinese name, ground and numbered places to play', async () => {
    const next = await games(b, 'en.1', '2027-28');
    const final = new Set(await table(b, 'en.1', '2026-27'));
    const promoted = [...clubsOf(next)].filter((c) => !final.has(c));
    const rows = await b.app.db
      .select({ key: teams.key, nameZh: teams.nameZh, venue: teams.venue })
      .from(teams)
      .where(inArray(teams.key, promoted));
    for (const r of rows) expect(r.nameZh, r.key).not.toMatch(/[A-Za-z]{2}/);
    // Its next match is played by its plan, with two line-ups.
    const m = next
      .filter((x) => promoted.includes(x.home) || promoted.includes(x.away))
      .filter((x) => x.kickoffAt.getTime() > START)
      .sort((x, y) => x.kickoffAt.getTime() - y.kickoffAt.getTime())[0];
    b.clock.set(m.kickoffAt.getTime() + 3 * HOUR);
    await b.sim.syncTo(b.clock.now());
    const lineups = (await b.get(`/live/match/${m.id}/lineups`)).data;
    expect(lineups).toHaveLength(2);
    for (const side of lineups) expect(side.starters).toHaveLength(11);
    b.clock.set(START);
  });

  it('plays 中超 2027 without 2026’s bottom two and with the clubs relegated a year earlier', async () => {
    const final = await table(b, 'cn.1', '2026');
    expect(final).toHaveLength(16);
    const next = clubsOf(await games(b, 'cn.1', '2027'));
    expect(next.size).toBe(16);
    for (const club of final.slice(14)) expect(next.has(club), club).toBe(false);
    for (const club of seasonTurnovers().get('cn.1')!.relegated)
      expect(next.has(`fb:${club}`), club).toBe(true);
  });

  it('fills the Champions League 2027-28 from the top of the 2026-27 tables, Monaco counted in Ligue 1', async () => {
    const field = clubsOf(await games(b, 'uefa.cl', '2027-28'));
    expect(field.size).toBe(36);
    let places = 0;
    for (const comp of ['en.1', 'es.1', 'de.1', 'it.1', 'fr.1']) {
      const final = await table(b, comp, '2026-27');
      const mine = final.filter((c) => field.has(c));
      expect(mine.length, comp).toBeGreaterThanOrEqual(4);
      expect(mine, comp).toEqual(final.slice(0, mine.length));
      places += mine.length;
    }
    // The data's last field had 22 clubs of the five leagues (Monaco's among Ligue 1's).
    expect(places).toBe(22);
  });

  it('opens the league pages on the new season', async () => {
    for (const [comp, name] of [
      ['en.1', '2027-28'],
      ['cn.1', '2027'],
      ['uefa.cl', '2027-28'],
    ]) {
      const s = await seasonOf(b, comp, name);
      expect(s.current, comp).toBe(true);
      const [c] = await b.app.db
        .select({ id: competitions.id })
        .from(competitions)
        .where(eq(competitions.key, comp));
      expect((await b.get(`/live/league/${c.id}`)).data.currentSeasonId, comp).toBe(s.id);
    }
  });
});
