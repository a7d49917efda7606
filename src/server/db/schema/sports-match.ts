import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { competitions, players, rounds, seasons, stages, teams } from './sports-core.ts';

/**
 * A match, football or basketball. Scores: `homeScore/awayScore` is the running score (regular
 * time plus extra time, without the shoot-out); `ft*` the 90-minute score, `ht*` half-time,
 * `et*` after extra time, `pk*` the shoot-out. Basketball keeps one score per period in
 * `homePeriods/awayPeriods` (Q1–Q4 then each overtime).
 */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    /** Outside identity: 'of:…' imported, 'sim:…' simulator, 'feed:{provider}:…' a licensed feed. */
    key: text('key').notNull().unique(),
    /** 'import' | 'sim' | 'feed' | 'finish' (a real fixture the data left without a result, scored by simulation: 演示) */
    origin: text('origin').notNull(),
    /** A simulator match replays this real fixture (its real final score, where one exists). */
    sourceMatchId: integer('source_match_id'),
    sport: smallint('sport').notNull(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    stageId: integer('stage_id').references(() => stages.id, { onDelete: 'set null' }),
    roundId: integer('round_id').references(() => rounds.id, { onDelete: 'set null' }),
    /** Group within a group stage ('A' …), for group tables. */
    groupName: text('group_name'),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    state: smallint('state').notNull().default(1),
    /** Football: the running minute and stoppage minutes (45+2). */
    minute: smallint('minute'),
    addedMinute: smallint('added_minute'),
    /** Basketball: 1–4 quarters, 5+ overtimes; seconds left on the game clock. */
    period: smallint('period'),
    clockSeconds: smallint('clock_seconds'),
    /** When the running period started or the clock was last set (to tick it on the client). */
    clockAt: timestamp('clock_at', { withTimezone: true }),
    clockRunning: boolean('clock_running').notNull().default(false),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    htHome: smallint('ht_home'),
    htAway: smallint('ht_away'),
    ftHome: smallint('ft_home'),
    ftAway: smallint('ft_away'),
    etHome: smallint('et_home'),
    etAway: smallint('et_away'),
    pkHome: smallint('pk_home'),
    pkAway: smallint('pk_away'),
    homePeriods: integer('home_periods').array(),
    awayPeriods: integer('away_periods').array(),
    homeRed: smallint('home_red').notNull().default(0),
    awayRed: smallint('away_red').notNull().default(0),
    homeYellow: smallint('home_yellow').notNull().default(0),
    awayYellow: smallint('away_yellow').notNull().default(0),
    /** Null until a feed reports corners: imported results carry the score alone (never a made-up 0-0). */
    homeCorner: smallint('home_corner'),
    awayCorner: smallint('away_corner'),
    venue: text('venue'),
    neutral: boolean('neutral').notNull().default(false),
    /** 竞彩 number (周三001 / 周三301), 北单 issue and number, 足彩 issue and order 1–14. */
    jcNo: text('jc_no'),
    bdIssue: text('bd_issue'),
    bdNo: smallint('bd_no'),
    zcIssue: text('zc_issue'),
    zcOrder: smallint('zc_order'),
    /** How much attention a match gets (competition and team strength): ranks hot lists. */
    heat: integer('heat').notNull().default(0),
    hasLineup: boolean('has_lineup').notNull().default(false),
    hasText: boolean('has_text').notNull().default(false),
    /** How many steps of its plan the simulator has applied (simulator matches only). */
    simCursor: integer('sim_cursor').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matches_kickoff_idx').on(t.sport, t.kickoffAt),
    index('matches_kickoff_all_idx').on(t.kickoffAt),
    index('matches_season_idx').on(t.seasonId, t.roundId),
    index('matches_home_idx').on(t.homeTeamId, t.kickoffAt),
    index('matches_away_idx').on(t.awayTeamId, t.kickoffAt),
    index('matches_state_idx').on(t.sport, t.state),
  ],
);

