import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Competitions, seasons, stages, rounds, teams, players and squads (issue 5 data model).
 * `sport` is 1 football, 2 basketball (src/lib/vocab/sports.ts). `key` columns hold the
 * stable outside identity a row was imported under, so every import is an idempotent upsert.
 */
export const competitions = pgTable('competitions', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  sport: smallint('sport').notNull(),
  nameZh: text('name_zh').notNull(),
  fullNameZh: text('full_name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  shortName: text('short_name').notNull(),
  /** FIFA-style country code; null for international competitions. */
  country: text('country'),
  /** Region the competition index groups by: 英格兰, 欧洲, 中国, 美国 … */
  regionZh: text('region_zh').notNull(),
  /** 'league' | 'cup' */
  type: text('type').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  /** Badge colour (hex) drawn behind the short name: there are no licensed logos. */
  color: text('color').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    /** '2024-25', or '2025' for calendar-year leagues. */
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    isCurrent: boolean('is_current').notNull().default(false),
    /** Made up by the simulator (NBA/CBA demo seasons), not from a source. */
    generated: boolean('generated').notNull().default(false),
  },
  (t) => [unique('seasons_name_once').on(t.competitionId, t.name)],
);

export const stages = pgTable(
  'stages',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    /** 'league' | 'group' | 'playoff' | 'knockout' | 'regular' */
    kind: text('kind').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('stages_key_once').on(t.seasonId, t.key)],
);

export const rounds = pgTable(
  'rounds',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    nameZh: text('name_zh').notNull(),
    /** Matchday number within the stage, when it has one. */
    number: integer('number'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('rounds_key_once').on(t.stageId, t.key), index('rounds_season_idx').on(t.seasonId)],
);

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    sport: smallint('sport').notNull(),
    name: text('name').notNull(),
    nameZh: text('name_zh').notNull(),
    fullNameZh: text('full_name_zh').notNull(),
    /** Three-letter code shown where space is tight (ARS, LAL). */
    shortName: text('short_name').notNull(),
    country: text('country'),
    city: text('city'),
    founded: integer('founded'),
    venue: text('venue'),
    /** NBA conference ('East' | 'West'), for standings by conference. */
    conference: text('conference'),
    color: text('color').notNull(),
    /** Strength: football Elo from the imported results; basketball points per game over average. */
    rating: real('rating').notNull().default(1500),
    /** The rating was made up (no results to compute it from). */
    ratingGenerated: boolean('rating_generated').notNull().default(false),
    /** Head coach: name in Latin letters (pinyin for Chinese names) and in Chinese. */
    coach: text('coach'),
    coachZh: text('coach_zh'),
    /**
     * Set by earlier imports, which made coaches up; nothing sets it now. It only lets
     * `dropGeneratedCoaches` clear those coaches from databases imported then.
     */
    coachGenerated: boolean('coach_generated').notNull().default(false),
  },
  (t) => [index('teams_sport_idx').on(t.sport)],
);

export const players = pgTable(
  'players',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    sport: smallint('sport').notNull(),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    shirtNumber: integer('shirt_number'),
    /** Spec vocabulary: football F M D G … GK, basketball C SF PF SG PG F G. */
    position: text('position'),
    nationality: text('nationality'),
    /** Full date when known, else only the year. */
    birthDate: date('birth_date', { mode: 'string' }),
    birthYear: integer('birth_year'),
    /** The club the player is with now (latest squad). */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Made up for a roster no source has (shown as 演示). */
    generated: boolean('generated').notNull().default(false),
  },
  (t) => [index('players_team_idx').on(t.teamId)],
);

export const squads = pgTable(
  'squads',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    shirtNumber: integer('shirt_number'),
    position: text('position'),
    /** The membership was assigned by the importer, not taken from a squad list. */
    generated: boolean('generated').notNull().default(false),
  },
  (t) => [unique('squads_once').on(t.seasonId, t.teamId, t.playerId), index('squads_team_idx').on(t.teamId)],
);

/** Points taken off by the league (not in the results data): EPL 2023-24 Everton −8, Forest −4. */
export const pointDeductions = pgTable(
  'point_deductions',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    points: smallint('points').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [unique('point_deductions_once').on(t.seasonId, t.teamId, t.reason)],
);

/**
 * A published final table kept as it was published (NBA 2024-25 from hoopR-nba-raw, CC BY 4.0):
 * used where the results behind it are not in the data. Other tables are computed from results.
 */
export const publishedStandings = pgTable(
  'published_standings',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    groupName: text('group_name'),
    rank: smallint('rank').notNull(),
    played: smallint('played').notNull(),
    won: smallint('won').notNull(),
    lost: smallint('lost').notNull(),
    drawn: smallint('drawn').notNull().default(0),
    pointsFor: integer('points_for').notNull(),
    pointsAgainst: integer('points_against').notNull(),
    home: text('home'),
    away: text('away'),
    note: text('note'),
  },
  (t) => [unique('published_standings_once').on(t.seasonId, t.teamId)],
);
