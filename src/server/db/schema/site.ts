import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Key/value settings that operators can change without a deploy (contact, statement, app links). */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Header navigation; children point at their parent (比分 → 足球 / 篮球 …). */
export const navItems = pgTable('nav_items', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  label: text('label').notNull(),
  href: text('href').notNull(),
  sort: integer('sort').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
});

/**
 * Carousel items. jumpType 1 is an internal page (targetId is a relative path such as
 * "football/live/123"); any other jumpType opens outerLink.
 */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  jumpType: integer('jump_type').notNull().default(1),
  innerPageId: integer('inner_page_id'),
  targetId: text('target_id'),
  outerLink: text('outer_link'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The schedule: shown from startsAt until endsAt (either open when null). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** Adverts and posters, looked up by placeCode (e.g. home_side, news_top). */
export const adverts = pgTable('adverts', {
  id: serial('id').primaryKey(),
  placeCode: text('place_code').notNull(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link').notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/**
 * About pages. Ids 10001–10006 are the footer's (live rules, privacy, copyright, disclaimer,
 * user agreement, feedback); category 'live' holds the anchor help pages 2, 3, 4; slug names the
 * fixed routes (/about/agreement …). `format` 'html' is the seed's trusted HTML; a page an editor
 * published is 'markdown' (rendered through the news Markdown allow-list). The draft_* columns hold
 * an editor's unpublished draft (Markdown), seen only through `preview_token`.
 */
export const aboutPages = pgTable('about_pages', {
  id: integer('id').primaryKey(),
  category: text('category').notNull().default('about'),
  slug: text('slug').unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  body: text('body').notNull(),
  format: text('format').$type<'html' | 'markdown'>().notNull().default('html'),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  draftTitle: text('draft_title'),
  draftSummary: text('draft_summary'),
  draftBody: text('draft_body'),
  draftAt: timestamp('draft_at', { withTimezone: true }),
  draftBy: integer('draft_by').references(() => users.id, { onDelete: 'set null' }),
  previewToken: text('preview_token').unique(),
});

/** Every published version of an about page (the seed's first, as 'original'): the page's history. */
export const aboutPageVersions = pgTable(
  'about_page_versions',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => aboutPages.id, { onDelete: 'cascade' }),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    format: text('format').$type<'html' | 'markdown'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('about_page_versions_page_idx').on(t.pageId)],
);

/**
 * Counters that must survive a restart when there is no Redis: SMS sending limits and the rate
 * limits of calls that move money (src/server/kv/durable.ts). With Redis they live there instead.
 */
export const durableCounters = pgTable('durable_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Short-lived values that must survive a restart without Redis, beside the counters above: the
 * time of a phone's last SMS code (its 60 s resend window). See src/server/kv/durable.ts.
 */
export const durableValues = pgTable('durable_values', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
