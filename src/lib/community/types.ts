import type { MatchBrief } from '../live/types.ts';

/** Shapes of the community calls, shared by the pages, islands and API (docs/community.md). */
export interface Author {
  id: number;
  nickName: string;
  portrait: string | null;
  level: number;
  isAnchor: number;
}

export interface Picture {
  url: string;
  thumb: string;
}

export interface PostView {
  id: number;
  kind: number;
  circle: { id: number; name: string; icon: string } | null;
  author: Author;
  content: string;
  pictures: Picture[];
  /** The linked match with its current score. */
  match: MatchBrief | null;
  mentions: { id: number; nickName: string }[];
  pinned: boolean;
  /** Written by the demo (seed or job): shown with a 演示 badge. */
  demo: boolean;
  status: string;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  createdAt: string;
  /** When the text or pictures were last changed (shown as 已编辑), or null. */
  editedAt: string | null;
}

export interface CommentView {
  id: number;
  postId: number;
  parentId: number | null;
  author: Author;
  replyTo: { id: number; nickName: string } | null;
  content: string;
  likeCount: number;
  liked: boolean;
  createdAt: string;
  replies: CommentView[];
}

export interface CircleView {
  id: number;
  slug: string;
  name: string;
  icon: string;
  intro: string;
  rules: string;
  memberCount: number;
  postCount: number;
  joined: boolean;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const NOTICE_KINDS = {
  reply: '回复',
  like: '点赞',
  mention: '@我',
  system: '系统',
  purchase: '购买',
  withdrawal: '提现',
  audit: '审核',
  match: '比赛',
} as const;
export type NoticeKind = keyof typeof NOTICE_KINDS;

export interface NoticeView {
  id: number;
  kind: NoticeKind;
  title: string;
  body: string;
  link: string | null;
  /** The post, comment or article it was about is gone (deleted or hidden): no link, 内容已删除. */
  removed: boolean;
  read: boolean;
  createdAt: string;
}
