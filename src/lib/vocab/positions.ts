/** Player positions (spec §3 vocabularies) with the names Chinese score sites use. */
export const FOOTBALL_POSITIONS = {
  F: '前锋',
  M: '中场',
  D: '后卫',
  G: '门将',
  LW: '左边锋',
  RW: '右边锋',
  ST: '中锋',
  AM: '前腰',
  ML: '左前卫',
  MC: '中前卫',
  MR: '右前卫',
  DM: '后腰',
  DL: '左后卫',
  DC: '中后卫',
  DR: '右后卫',
  GK: '守门员',
} as const;

export const BASKETBALL_POSITIONS = {
  C: '中锋',
  SF: '小前锋',
  PF: '大前锋',
  SG: '得分后卫',
  PG: '控球后卫',
  F: '前锋',
  G: '后卫',
} as const;

export type FootballPosition = keyof typeof FOOTBALL_POSITIONS;
export type BasketballPosition = keyof typeof BASKETBALL_POSITIONS;

/** The line a football position belongs to: G, D, M or F (for squads grouped by position). */
export function footballLine(pos: string): 'G' | 'D' | 'M' | 'F' {
  if (pos === 'G' || pos === 'GK') return 'G';
  if (pos === 'D' || pos.startsWith('D')) return pos === 'DM' ? 'M' : 'D';
  if (pos === 'M' || pos === 'AM' || pos.startsWith('M')) return 'M';
  return 'F';
}

export function positionName(sport: 1 | 2, pos: string | null | undefined): string {
  if (!pos) return '';
  const table: Record<string, string> = sport === 1 ? FOOTBALL_POSITIONS : BASKETBALL_POSITIONS;
  return table[pos] ?? pos;
}
