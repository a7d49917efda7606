import type { SportId } from '../../../lib/vocab/sports.ts';
import type { OddsMarket } from '../../../lib/vocab/play-types.ts';

/**
 * 比赛数据接入口 — the one port every sports source writes through: the simulator, the JSON
 * import and any licensed feed adapter. The implementation (writer.ts) stores each change,
 * refreshes the hot caches and publishes it on `scores:{sport}` and `match:{id}`.
 */
export interface SportsFeed {
  /** Creates or updates matches by `key`; returns key → match id. */
  upsertMatches(matches: FeedMatch[]): Promise<Map<string, number>>;
  /** State and clock. Refuses a state the match cannot reach from where it is (see canReach). */
  changeState(matchId: number, change: StateChange): Promise<void>;
  /** Running score, half/extra/penalty scores, periods, cards and corners. */
  updateScore(matchId: number, score: ScoreUpdate): Promise<void>;
  /** Appends events; an event whose `seq` is already stored is skipped. */
  addEvents(matchId: number, events: FeedEvent[]): Promise<void>;
  /** Replaces team (and, when given, player) statistics. */
  setStats(matchId: number, stats: FeedStats): Promise<void>;
  /** Replaces the lineups of the sides given. */
  setLineups(matchId: number, lineups: FeedLineup[]): Promise<void>;
  /** Records prices; the first price of a company and market is its opening price. */
  updateOdds(matchId: number, odds: FeedOdds[]): Promise<void>;
  /** Appends text-live lines; a line whose `seq` is already stored is skipped. */
  addTexts(matchId: number, lines: FeedText[]): Promise<void>;
}

export interface FeedMatch {
  /** Stable id from the source, e.g. 'feed:acme:123' (the prefix names the source). */
  key: string;
  origin: 'import' | 'sim' | 'feed' | 'finish';
  sport: SportId;
  /** Competition key ('en.1', 'nba' …) and season name ('2025-26'); the season is created if missing. */
  competition: string;
  season: string;
  stage?: { key: string; nameZh: string; kind: string };
  round?: { key: string; nameZh: string; number?: number | null };
  group?: string | null;
  /** Team keys ('fb:Arsenal FC', 'nba:1610612747' …). */
  home: string;
  away: string;
  kickoffAt: Date;
  state?: number;
  venue?: string | null;
  neutral?: boolean;
  heat?: number;
  sourceMatchId?: number | null;
  lottery?: {
    jcNo?: string | null;
    bdIssue?: string | null;
    bdNo?: number | null;
    zcIssue?: string | null;
    zcOrder?: number | null;
  };
}

export interface Clock {
  minute?: number | null;
  addedMinute?: number | null;
  period?: number | null;
  clockSeconds?: number | null;
  clockRunning?: boolean;
}

export interface StateChange extends Clock {
  state: number;
  at: Date;
}

type Pair = [number, number];

export interface ScoreUpdate {
  at: Date;
  /** Running score: regular plus extra time, without the shoot-out. */
  score: Pair;
  ht?: Pair | null;
  ft?: Pair | null;
  et?: Pair | null;
  pk?: Pair | null;
  /** Basketball points per period (Q1–Q4, then each overtime). */
  periods?: [number[], number[]];
  red?: Pair;
  yellow?: Pair;
  corner?: Pair;
  /** What just happened, for the goal flash and sound: 'goal' | 'red' | 'corner' … */
  highlight?: { type: string; side: 1 | 2; player?: string | null } | null;
}

export interface FeedEvent {
  seq: number;
  type: string;
  side: 1 | 2;
  minute?: number | null;
  addedMinute?: number | null;
  period?: number | null;
  clockSeconds?: number | null;
  playerId?: number | null;
  playerName?: string | null;
  otherPlayerId?: number | null;
  otherPlayerName?: string | null;
  detail?: string | null;
  homeScore?: number | null;
  awayScore?: number | null;
  at: Date;
}

export type PlayerLine = {
  playerId: number;
  teamId: number;
  side: 1 | 2;
  starter: boolean;
} & Partial<Record<PlayerStatKey, number>>;

export const PLAYER_STAT_KEYS = [
  'minutesPlayed',
  'points',
  'fieldGoalsScored',
  'fieldGoalsAttempted',
  'threePoints',
  'threePointsAttempted',
  'freeThrowsScored',
  'freeThrowsAttempted',
  'offensiveRebounds',
  'defensiveRebounds',
  'rebounds',
  'assists',
  'steals',
  'blocks',
  'turnovers',
  'fouls',
  'plusMinus',
  'goals',
  'shots',
  'yellowCards',
  'redCards',
] as const;
export type PlayerStatKey = (typeof PLAYER_STAT_KEYS)[number];

export interface FeedStats {
  at: Date;
  teams: { side: 1 | 2; stats: Record<string, number> }[];
  players?: PlayerLine[];
}

export interface FeedLineup {
  side: 1 | 2;
  formation?: string | null;
  coach?: string | null;
  at: Date;
  players: {
    playerId?: number | null;
    name: string;
    shirtNumber?: number | null;
    position?: string | null;
    starter: boolean;
  }[];
}

export interface FeedOdds {
  /** Company key ('jc', 'bd', or a bookmaker's key). */
  company: string;
  market: OddsMarket;
  v1?: number | null;
  v2?: number | null;
  v3?: number | null;
  line?: number | null;
  at: Date;
  live?: boolean;
  minute?: number | null;
  homeScore?: number | null;
  awayScore?: number | null;
  closed?: boolean;
}

export interface FeedText {
  seq: number;
  kind: string;
  side?: 1 | 2 | null;
  minute?: number | null;
  period?: number | null;
  clockSeconds?: number | null;
  text: string;
  homeScore?: number | null;
  awayScore?: number | null;
  at: Date;
}

/** A source of sports data that writes through a SportsFeed (the simulator, a licensed feed client …). */
export interface SportsProvider {
  readonly name: string;
  /** Demo data (simulated): the UI shows a 演示 badge. */
  readonly demo: boolean;
  /**
   * False from start-up until this instance's first pass has brought the data up to the feed's clock
   * (a first start plays a day and a half, for seconds); true as well when another instance runs the feed.
   */
  caughtUp(): boolean;
  /** The feed time this instance's last pass brought the data up to (0 before its first pass). */
  playedTo(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A change the port refuses (unknown match, impossible state): the import call answers 400 with it. */
export class FeedError extends Error {}
