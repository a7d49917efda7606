import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { matches } from './sports-match.ts';

export const oddsCompanies = pgTable('odds_companies', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** The lottery itself (竞彩官方, 北单) rather than a bookmaker. */
  isLottery: boolean('is_lottery').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/**
 * One company's prices for one market of one match: opening (`open*`) and current values.
 * Markets (src/lib/vocab/play-types.ts): eu = 1X2 (v1 home, v2 draw, v3 away; basketball has no
 * draw), asia/jc_rqspf/bd_rqspf/jc_rf = handicap (line in goals or points from the home side,
 * positive when home gives), ou/jc_dxf = totals (v1 over, v3 under).
 */
export const odds = pgTable(
  'odds',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => oddsCompanies.id, { onDelete: 'cascade' }),
    market: text('market').notNull(),
    open1: real('open1'),
    open2: real('open2'),
    open3: real('open3'),
    openLine: real('open_line'),
    v1: real('v1'),
    v2: real('v2'),
    v3: real('v3'),
    line: real('line'),
    /** Betting on it stopped (kick-off for lottery markets, the final whistle for others). */
    closed: boolean('closed').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('odds_once').on(t.matchId, t.companyId, t.market)],
);

/** Every change of an `odds` row, with the match score and minute at the time. */
export const oddsChanges = pgTable(
  'odds_changes',
  {
    id: serial('id').primaryKey(),
    oddsId: integer('odds_id')
      .notNull()
      .references(() => odds.id, { onDelete: 'cascade' }),
    matchId: integer('match_id').notNull(),
    v1: real('v1'),
    v2: real('v2'),
    v3: real('v3'),
    line: real('line'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Changed during play (滚球) rather than before kick-off. */
    live: boolean('live').notNull().default(false),
    minute: smallint('minute'),
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
  },
  (t) => [unique('odds_changes_at').on(t.oddsId, t.at), index('odds_changes_match_idx').on(t.matchId)],
);