/**
 * Goals, cards, substitutions, VAR, shoot-out kicks; basketball scoring runs and timeouts.
 * `side` is the team the event counts for (an own goal counts for the other team: the player
 * named is the one who put it in). `seq` orders events and makes feeding them idempotent.
 */
export const matchEvents = pgTable(
  'match_events',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    side: smallint('side').notNull(),
    minute: smallint('minute'),
    addedMinute: smallint('added_minute'),
    period: smallint('period'),
    clockSeconds: smallint('clock_seconds'),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    playerName: text('player_name'),
    /** The assist, or the player going off for a substitution (`player` is the one coming on). */
    otherPlayerId: integer('other_player_id').references(() => players.id, { onDelete: 'set null' }),
    otherPlayerName: text('other_player_name'),
    detail: text('detail'),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('match_events_seq').on(t.matchId, t.seq)],
);

/** Team statistics per side; keys in src/lib/sports/stats.ts (possession, shots … / fg, reb …). */
export const matchTeamStats = pgTable(
  'match_team_stats',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: smallint('side').notNull(),
    stats: jsonb('stats').$type<Record<string, number>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.side] })],
);

/**
 * One player's line in one match. Basketball box-score columns follow the spec's player-stats
 * names (fieldGoalsScored, threePoints …); accuracy and assistRate are derived when read.
 */
export const matchPlayerStats = pgTable(
  'match_player_stats',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    side: smallint('side').notNull(),
    starter: boolean('starter').notNull().default(false),
    minutesPlayed: smallint('minutes_played').notNull().default(0),
    points: smallint('points').notNull().default(0),
    fieldGoalsScored: smallint('field_goals_scored').notNull().default(0),
    fieldGoalsAttempted: smallint('field_goals_attempted').notNull().default(0),
    threePoints: smallint('three_points').notNull().default(0),
    threePointsAttempted: smallint('three_points_attempted').notNull().default(0),
    freeThrowsScored: smallint('free_throws_scored').notNull().default(0),
    freeThrowsAttempted: smallint('free_throws_attempted').notNull().default(0),
    offensiveRebounds: smallint('offensive_rebounds').notNull().default(0),
    defensiveRebounds: smallint('defensive_rebounds').notNull().default(0),
    rebounds: smallint('rebounds').notNull().default(0),
    assists: smallint('assists').notNull().default(0),
    steals: smallint('steals').notNull().default(0),
    blocks: smallint('blocks').notNull().default(0),
    turnovers: smallint('turnovers').notNull().default(0),
    fouls: smallint('fouls').notNull().default(0),
    plusMinus: smallint('plus_minus').notNull().default(0),
    /** Football. */
    goals: smallint('goals').notNull().default(0),
    shots: smallint('shots').notNull().default(0),
    yellowCards: smallint('yellow_cards').notNull().default(0),
    redCards: smallint('red_cards').notNull().default(0),
    rating: real('rating'),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.playerId] }),
    index('match_player_stats_player_idx').on(t.playerId),
  ],
);

export const matchLineups = pgTable(
  'match_lineups',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: smallint('side').notNull(),
    formation: text('formation'),
    coach: text('coach'),
    confirmed: boolean('confirmed').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.side] })],
);

export const matchLineupPlayers = pgTable(
  'match_lineup_players',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: smallint('side').notNull(),
    /** Order within the lineup: starters 0–10 in formation order (goalkeeper first), then substitutes. */
    slot: smallint('slot').notNull(),
    playerId: integer('player_id').references(() => players.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    shirtNumber: integer('shirt_number'),
    position: text('position'),
    starter: boolean('starter').notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.side, t.slot] })],
);

/** 文字直播: Chinese commentary lines, newest last by `seq`. */
export const matchTexts = pgTable(
  'match_texts',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** 'info' | 'goal' | 'card' | 'sub' | 'period' | 'score' | 'chance' */
    kind: text('kind').notNull(),
    side: smallint('side'),
    minute: smallint('minute'),
    period: smallint('period'),
    clockSeconds: smallint('clock_seconds'),
    text: text('text').notNull(),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('match_texts_seq').on(t.matchId, t.seq)],
);
