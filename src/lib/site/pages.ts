/** The about/help pages' editor: limits and messages (docs/news.md, "About and help pages"). */
export const PAGE_RULES = { titleMax: 40, summaryMax: 200, bodyMax: 30_000 } as const;

export const PAGE_MSG = {
  pageNotFound: '页面不存在',
  titleEmpty: '参数 title 无效：标题不能为空',
  titleTooLong: '参数 title 无效：标题不能超过 {max} 个字',
  summaryTooLong: '参数 summary 无效：摘要不能超过 {max} 个字',
  bodyEmpty: '参数 body 无效：正文不能为空',
  bodyTooLong: '参数 body 无效：正文不能超过 {max} 个字',
  noDraft: '这个页面没有待发布的草稿',
  versionNotFound: '历史版本不存在',
} as const;

/** What each line of a page's history means. */
export const PAGE_VERSION_ACTIONS: Record<string, string> = {
  original: '初始版本',
  publish: '发布',
};

/** A page's public address: help pages by id under /about/live, the rest by slug (or id). */
export const aboutHref = (p: { id: number; category: string; slug: string | null }) =>
  p.category === 'live' ? `/about/live/${p.id}` : `/about/${p.slug ?? p.id}`;
