import { BB, FB, stateInfo } from '../vocab/match-states.ts';
import type { SportId } from '../vocab/sports.ts';

/**
 * 比赛红包 (docs/live-rooms.md): an anchor arms a red packet on the room's match that opens at the next
 * goal (football) or at half time; if the match ends first, the whole packet goes back to the anchor.
 */
export type PacketOpener = 'goal' | 'half';
export const PACKET_OPENERS: readonly PacketOpener[] = ['goal', 'half'];
export const OPENER_NAME: Record<PacketOpener, string> = { goal: '进球红包', half: '中场红包' };
export const OPENER_WHEN: Record<PacketOpener, string> = { goal: '下一个进球时开抢', half: '中场休息时开抢' };

export const MATCH_PACKET_MSG = {
  opener: '请选择开抢时机',
  anchorOnly: '只有主播可以在自己的直播间发比赛红包',
  noMatch: '直播间未关联比赛，不能发比赛红包',
  goalFootball: '进球红包仅限足球比赛',
  ended: '比赛已结束，不能发比赛红包',
  pastHalf: '已过中场，不能再发中场红包',
  waiting: '红包还未开抢',
} as const;

/** States from half time on (the break itself included), for each sport. */
const FROM_HALF: Record<SportId, readonly number[]> = {
  1: [FB.halfTime, FB.secondHalf, FB.extraTime, FB.penalties, FB.fullTime],
  2: [BB.halfTime, BB.q3, BB.q3End, BB.q4, BB.overtime, BB.fullTime],
};

export interface MatchNow {
  sport: SportId;
  state: number;
  goals: number;
}

/** Why a match cannot take a packet that opens on `on` now, or null when it can. */
export function armRefusal(m: MatchNow, on: PacketOpener): string | null {
  const phase = stateInfo(m.sport, m.state).phase;
  if (phase === 'finished' || phase === 'void') return MATCH_PACKET_MSG.ended;
  if (on === 'goal') return m.sport === 1 ? null : MATCH_PACKET_MSG.goalFootball;
  return FROM_HALF[m.sport].includes(m.state) ? MATCH_PACKET_MSG.pastHalf : null;
}

/**
 * What becomes of an armed packet with the match as it is now: open (its moment has come, even if
 * the news arrives late), return (the match ended or was called off first), or wait.
 */
export function armedFate(
  m: MatchNow,
  p: { opensOn: PacketOpener; armedGoals: number },
): 'open' | 'return' | 'wait' {
  const phase = stateInfo(m.sport, m.state).phase;
  const due = p.opensOn === 'goal' ? m.goals > p.armedGoals : FROM_HALF[m.sport].includes(m.state);
  if (due && phase !== 'void') return 'open';
  return phase === 'finished' || phase === 'void' ? 'return' : 'wait';
}
