/**
 * How a score row shows the live part of a match. Used by the server-rendered rows and by the
 * score island that patches them, so a row looks the same before and after a socket update.
 */
import { BB, isLivePhase, type MatchPhase } from '../vocab/match-states.ts';

export interface ScoreSide {
  score: number | null;
  ht: number | null;
  red: number;
  yellow: number;
  corner: number | null;
  periods: number[] | null;
}

export interface ScoreView {
  sport: 1 | 2;
  state: number;
  stateName: string;
  phase: MatchPhase;
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
  home: ScoreSide;
  away: ScoreSide;
  pk: [number, number] | null;
}

/** 5:07 from 307 seconds. */
export const clockOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The status cell: the running minute (72', 45+2') for football in play, the quarter and its
 * clock (第三节 5:07) for basketball, otherwise the state's Chinese name (中场, 完场, 推迟 …).
 */
export function clockText(m: ScoreView): string {
  if (m.phase !== 'playing') return m.phase === 'scheduled' ? '未开赛' : m.stateName;
  if (m.sport === 1) {
    if (m.minute === null || m.state === 7) return m.stateName;
    return m.addedMinute ? `${m.minute}+${m.addedMinute}'` : `${m.minute}'`;
  }
  const name = m.period && m.period > 4 ? `加时${m.period - 4 > 1 ? m.period - 4 : ''}` : m.stateName;
  return m.clockSeconds === null ? name : `${name} ${clockOf(m.clockSeconds)}`;
}

/** A side's score, '' before kick-off (rows then show VS). */
export const scoreOf = (s: ScoreSide) => (s.score === null ? '' : String(s.score));

/** "1-0" half-time score, '' when not known yet. */
export function halfTimeText(m: ScoreView): string {
  if (m.sport === 1) return m.home.ht === null || m.away.ht === null ? '' : `${m.home.ht}-${m.away.ht}`;
  const [h, a] = [m.home.periods, m.away.periods];
  // During the second quarter its two quarters are a running score, not yet 半场.
  const halfOver = m.state === BB.halfTime || (h?.length ?? 0) > 2;
  if (!h || !a || !halfOver) return '';
  // Basketball reads 客-主 (away first), as its rows and headers do.
  return `${a[0] + a[1]}-${h[0] + h[1]}`;
}

/** Corners "5-3" once the match has started; '' when it never kicked off or nobody counted them (imported results). */
export const cornerText = (m: ScoreView) =>
  m.phase === 'scheduled' || m.home.score === null || m.home.corner === null || m.away.corner === null
    ? ''
    : `${m.home.corner}-${m.away.corner}`;

/** Penalty shoot-out "点球 4-3", when there was one. */
export const penaltyText = (m: ScoreView) => (m.pk ? `点球 ${m.pk[0]}-${m.pk[1]}` : '');

/** Basketball points of period `i` (0-based; 4 is every overtime together), '' when not played. */
export function periodText(periods: number[] | null, i: number): string {
  if (!periods || periods.length <= i) return '';
  return String(i < 4 ? periods[i] : periods.slice(4).reduce((a, b) => a + b, 0));
}

/** 分差 and 总分 of a basketball match, '' before tip-off. */
export function marginText(m: ScoreView): { diff: string; total: string } {
  if (m.home.score === null || m.away.score === null) return { diff: '', total: '' };
  return { diff: String(m.home.score - m.away.score), total: String(m.home.score + m.away.score) };
}

/** Row fields the island patches, by their `data-f` name; each is a text value. */
export function rowFields(m: ScoreView): Record<string, string> {
  const fields: Record<string, string> = {
    clock: clockText(m),
    hs: scoreOf(m.home),
    as: scoreOf(m.away),
    hred: m.home.red ? String(m.home.red) : '',
    ared: m.away.red ? String(m.away.red) : '',
    hyellow: m.home.yellow ? String(m.home.yellow) : '',
    ayellow: m.away.yellow ? String(m.away.yellow) : '',
    ht: halfTimeText(m),
    corner: cornerText(m),
    pk: penaltyText(m),
  };
  if (m.sport === 2) {
    for (let i = 0; i < 5; i++) {
      fields[`hq${i}`] = periodText(m.home.periods, i);
      fields[`aq${i}`] = periodText(m.away.periods, i);
    }
    Object.assign(fields, marginText(m));
  }
  return fields;
}

/** The sections of the 即时 list, in page order. */
export const STATE_GROUPS = [
  { key: 'live', title: '进行中' },
  { key: 'next', title: '未开赛' },
  { key: 'done', title: '完场' },
] as const;
export type StateGroup = (typeof STATE_GROUPS)[number]['key'];

/** The section a match belongs in: in play (half-time and interruptions too), to come, or over (called off too). */
export const stateGroupOf = (phase: MatchPhase): StateGroup =>
  isLivePhase(phase) ? 'live' : phase === 'scheduled' ? 'next' : 'done';
