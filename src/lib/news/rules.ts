/** News rules shared by the pages, the editor console and the server (docs/news.md). */
export const NEWS_RULES = {
  pageSize: 30,
  titleMax: 80,
  summaryMax: 200,
  bodyMax: 50_000,
  tagsMax: 20,
  /** Distinct reporters that hide a comment at once. */
  reportsToHide: 3,
  hotDays: 14,
} as const;

export const NEWS_KINDS = {
  editor: '编辑原创',
  preview: '赛前前瞻',
  report: '赛后战报',
  review: '赛季回顾',
  guide: '玩法指南',
} as const;
export type NewsKind = keyof typeof NEWS_KINDS;

export const NEWS_STATUSES = {
  draft: '草稿',
  published: '已发布',
  unpublished: '已下线',
  deleted: '已删除',
} as const;
export type NewsStatus = keyof typeof NEWS_STATUSES;

export const TAG_KINDS = { team: '球队', match: '比赛', player: '球员' } as const;
export type TagKind = keyof typeof TAG_KINDS;

export const newsHref = (id: number) => `/news/${id}`;
export const columnHref = (slug: string | null, page = 1) =>
  `/news/pages${page > 1 ? `/${page}` : ''}${slug ? `?column=${encodeURIComponent(slug)}` : ''}`;

/**
 * A headline beside its column's tag ("[NBA] 雷霆123-105国王"): the headline's own lead-in naming the same
 * column ("NBA：") is dropped, so a list does not read "[NBA] NBA：…". Other headlines stay whole.
 */
export function headlineAfterTag(title: string, column: string): string {
  for (const colon of ['：', ':'])
    if (title.startsWith(column + colon) && title.length > column.length + 1)
      return title.slice(column.length + 1).trimStart();
  return title;
}
