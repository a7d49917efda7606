/** Community rules shared by the posting island and the server (docs/community.md). The server enforces them. */
export const POST_RULES = {
  minLength: 2,
  maxLength: 2000,
  maxPictures: 9,
  /** Pictures per addPic request (the island sends one at a time to show progress). */
  picturesPerUpload: 6,
  pageSize: 30,
  /** The longest search word a feed takes (the paging body's keyword). */
  keywordMax: 50,
  /** An author with fewer visible posts than this has posts that carry links held for review. */
  trustedAfterPosts: 3,
  /** Per user: posts … */
  postBurst: 5,
  postWindowMs: 10 * 60_000,
  /** The same text from the same author is refused within this window. */
  duplicateWindowMs: 7 * 24 * 3600_000,
} as const;

export const COMMENT_RULES = {
  maxLength: 500,
  burst: 10,
  windowMs: 60_000,
  pageSize: 20,
  /** Replies shown under each top-level comment in the list. */
  repliesShown: 20,
} as const;

export const LIKE_RULES = { burst: 60, windowMs: 60_000 } as const;

/** Distinct reporters that hide an item at once, pending review. */
export const REPORTS_TO_HIDE = 3;
export const COMMUNITY_REPORT_REASONS = [
  '垃圾广告',
  '辱骂引战',
  '色情低俗',
  '赌博诈骗',
  '政治敏感',
  '侵权抄袭',
  '其他',
] as const;

export const FEEDBACK_RULES = { maxLength: 1000, contactMax: 60 } as const;

/** Feed tabs of /community: 最新 and 最热. */
export const FEED_SORTS = { new: '最新', hot: '最热' } as const;
export type FeedSort = keyof typeof FEED_SORTS;

/** A link in post text (held for review when a new author posts it). */
export const LINK_RE = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|cn|net|org|top|xyz|vip|cc)\b/i;

/** @mentions typed in text: "@昵称" up to a space or punctuation; at most 5 per post. */
export const MENTION_ALL_RE = /@([\p{L}\p{N}_-]{2,12})/gu;
export const MAX_MENTIONS = 5;
