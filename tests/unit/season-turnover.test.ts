import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seasonFixtures, type CalendarPools } from '../../src/server/providers/sports/simulator/calendar.ts';
import { finishSeasons } from '../../src/server/sports/import/season-finish.ts';
import {
  firstChampionsLeagueField,
  LEAGUE_RULES,
  seasonTurnovers,
} from '../../src/server/sports/import/season-turnover.ts';
import { loadFootballSources } from '../../src/server/sports/import/sources.ts';

const DATA = new URL('../../src/server/seed/data/', import.meta.url);
const json = (rel: string) => JSON.parse(readFileSync(new URL(rel, DATA), 'utf8'));
const SIZES: Record<string, number> = {
  'en.1': 20,
  'es.1': 20,
  'it.1': 20,
  'de.1': 18,
  'fr.1': 18,
  'cn.1': 16,
};
const turnovers = seasonTurnovers();
const sources = loadFootballSources();
const lastSeason = (comp: string) =>
  sources.filter((s) => s.competition.key === comp && s.season === turnovers.get(comp)!.from);

/** Issue #32 item 5: the data's open seasons finished, then promotion and relegation by the final tables. */
describe('season turnover', () => {
  it('finishes each last season: every club on (n-1)×2 games, the real results untouched', () => {
    for (const [comp, n] of Object.entries(SIZES)) {
      const open = lastSeason(comp);
      const done = finishSeasons(open, () => true);
      const games = new Map<string, number>();
      for (const f of done) for (const c of [f.home, f.away]) games.set(c, (games.get(c) ?? 0) + 1);
      expect(games.size, comp).toBe(n);
      for (const [club, g] of games) expect(g, `${comp} ${club}`).toBe((n - 1) * 2);
      expect(done.every((f) => f.fixture.score?.ft)).toBe(true);
      done.forEach((f, i) => {
        if (open[i].fixture.score?.ft) {
          expect(f.simulated).toBeFalsy();
          expect(f.fixture.score).toEqual(open[i].fixture.score);
        } else expect(f.simulated).toBe(true);
      });
      expect(done.some((f) => f.simulated) || open.every((f) => f.fixture.score?.ft)).toBe(true);
    }
  });

  it('relegates the bottom of each final table and promotes the second tier’s top two and play-off winner', () => {
    for (const [comp, n] of Object.entries(SIZES)) {
      const t = turnovers.get(comp)!;
      const rule = LEAGUE_RULES[comp];
      expect(t.table).toHaveLength(n);
      expect(t.clubs, comp).toHaveLength(n);
      expect(t.relegated).toEqual(t.table.slice(n - t.relegated.length));
      for (const club of t.relegated) expect(t.clubs, comp).not.toContain(club);
      for (const club of t.promoted) expect(t.clubs, comp).toContain(club);
      expect(t.promoted).toHaveLength(t.relegated.length);
      if (rule.secondTier) expect(t.promoted.slice(0, 2)).toEqual(t.secondTierTable.slice(0, 2));
    }
    expect(turnovers.get('en.1')!.relegated).toHaveLength(3);
    expect(turnovers.get('cn.1')!.promoted).toEqual(['Cangzhou Mighty Lions', 'Nantong Zhiyun']);
  });

  it('plays the Bundesliga and Ligue 1 relegation play-off over two legs: its winner is in, its loser out', () => {
    for (const comp of ['de.1', 'fr.1']) {
      const t = turnovers.get(comp)!;
      const legs = t.playoff.filter((l) => l.round === '升降级附加赛');
      expect(legs).toHaveLength(2);
      const sixteenth = t.table[t.table.length - 3];
      const challenger = legs[0].home;
      expect(legs[1]).toMatchObject({ home: sixteenth, away: challenger });
      const goals = (club: string) =>
        legs.reduce((a, l) => a + (l.home === club ? (l.et ?? l.score)[0] : (l.et ?? l.score)[1]), 0);
      const winner =
        goals(challenger) !== goals(sixteenth)
          ? goals(challenger) > goals(sixteenth)
            ? challenger
            : sixteenth
          : legs[1].pk![0] > legs[1].pk![1]
            ? sixteenth
            : challenger;
      expect(t.clubs.includes(sixteenth)).toBe(winner === sixteenth);
      expect(t.clubs.includes(challenger)).toBe(winner === challenger);
    }
  });

  it('gives every club of the next seasons a Chinese name', () => {
    const zh = new Set(json('zh-names/football_clubs_zh.json').clubs.map((c: { name: string }) => c.name));
    for (const t of turnovers.values()) for (const club of t.clubs) expect(zh.has(club), club).toBe(true);
  });

  it('draws the next seasons by the leagues’ rules: a double round robin of the new clubs, n×(n−1) games', () => {
    const pools: CalendarPools = {
      football: [...turnovers.values()].map((t) => ({
        competitionKey: t.competition,
        teams: [],
        later: [{ season: t.to, teams: t.clubs }],
      })),
      basketball: [],
      teams: new Map(),
    };
    for (const t of turnovers.values()) {
      const n = SIZES[t.competition];
      const list = seasonFixtures('seed', pools, t.competition, t.to);
      expect(list, t.competition).toHaveLength(n * (n - 1));
      const clubs = new Set(list.flatMap((f) => [f.home, f.away]));
      expect([...clubs].sort()).toEqual(t.clubs);
      for (const club of t.relegated) expect(clubs.has(club)).toBe(false);
    }
  });

  it('fills the Champions League’s big-five places from the top of the final tables', () => {
    const field = json('football/openfootball-champions-league/2024-25/uefa.cl.json')
      .matches.filter((m: { round: string }) => m.round.startsWith('League'))
      .flatMap((m: { team1: string; team2: string }) => [m.team1, m.team2]);
    const clubs = [...new Set<string>(field)].map((raw) => {
      const [, name, country] = raw.match(/^(.*) \(([A-Z]{3})\)$/)!;
      return { name, country };
    });
    const next = firstChampionsLeagueField(clubs);
    expect(next).toHaveLength(36);
    expect(next).toContain(turnovers.get('en.1')!.table[0]);
    expect(next).toContain(turnovers.get('fr.1')!.table[0]);
    for (const t of turnovers.values()) for (const club of t.relegated) expect(next).not.toContain(club);
    const english = clubs.filter((c) => c.country === 'ENG').length;
    expect(next.filter((c) => turnovers.get('en.1')!.table.includes(c))).toEqual(
      turnovers.get('en.1')!.table.slice(0, english).sort(),
    );
  });
});
