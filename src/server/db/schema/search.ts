import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The site search index (docs/search.md): one row per searchable thing. `tokens` is the text
 * segmented by Intl.Segmenter (plus pinyin and English names for teams and players), space-joined
 * and lower-cased; `tsv` is its 'simple' full-text vector, the same on PGlite and PostgreSQL.
 * `sig` fingerprints the source fields so the sync job rewrites only rows that changed.
 */
export const searchDocs = pgTable(
  'search_docs',
  {
    id: serial('id').primaryKey(),
    /** team | player | competition | room | anchor | expert | plan | article | post | help */
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    sport: smallint('sport'),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    href: text('href').notNull(),
    image: text('image'),
    /** '|'-wrapped exact names (lower case), for the exact-name bonus: |曼城|manchester city|mc| */
    names: text('names').notNull().default('|'),
    tokens: text('tokens').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, tokens)`),
    /** Popularity within its kind (0–1): breaks ties between equally good matches. */
    boost: real('boost').notNull().default(0),
    sig: text('sig').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('search_docs_ref').on(t.kind, t.refId), index('search_docs_tsv_idx').using('gin', t.tsv)],
);

/**
 * Words people searched for: `hits` counts searches (once per visitor and word per half hour), for
 * the console. Staff pin (in `sort` order) or hide words. How hot a word is comes from
 * `hot_search_visitors`.
 */
export const hotSearches = pgTable('hot_searches', {
  id: serial('id').primaryKey(),
  word: text('word').notNull().unique(),
  sort: integer('sort').notNull().default(0),
  hits: integer('hits').notNull().default(0),
  pinned: boolean('pinned').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
});

/**
 * Who searched a word, and when last: one row per word and visitor, so a word's heat is the number
 * of different visitors (each weighing less as their search ages), never the number of searches.
 * `visitor` is a keyed hash of the visitor's network (or account), not the address itself.
 */
export const hotSearchVisitors = pgTable(
  'hot_search_visitors',
  {
    word: text('word').notNull(),
    visitor: text('visitor').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.word, t.visitor] }), index('hot_search_visitors_at_idx').on(t.searchedAt)],
);
