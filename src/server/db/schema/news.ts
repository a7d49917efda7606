import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** News (docs/news.md): columns, articles with tags and edit history, comments, likes, reports, collections. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const articleRef = () =>
  integer('article_id')
    .notNull()
    .references(() => newsArticles.id, { onDelete: 'cascade' });

/** 栏目: 头条, 英超 … 专题. `competitionKey` ties a column to the sports engine's competition. */
export const newsColumns = pgTable('news_columns', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  competitionKey: text('competition_key'),
  intro: text('intro').notNull().default(''),
  sort: smallint('sort').notNull().default(0),
});

/**
 * An article. status: draft | published (visible once `publishAt` has passed) | unpublished | deleted.
 * kind: editor | preview | report | review | guide. `sourceKey` makes generated articles idempotent
 * (`report:{matchId}`). `previewToken` opens a draft to whoever holds the link.
 */
/** The fields of a pending change to a published article (docs/news.md, "Changing a published article"). */
export interface PendingArticle {
  columnId: number;
  title: string;
  summary: string;
  cover: string | null;
  body: string;
  tags: { kind: string; refId: number; label: string }[];
}

export const newsArticles = pgTable(
  'news_articles',
  {
    id: serial('id').primaryKey(),
    columnId: integer('column_id')
      .notNull()
      .references(() => newsColumns.id),
    kind: text('kind').notNull().default('editor'),
    sourceKey: text('source_key').unique(),
    /** About a simulated (演示) match: readers see a 演示 badge, the prose never apologises. */
    demo: boolean('demo').notNull().default(false),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    cover: text('cover'),
    body: text('body').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    status: text('status').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    previewToken: text('preview_token').notNull(),
    views: integer('views').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    collectCount: integer('collect_count').notNull().default(0),
    /** A change to a published article, kept beside it until published (readers keep the live text). */
    draft: jsonb('draft').$type<PendingArticle>(),
    draftAt: timestamp('draft_at', { withTimezone: true }),
    draftBy: integer('draft_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_articles_list_idx').on(t.status, t.publishAt),
    index('news_articles_column_idx').on(t.columnId, t.publishAt),
  ],
);

/** What an article is about: kind team | match | player, with the label shown on the tag. */
export const newsTags = pgTable(
  'news_tags',
  {
    id: serial('id').primaryKey(),
    articleId: articleRef(),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    label: text('label').notNull(),
  },
  (t) => [
    unique('news_tags_once').on(t.articleId, t.kind, t.refId),
    index('news_tags_ref_idx').on(t.kind, t.refId),
  ],
);

/** Every saved version (the edit history): who, when and what the article looked like. */
export const newsRevisions = pgTable(
  'news_revisions',
  {
    id: serial('id').primaryKey(),
    articleId: articleRef(),
    editorId: integer('editor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('news_revisions_article_idx').on(t.articleId)],
);

/** Comments in two levels (`parentId` null = top level); status visible | hidden. */
export const newsComments = pgTable(
  'news_comments',
  {
    id: serial('id').primaryKey(),
    articleId: articleRef(),
    userId: userRef('user_id'),
    parentId: integer('parent_id'),
    replyToUserId: integer('reply_to_user_id'),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    status: text('status').notNull().default('visible'),
    createdAt: createdAt(),
  },
  (t) => [index('news_comments_article_idx').on(t.articleId, t.parentId)],
);

export const newsCommentLikes = pgTable(
  'news_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => newsComments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
  },
  (t) => [unique('news_comment_likes_once').on(t.commentId, t.userId)],
);

export const newsCommentReports = pgTable(
  'news_comment_reports',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => newsComments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    reason: text('reason').notNull(),
    /** open | upheld | dismissed: staff decide in the console's report queue (docs/ops.md). */
    state: text('state').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [unique('news_comment_reports_once').on(t.commentId, t.userId)],
);

/** 收藏: one row per user and article. */
export const newsCollects = pgTable(
  'news_collects',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    articleId: articleRef(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('news_collects_once').on(t.userId, t.articleId),
    index('news_collects_user_idx').on(t.userId),
  ],
);

export type NewsArticleRow = typeof newsArticles.$inferSelect;
