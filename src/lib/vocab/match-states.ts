import type { SportId } from './sports.ts';

/**
 * Match states. Football 0–13 and basketball 0–15 in the spec's order (football code 6 is the
 * spec's blank state and is never used). `phase` groups them for lists and colours.
 */
export type MatchPhase = 'scheduled' | 'playing' | 'break' | 'halted' | 'finished' | 'void';

export interface MatchStateInfo {
  code: number;
  name: string;
  phase: MatchPhase;
}

const s = (code: number, name: string, phase: MatchPhase): MatchStateInfo => ({ code, name, phase });

export const FOOTBALL_STATES: readonly MatchStateInfo[] = [
  s(0, '异常', 'void'),
  s(1, '未开赛', 'scheduled'),
  s(2, '上半场', 'playing'),
  s(3, '中场', 'break'),
  s(4, '下半场', 'playing'),
  s(5, '加时', 'playing'),
  s(6, '', 'void'),
  s(7, '点球', 'playing'),
  s(8, '完场', 'finished'),
  s(9, '推迟', 'void'),
  s(10, '中断', 'halted'),
  s(11, '腰斩', 'void'),
  s(12, '取消', 'void'),
  s(13, '待定', 'scheduled'),
];

export const BASKETBALL_STATES: readonly MatchStateInfo[] = [
  s(0, '异常', 'void'),
  s(1, '未开赛', 'scheduled'),
  s(2, '第一节', 'playing'),
  s(3, '第一节完', 'break'),
  s(4, '第二节', 'playing'),
  s(5, '中场', 'break'),
  s(6, '第三节', 'playing'),
  s(7, '第三节完', 'break'),
  s(8, '第四节', 'playing'),
  s(9, '加时', 'playing'),
  s(10, '完场', 'finished'),
  s(11, '中断', 'halted'),
  s(12, '取消', 'void'),
  s(13, '推迟', 'void'),
  s(14, '腰斩', 'void'),
  s(15, '待定', 'scheduled'),
];

/** Named codes the server uses; the numbers are the spec's. */
export const FB = {
  abnormal: 0,
  notStarted: 1,
  firstHalf: 2,
  halfTime: 3,
  secondHalf: 4,
  extraTime: 5,
  penalties: 7,
  fullTime: 8,
  postponed: 9,
  interrupted: 10,
  abandoned: 11,
  cancelled: 12,
  undetermined: 13,
} as const;
export const BB = {
  abnormal: 0,
  notStarted: 1,
  q1: 2,
  q1End: 3,
  q2: 4,
  halfTime: 5,
  q3: 6,
  q3End: 7,
  q4: 8,
  overtime: 9,
  fullTime: 10,
  interrupted: 11,
  cancelled: 12,
  postponed: 13,
  abandoned: 14,
  undetermined: 15,
} as const;

export function statesOf(sport: SportId): readonly MatchStateInfo[] {
  return sport === 1 ? FOOTBALL_STATES : BASKETBALL_STATES;
}

export function stateInfo(sport: SportId, code: number): MatchStateInfo {
  return statesOf(sport)[code] ?? statesOf(sport)[0];
}

export const isLivePhase = (p: MatchPhase) => p === 'playing' || p === 'break' || p === 'halted';
export const isLiveState = (sport: SportId, code: number) => isLivePhase(stateInfo(sport, code).phase);
export const isFinishedState = (sport: SportId, code: number) => stateInfo(sport, code).phase === 'finished';
export const isPendingState = (sport: SportId, code: number) => stateInfo(sport, code).phase === 'scheduled';

/** Codes of one phase, e.g. every live code for a SQL `in (...)`. */
export function codesWhere(sport: SportId, test: (p: MatchPhase) => boolean): number[] {
  return statesOf(sport)
    .filter((x) => x.code !== 6 || sport !== 1)
    .filter((x) => test(x.phase))
    .map((x) => x.code);
}

/**
 * One-step transitions. A match moves along these edges; an interruption resumes into the
 * phase it stopped in (or ends abandoned), a postponed match may be rescheduled.
 */
const FOOTBALL_NEXT: Record<number, number[]> = {
  0: [1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13],
  1: [0, 2, 9, 12, 13],
  2: [0, 3, 10, 11],
  3: [0, 4, 10, 11],
  4: [0, 5, 8, 10, 11],
  5: [0, 7, 8, 10, 11],
  7: [0, 8, 10],
  9: [1, 12, 13],
  10: [2, 3, 4, 5, 7, 8, 11],
  13: [1, 2, 9, 12],
  8: [],
  11: [],
  12: [],
};
const BASKETBALL_NEXT: Record<number, number[]> = {
  0: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15],
  1: [0, 2, 12, 13, 15],
  2: [0, 3, 11],
  3: [0, 4, 11],
  4: [0, 5, 11],
  5: [0, 6, 11],
  6: [0, 7, 11],
  7: [0, 8, 11],
  8: [0, 9, 10, 11],
  // 9 → 9: the next overtime period starts.
  9: [0, 9, 10, 11],
  11: [2, 3, 4, 5, 6, 7, 8, 9, 10, 14],
  13: [1, 12, 15],
  15: [1, 2, 12, 13],
  10: [],
  12: [],
  14: [],
};

export function nextStates(sport: SportId, from: number): number[] {
  return (sport === 1 ? FOOTBALL_NEXT : BASKETBALL_NEXT)[from] ?? [];
}

/** True when `to` follows `from` in one step. */
export function isStep(sport: SportId, from: number, to: number): boolean {
  return nextStates(sport, from).includes(to);
}

/**
 * True when `to` can be reached from `from` (a feed may skip states it does not report, e.g.
 * straight from 未开赛 to 完场), but never back out of an ended match nor back in time: the search
 * does not pass through 异常 or 中断, whose exits lead anywhere.
 */
export function canReach(sport: SportId, from: number, to: number): boolean {
  if (from === to || isStep(sport, from, to)) return true;
  const detours: number[] = sport === 1 ? [FB.abnormal, FB.interrupted] : [BB.abnormal, BB.interrupted];
  const seen = new Set([from]);
  const queue = detours.includes(from) ? [] : [from];
  while (queue.length) {
    for (const n of nextStates(sport, queue.shift()!)) {
      if (n === to) return true;
      if (!seen.has(n) && !detours.includes(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return false;
}
