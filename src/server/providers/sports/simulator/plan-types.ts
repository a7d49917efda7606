import type { Clock, FeedEvent, FeedLineup, FeedOdds, FeedStats, FeedText, ScoreUpdate } from '../feed.ts';
import type { Decider } from './level-tie.ts';

/**
 * A match plan: everything the simulator will feed for one match, as steps at offsets from
 * kick-off (simulated milliseconds; negative before kick-off). Built by a pure function of the
 * seed and the match, so any instance rebuilds the same plan and resumes at `matches.sim_cursor`.
 * Times inside the payloads are filled in when a step is applied.
 */
export type PlanStep =
  | { t: number; kind: 'state'; state: number; clock: Clock }
  | { t: number; kind: 'clock'; clock: Clock }
  | { t: number; kind: 'score'; score: Omit<ScoreUpdate, 'at'> }
  | { t: number; kind: 'event'; event: Omit<FeedEvent, 'at'> }
  | { t: number; kind: 'text'; text: Omit<FeedText, 'at'> }
  | { t: number; kind: 'stats'; stats: Omit<FeedStats, 'at'> }
  | { t: number; kind: 'lineups'; lineups: Omit<FeedLineup, 'at'>[] }
  | { t: number; kind: 'odds'; odds: Omit<FeedOdds, 'at'>[] };

export interface Plan {
  steps: PlanStep[];
}

export interface RosterPlayer {
  playerId: number;
  name: string;
  shirtNumber: number | null;
  position: string | null;
  /** A well-known player (one with an authored Chinese name): basketball lineups field him first. */
  known?: boolean;
}

export interface PlanTeam {
  id: number;
  /** Display name in commentary (Chinese short name). */
  name: string;
  rating: number;
  roster: RosterPlayer[];
  /** The head coach's display name, given with the lineups. */
  coach?: string | null;
}

export interface PlanInput {
  seed: string;
  key: string;
  sport: 1 | 2;
  competitionKey: string;
  /**
   * A knockout match: never postponed; extra time and penalties as the real result had them, or
   * as `decider` asks.
   */
  knockout: boolean;
  /** A simulated match that must produce a winner; `round` is its round's Chinese name (1/8决赛次回合). */
  decider?: Decider & { round: string | null };
  neutral: boolean;
  home: PlanTeam;
  away: PlanTeam;
  /** The real result being replayed, or null to play one from the ratings. */
  result: {
    ht?: [number, number] | null;
    ft: [number, number];
    et?: [number, number] | null;
    p?: [number, number] | null;
  } | null;
  postponed: boolean;
  lottery: { jc: boolean; bd: boolean };
}

export const MIN = 60_000;

/** The team a side number names. */
export const sideTeam = (input: PlanInput, side: 1 | 2) => (side === 1 ? input.home : input.away);

/**
 * Orders steps by time (steps of one instant keep their planned order) and numbers events and
 * text lines in that order, so `seq` always follows the clock.
 */
export function sortSteps(steps: PlanStep[]): PlanStep[] {
  const sorted = steps
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.t - b.s.t || a.i - b.i)
    .map((x) => x.s);
  let events = 0;
  let texts = 0;
  for (const step of sorted) {
    if (step.kind === 'event') step.event.seq = ++events;
    else if (step.kind === 'text') step.text.seq = ++texts;
  }
  return sorted;
}
