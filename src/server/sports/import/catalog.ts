/**
 * The competitions the demo ships, the seed files each season comes from, and how they show:
 * badge colour, region, hot flag. Names come from zh-names/leagues_zh.json.
 */
export interface SeasonSource {
  name: string;
  /** Fixture file under src/server/seed/data; none for seasons the simulator fills. */
  file?: string;
}

export interface CompetitionDef {
  key: string;
  sport: 1 | 2;
  shortName: string;
  regionZh: string;
  /** FIFA-style code; null for international competitions. */
  country: string | null;
  type: 'league' | 'cup';
  isHot: boolean;
  color: string;
  /** IANA zone the fixture times are written in. */
  zone: string;
  seasons: SeasonSource[];
}

const leagueSeasons = (code: string): SeasonSource[] =>
  ['2023-24', '2024-25', '2025-26'].map((name) => ({
    name,
    file: `football/openfootball-football.json/${name}/${code}.json`,
  }));

export const COMPETITIONS: CompetitionDef[] = [
  {
    key: 'en.1',
    sport: 1,
    shortName: 'EPL',
    regionZh: '英格兰',
    country: 'ENG',
    type: 'league',
    isHot: true,
    color: '#3d195b',
    zone: 'Europe/London',
    seasons: leagueSeasons('en.1'),
  },
  {
    key: 'es.1',
    sport: 1,
    shortName: 'LaLiga',
    regionZh: '西班牙',
    country: 'ESP',
    type: 'league',
    isHot: true,
    color: '#b3001b',
    zone: 'Europe/Madrid',
    seasons: leagueSeasons('es.1'),
  },
  {
    key: 'de.1',
    sport: 1,
    shortName: 'BL',
    regionZh: '德国',
    country: 'GER',
    type: 'league',
    isHot: true,
    color: '#d20515',
    zone: 'Europe/Berlin',
    seasons: leagueSeasons('de.1'),
  },
  {
    key: 'it.1',
    sport: 1,
    shortName: 'SA',
    regionZh: '意大利',
    country: 'ITA',
    type: 'league',
    isHot: true,
    color: '#024494',
    zone: 'Europe/Rome',
    seasons: leagueSeasons('it.1'),
  },
  {
    key: 'fr.1',
    sport: 1,
    shortName: 'L1',
    regionZh: '法国',
    country: 'FRA',
    type: 'league',
    isHot: true,
    color: '#091c3e',
    zone: 'Europe/Paris',
    seasons: leagueSeasons('fr.1'),
  },
  {
    key: 'cn.1',
    sport: 1,
    shortName: 'CSL',
    regionZh: '中国',
    country: 'CHN',
    type: 'league',
    isHot: true,
    color: '#c8102e',
    zone: 'Asia/Shanghai',
    seasons: ['2023', '2024', '2025'].map((name) => ({
      name,
      file: `football/openfootball-world-csl/${name}_cn.1.json`,
    })),
  },
  {
    key: 'uefa.cl',
    sport: 1,
    shortName: 'UCL',
    regionZh: '欧洲',
    country: null,
    type: 'cup',
    isHot: true,
    color: '#0e1e5b',
    zone: 'Europe/Paris',
    seasons: ['2023-24', '2024-25'].map((name) => ({
      name,
      file: `football/openfootball-champions-league/${name}/uefa.cl.json`,
    })),
  },
  {
    key: 'nba',
    sport: 2,
    shortName: 'NBA',
    regionZh: '美国',
    country: 'USA',
    type: 'league',
    isHot: true,
    color: '#1d428a',
    zone: 'America/New_York',
    seasons: [{ name: '2024-25' }],
  },
  {
    key: 'cba',
    sport: 2,
    shortName: 'CBA',
    regionZh: '中国',
    country: 'CHN',
    type: 'league',
    isHot: true,
    color: '#e4002b',
    zone: 'Asia/Shanghai',
    seasons: [],
  },
];

/** Basketball seasons run across two years: a date in Aug–Dec belongs to "YYYY-(YY+1)". */
export function basketballSeasonName(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const start = m >= 8 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * Football season of a date: European seasons run from July ('2026-27'), the Chinese Super
 * League by calendar year from March (in January and February the last one is still current).
 */
export function footballSeasonName(competitionKey: string, date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (competitionKey === 'cn.1') return String(m >= 3 ? y : y - 1);
  const start = m >= 7 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Point deductions the results do not show (checked against the published final tables). */
export const DEDUCTIONS = [
  {
    competition: 'en.1',
    season: '2023-24',
    team: 'Everton FC',
    points: 8,
    reason: '违反财政公平规则（两次处罚共扣8分）',
  },
  {
    competition: 'en.1',
    season: '2023-24',
    team: 'Nottingham Forest FC',
    points: 4,
    reason: '违反财政公平规则',
  },
];

/** UCL 2023-24 group letters (the fixture file has the group games but not the letters): one club per group. */
export const UCL_2023_GROUPS: Record<string, string> = {
  'FC Bayern München': 'A',
  'Arsenal FC': 'B',
  'Real Madrid CF': 'C',
  'FC Internazionale Milano': 'D',
  'Club Atlético de Madrid': 'E',
  'Borussia Dortmund': 'F',
  'Manchester City FC': 'G',
  'FC Barcelona': 'H',
};
