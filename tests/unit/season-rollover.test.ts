import { describe, expect, it } from 'vitest';
import { rollLeague } from '../../src/server/sports/import/season-turnover.ts';
import { rngFor } from '../../src/server/sports/rng.ts';

/**
 * Issue #32 item 5, the seasons after the data's: a season the simulator played relegates by its
 * final table, and a simulated second tier of the clubs known to be in it promotes by the league's
 * rules, season after season.
 */
const clubs = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
const rng = (season: string) => (key: string) => rngFor('seed', `rollover:${season}:${key}`);
/** Top-flight clubs have a rating, strongest first; second-tier clubs only a second-tier one. */
const top = (list: string[]) => (club: string) =>
  list.includes(club) ? 1700 - list.indexOf(club) * 15 : undefined;
const tier = (club: string) => 1600 - Number(club.slice(-2)) * 10;

describe('rolling a league over a simulated season', () => {
  it('relegates the bottom three and promotes three of the second tier (Premier League)', () => {
    const table = clubs('E', 20);
    const second = clubs('C', 21);
    const r = rollLeague('en.1', table, second, top(table), tier, rng('2026-27'));
    expect(r.relegated).toEqual(table.slice(17));
    expect(r.promoted).toHaveLength(3);
    for (const c of r.promoted) expect(second).toContain(c);
    expect(r.promoted.slice(0, 2)).toEqual(r.secondTierTable.slice(0, 2));
    // The play-off winner finished 3rd to 6th of the simulated second tier.
    expect(r.secondTierTable.slice(2, 6)).toContain(r.promoted[2]);
    expect(r.clubs).toHaveLength(20);
    expect(r.clubs).toEqual([...table.slice(0, 17), ...r.promoted].sort());
    // The next second tier: the relegated in; the promoted and its bottom three (to League One) out.
    const out = new Set([...r.promoted, ...r.secondTierTable.slice(18)]);
    expect(r.secondTierNext).toEqual([...second.filter((c) => !out.has(c)), ...r.relegated].sort());
    // Promoted clubs new to the top flight get a strength near the relegated clubs'.
    for (const c of r.promoted) expect(r.newcomerRatings.get(c)).toBeGreaterThan(1300);
  });

  it('is the same on every install and differs from season to season', () => {
    const table = clubs('E', 20);
    const second = clubs('C', 21);
    const a = rollLeague('en.1', table, second, top(table), tier, rng('2026-27'));
    const b = rollLeague('en.1', table, second, top(table), tier, rng('2026-27'));
    expect(b).toEqual(a);
    const tables = ['2027-28', '2028-29', '2029-30', '2030-31'].map(
      (s) => rollLeague('en.1', table, second, top(table), tier, rng(s)).secondTierTable,
    );
    expect(new Set(tables.map((t) => t.join())).size).toBeGreaterThan(1);
  });

  it('never promotes a reserve side (Real Sociedad B)', () => {
    const table = clubs('S', 20);
    const second = ['Real Sociedad B', ...clubs('L', 19)];
    // The reserve side is by far the strongest of the second tier.
    const rate = (club: string) => (club === 'Real Sociedad B' ? 1900 : tier(club));
    for (const season of ['2026-27', '2027-28', '2028-29']) {
      const r = rollLeague('es.1', table, second, top(table), rate, rng(season));
      expect(r.secondTierTable[0]).toBe('Real Sociedad B');
      expect(r.promoted).not.toContain('Real Sociedad B');
      expect(r.secondTierNext).toContain('Real Sociedad B');
      expect(r.promoted).toHaveLength(3);
    }
  });

  it('plays the Bundesliga relegation play-off: as many go up as go down', () => {
    const table = clubs('D', 18);
    const second = clubs('Z', 18);
    const seen = new Set<number>();
    for (const season of ['2026-27', '2027-28', '2028-29', '2029-30', '2030-31', '2031-32']) {
      const r = rollLeague('de.1', table, second, top(table), tier, rng(season));
      expect(r.promoted).toHaveLength(r.relegated.length);
      expect(r.relegated).toEqual(table.slice(18 - r.relegated.length));
      expect(r.playoff.filter((l) => l.round === '升降级附加赛')).toHaveLength(2);
      expect(r.clubs).toHaveLength(18);
      seen.add(r.relegated.length);
    }
    expect([...seen].every((n) => n === 2 || n === 3)).toBe(true);
  });

  it('brings the clubs relegated a year earlier back to the 中超 (no second-tier data)', () => {
    const table = clubs('Z', 16);
    const r = rollLeague('cn.1', table, ['Henan FC', 'Shenzhen Peng City'], top(table), tier, rng('2026'));
    expect(r.relegated).toEqual(['Z15', 'Z16']);
    expect(r.promoted).toEqual(['Henan FC', 'Shenzhen Peng City']);
    expect(r.secondTierNext).toEqual(['Z15', 'Z16']);
    expect(r.clubs).toHaveLength(16);
    expect(r.clubs).not.toContain('Z16');
  });
});
