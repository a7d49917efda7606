import { describe, expect, it } from 'vitest';
import { nationName } from '../../src/lib/sports/nations.ts';
import { readSquads, readWorldCupSquads } from '../../src/server/sports/import/files.ts';
import { COMPETITIONS } from '../../src/server/sports/import/catalog.ts';

describe('nationName (issue 32: a Chinese page names countries, the data keeps FIFA codes)', () => {
  it('gives the Chinese name of a FIFA code, in either case', () => {
    expect(nationName('ENG')).toBe('英格兰');
    expect(nationName('arg')).toBe('阿根廷');
    expect(nationName('CHN')).toBe('中国');
    expect(nationName('USA')).toBe('美国');
  });

  it('shows a code the list lacks as it is, and nothing for no code', () => {
    expect(nationName('XYZ')).toBe('XYZ');
    expect(nationName(null)).toBeNull();
    expect(nationName('')).toBeNull();
  });

  it('has a Chinese name for every country code the imported data carries', () => {
    const codes = new Set<string>();
    for (const c of COMPETITIONS) if (c.country) codes.add(c.country);
    for (const code of ['en.1', 'es.1', 'de.1', 'it.1']) {
      const file = readSquads(code);
      codes.add(file.nationality_default);
      for (const team of file.teams)
        for (const p of team.players) if (p.nationality) codes.add(p.nationality);
    }
    for (const nation of readWorldCupSquads()) codes.add(nation.fifa_code);
    const missing = [...codes].filter((code) => nationName(code) === code);
    expect(missing).toEqual([]);
    expect(codes.size).toBeGreaterThan(50);
  });
});
