/**
 * Shapes of the sports calls (docs/sports-api.md), shared by the server, the pages and the
 * islands. Times are ISO strings in UTC; `time`/`date` are Beijing wall-clock values.
 */
import type { MatchPhase } from '../vocab/match-states.ts';
import type { SportId } from '../vocab/sports.ts';

export type Pair = [number, number];

export interface CompetitionRef {
  id: number;
  name: string;
  shortName: string;
  color: string;
}

export interface TeamSide {
  id: number;
  name: string;
  fullName: string;
  shortName: string;
  color: string;
  score: number | null;
  /** Half-time score (football). */
  ht: number | null;
  red: number;
  yellow: number;
  /** Null when the source does not know (imported results, basketball). */
  corner: number | null;
  /** Basketball points per period (Q1–Q4, then overtimes). */
  periods: number[] | null;
}

export interface LotteryTags {
  jcNo: string | null;
  bdIssue: string | null;
  bdNo: number | null;
  zcIssue: string | null;
  zcOrder: number | null;
}

/** The live part of a match: what a 10033 scoreUpdate carries and what rows patch themselves with. */
export interface LiveScore {
  id: number;
  sport: SportId;
  state: number;
  stateName: string;
  phase: MatchPhase;
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
  clockRunning: boolean;
  /** When the clock values were set (simulated time, ms): tick from here at the feed's speed. */
  clockAt: number | null;
  home: Pick<TeamSide, 'score' | 'ht' | 'red' | 'yellow' | 'corner' | 'periods'>;
  away: Pick<TeamSide, 'score' | 'ht' | 'red' | 'yellow' | 'corner' | 'periods'>;
  ft: Pair | null;
  et: Pair | null;
  pk: Pair | null;
  /** What just happened ('goal', 'red', 'corner' …) for the goal flash and sound. */
  /** What just happened; `player`: the scorer of a goal when the feed names one (the goal toast). */
  highlight: { type: string; side: 1 | 2; player?: string | null } | null;
}

export interface OddsSummary {
  company: string;
  eu: { home: number; draw: number | null; away: number } | null;
  /** `openLineName`: the opening (初盘) line, '' when the company gave none; `lineName` is the current (即时) one. */
  asia: { line: number; lineName: string; openLineName: string; home: number; away: number } | null;
  ou: { line: number; lineName: string; openLineName: string; over: number; under: number } | null;
}

export interface MatchListItem {
  id: number;
  sport: SportId;
  /** 1 for featured (hot) matches. */
  top: 0 | 1;
  competition: CompetitionRef;
  season: string;
  round: string | null;
  group: string | null;
  kickoffAt: string;
  date: string;
  time: string;
  state: number;
  stateName: string;
  phase: MatchPhase;
  minute: number | null;
  addedMinute: number | null;
  period: number | null;
  clockSeconds: number | null;
  clockRunning: boolean;
  clockAt: number | null;
  home: TeamSide;
  away: TeamSide;
  ft: Pair | null;
  et: Pair | null;
  pk: Pair | null;
  lottery: LotteryTags;
  hasLineup: boolean;
  hasText: boolean;
  heat: number;
  /** Played by the simulator (shown with a 演示 badge). */
  demo: boolean;
  odds: OddsSummary | null;
}
