import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Author } from '../../../lib/community/types.ts';
import type { Db } from '../../db/client.ts';

type Int = AnyPgColumn<{ data: number; notNull: true }>;
type IntOrNull = AnyPgColumn<{ data: number; notNull: false }>;
type Text = AnyPgColumn<{ data: string; notNull: true }>;
type Time = AnyPgColumn<{ data: Date; notNull: true }>;

/**
 * A comments table: the same columns in each kind, and `K` (postId, articleId) naming the commented
 * thing. Status `visible | hidden` (`deleted` where the kind has it); `parentId` null is a top-level comment.
 */
export type CommentTable<K extends string> = PgTable &
  Record<K, Int> & {
    id: Int;
    userId: Int;
    parentId: IntOrNull;
    replyToUserId: IntOrNull;
    content: Text;
    status: Text;
    likeCount: Int;
    createdAt: Time;
  };

/** A comment as the service reads it: `on` is the commented thing's id. */
export interface CommentRow {
  id: number;
  on: number;
  userId: number;
  parentId: number | null;
  replyToUserId: number | null;
  content: string;
  status: string;
  likeCount: number;
  createdAt: Date;
}

/** What a kind's view is made from (`on` becomes its own key: postId, articleId). */
export interface CommentParts {
  id: number;
  on: number;
  parentId: number | null;
  author: Author;
  replyTo: { id: number; nickName: string } | null;
  content: string;
  likeCount: number;
  liked: boolean;
  createdAt: string;
  replies: never[];
}

/** A view as the service files it: replies under their top-level comment. */
export interface CommentViewBase<V> {
  id: number;
  parentId: number | null;
  replies: V[];
}

/**
 * One kind of commentable thing (a community post, a news article): only what differs between the kinds.
 * The rules themselves (text, bans, pace, replies, likes, counters, notices) are the service's.
 */
export interface CommentKind<K extends string, V extends CommentViewBase<V>> {
  /** The thing's id in the calls' input and in the views, and its column in `table`. */
  key: K;
  table: CommentTable<K>;
  /** One row per user and comment (a unique key). */
  likes: PgTable & { commentId: Int; userId: Int };
  /** The commented things, with their counter of visible comments. */
  things: PgTable & { id: Int; commentCount: Int };
  /**
   * The thing if readers may see it (and so comment on it), else throws the kind's 404. `owner`: who is
   * told of a new top-level comment (with `notices.comment`), or null.
   */
  find(db: Db, id: number): Promise<{ id: number; owner: number | null }>;
  /** The KV buckets of the per-user pace (COMMENT_RULES, LIKE_RULES). */
  pace: { comment: string; like: string };
  /** Notice titles (`{nick}` the actor); one left out is not sent. */
  notices: { reply: string; comment?: string; like?: string };
  /** Where a notice about a comment leads. */
  link(thingId: number, commentId: number): string;
  view(parts: CommentParts): V;
}
