/**
 * Which lottery outcome a finished match paid: 胜平负 / 让球胜平负 (football, a whole-goal line
 * given by the home side when positive), 胜负 / 让分 / 大小分 (basketball), and 足彩's 3 / 1 / 0.
 * Null while the result is not final.
 */
export type Outcome = 'home' | 'draw' | 'away';

interface Final {
  phase: string;
  home: { score: number | null };
  away: { score: number | null };
  ft?: [number, number] | null;
}

function finalScore(m: Final): [number, number] | null {
  if (m.phase !== 'finished') return null;
  if (m.ft) return m.ft;
  return m.home.score !== null && m.away.score !== null ? [m.home.score, m.away.score] : null;
}

/** 胜平负 after the home side gives `line` goals/points (0 for no handicap). */
export function outcomeOf(m: Final, line = 0): Outcome | null {
  const s = finalScore(m);
  if (!s) return null;
  const diff = s[0] - line - s[1];
  return diff > 0 ? 'home' : diff < 0 ? 'away' : 'draw';
}

/** 大小分: 'over' / 'under' of the total against `line`. */
export function totalOutcome(m: Final, line: number): 'over' | 'under' | null {
  const s = finalScore(m);
  if (!s || s[0] + s[1] === line) return null;
  return s[0] + s[1] > line ? 'over' : 'under';
}

/** 足彩 result digit: 3 home win, 1 draw, 0 away win, '*' not final (postponed matches count as '*'). */
export function zcDigit(m: Final): string {
  const o = outcomeOf(m);
  return o === 'home' ? '3' : o === 'draw' ? '1' : o === 'away' ? '0' : '*';
}
