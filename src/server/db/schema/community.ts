import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Community (docs/community.md): circles, posts, comments, likes, shields, reports, feedback, notifications. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** 圈子: one per competition or topic. Counts are kept by the services that change members and posts. */
export const circles = pgTable('circles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  icon: text('icon').notNull(),
  intro: text('intro').notNull(),
  rules: text('rules').notNull().default(''),
  /** Competition key of the sports engine (matches of this circle), null for topic circles. */
  competitionKey: text('competition_key'),
  sort: smallint('sort').notNull().default(0),
  memberCount: integer('member_count').notNull().default(0),
  postCount: integer('post_count').notNull().default(0),
  createdAt: createdAt(),
});

export const circleMembers = pgTable(
  'circle_members',
  {
    id: serial('id').primaryKey(),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('circle_members_once').on(t.circleId, t.userId),
    index('circle_members_user_idx').on(t.userId),
  ],
);

/** A post. kind 1 is a circle post, 2 an anchor's dynamic (主播动态) shown to followers. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    circleId: integer('circle_id').references(() => circles.id, { onDelete: 'set null' }),
    kind: smallint('kind').notNull().default(1),
    content: text('content').notNull(),
    /** [{ url, thumb }] in the author's order, at most 9; both are files of our storage. */
    pictures: jsonb('pictures').$type<{ url: string; thumb: string }[]>().notNull().default([]),
    /** A match of the sports engine (no foreign key: matches are re-imported). */
    matchId: integer('match_id'),
    mentions: jsonb('mentions').$type<{ id: number; nickName: string }[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    /** Written by the demo seed or job, not by a person: shown with a 演示 badge. */
    demo: boolean('demo').notNull().default(false),
    /** visible | hidden (by reports or staff) | review (waits for staff) | deleted */
    status: text('status').notNull().default('visible'),
    /** sha256 of the normalised text: the same author may not post the same text twice. */
    contentHash: text('content_hash').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    /** Set when the author (or staff) last changed the text or pictures: the post shows 已编辑. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_circle_idx').on(t.circleId, t.status, t.createdAt),
    index('posts_user_idx').on(t.userId, t.createdAt),
    index('posts_kind_idx').on(t.kind, t.status, t.createdAt),
    index('posts_hash_idx').on(t.userId, t.contentHash),
    check('posts_status_kind', sql`${t.status} in ('visible','hidden','review','deleted')`),
    check('posts_kind_range', sql`${t.kind} in (1, 2)`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('post_likes_once').on(t.postId, t.userId)],
);

/** Comments: parentId null is a top-level comment, else a reply under it (two levels only). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    parentId: integer('parent_id'),
    /** Whom a reply answers (shown as 回复 @昵称). */
    replyToUserId: integer('reply_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    status: text('status').notNull().default('visible'),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.parentId, t.createdAt),
    check('comments_status_kind', sql`${t.status} in ('visible','hidden','deleted')`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    id: serial('id').primaryKey(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [unique('comment_likes_once').on(t.commentId, t.userId)],
);

/** 屏蔽: a post or an author hidden from one user's feeds. */
export const shields = pgTable(
  'shields',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shields_post_once').on(t.userId, t.postId),
    uniqueIndex('shields_author_once').on(t.userId, t.authorId),
    check('shields_one_target', sql`(${t.postId} is null) <> (${t.authorId} is null)`),
  ],
);

/** 举报: one per reporter and item. Three open reports hide the item until staff decide. */
export const communityReports = pgTable(
  'community_reports',
  {
    id: serial('id').primaryKey(),
    /** post | comment */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    reporterId: userRef('reporter_id'),
    reason: text('reason').notNull(),
    /** open | upheld (hidden) | dismissed (restored) */
    state: text('state').notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('community_reports_once').on(t.targetType, t.targetId, t.reporterId),
    index('community_reports_state_idx').on(t.state, t.createdAt),
    check('community_reports_target', sql`${t.targetType} in ('post','comment')`),
  ],
);

/** Users staff have barred from posting and commenting (the account itself still works). */
export const communityBans = pgTable('community_bans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** 意见反馈 (/inform/feedback/add), read by operators at /ops/feedback. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    screenshot: text('screenshot'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt)],
);

/**
 * 消息通知 (/v/message): one row per notice. Community writes reply/like/mention/system; purchases,
 * withdrawals and audits write theirs through the same notify() call.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.kind, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
