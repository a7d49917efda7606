import type { MatchBrief } from '../live/types.ts';
import type { NewsKind, NewsStatus, TagKind } from './rules.ts';

export interface NewsColumnView {
  id: number;
  slug: string;
  name: string;
  intro: string;
  count: number;
}

export interface NewsTag {
  kind: TagKind;
  refId: number;
  label: string;
  href: string;
}

export interface ArticleCard {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  kind: NewsKind;
  /** About a simulated match: shown with a 演示 badge. */
  demo: boolean;
  column: { id: number; slug: string; name: string };
  authorId: number | null;
  authorName: string;
  publishedAt: string;
  views: number;
  commentCount: number;
}

export interface ArticleDetail extends ArticleCard {
  status: NewsStatus;
  /** Sanitised HTML rendered from the stored Markdown. */
  html: string;
  body: string;
  tags: NewsTag[];
  matches: MatchBrief[];
  collectCount: number;
  collected: boolean;
  updatedAt: string;
  /** Preview only: this is a published article's pending change, not what readers see yet. */
  pending?: boolean;
}

export interface NewsCommentView {
  id: number;
  articleId: number;
  parentId: number | null;
  author: { id: number; nickName: string; portrait: string | null; isAnchor: number };
  replyTo: { id: number; nickName: string } | null;
  content: string;
  likeCount: number;
  liked: boolean;
  createdAt: string;
  replies: NewsCommentView[];
}

export interface NewsPage<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
