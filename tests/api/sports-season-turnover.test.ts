import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, players, seasons, teams } from '../../src/server/db/schema/sports-core.ts';
import { matches } from '../../src/server/db/schema/sports-match.ts';
import { seasonTurnovers } from '../../src/server/sports/import/season-turnover.ts';
import { targets } from '../support/context.ts';
import { createSportsBench, type SportsBench } from '../support/sports.ts';

/**
 * Issue #32 item 5: the simulated seasons after the data's last ones are played by the clubs the
 * final tables leave: no relegated club, every promoted one. The clock is pinned on Saturday
 * 2026-11-28 (2026-27 at round 13, 中超 2026 over), so the stored rounds cover every club.
 */
const START = Date.parse('2026-11-28T20:00:00+08:00');

describe.each(targets())('the seasons after the turnover on $name', (target) => {
  let b: SportsBench;
  beforeAll(async () => {
    b = await createSportsBench(target, { start: START });
  }, 600_000);
  afterAll(() => b?.close());

  const clubsOf = async (comp: string, season: string) => {
    const home = alias(teams, 'home');
    const away = alias(teams, 'away');
    const rows = await b.app.db
      .select({ home: home.name, away: away.name })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(and(eq(competitions.key, comp), eq(seasons.name, season), eq(matches.origin, 'sim')));
    return [...new Set(rows.flatMap((r) => [r.home, r.away]))].sort();
  };

  it('plays each league’s next season with the clubs its final table leaves, the promoted ones in', async () => {
    for (const [comp, t] of seasonTurnovers()) {
      const clubs = await clubsOf(comp, t.to);
      expect(clubs, comp).toEqual(t.clubs);
      for (const club of t.relegated) expect(clubs, comp).not.toContain(club);
      for (const club of t.promoted) expect(clubs, comp).toContain(club);
    }
  });

  it('names the promoted newcomers in Chinese and fields them from numbered places, never invented people', async () => {
    const newcomers = [...seasonTurnovers().values()].flatMap((t) => [...t.newcomerRatings.keys()]);
    expect(newcomers.length).toBeGreaterThan(0);
    const rows = await b.app.db
      .select({ id: teams.id, name: teams.name, nameZh: teams.nameZh, city: teams.city })
      .from(teams)
      .where(inArray(teams.name, newcomers));
    expect(rows.map((r) => r.name).sort()).toEqual([...newcomers].sort());
    for (const r of rows) {
      expect(r.nameZh, r.name).toMatch(/^[\u4e00-\u9fff0-9]+$/);
      expect(r.city ?? '', r.name).not.toMatch(/[A-Za-z]/);
      const squad = await b.app.db
        .select({ name: players.nameZh, generated: players.generated })
        .from(players)
        .where(eq(players.teamId, r.id));
      // Numbered places; a player the World Cup 2026 squads list at the club is named as listed.
      expect(squad.filter((p) => p.generated).length, r.name).toBe(24);
      for (const p of squad.filter((x) => x.generated)) expect(p.name).toMatch(/^\d+号$/);
    }
  });
});
