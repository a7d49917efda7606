import { parseId } from '../match/params.ts';
import { beijingDate, beijingTime } from '../sports/time.ts';

/** 刚刚 / 5分钟前 / 3小时前 / 2天前, then the Beijing date. */
export function ago(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return '刚刚';
  if (s < 3600) return `${Math.floor(s / 60)}分钟前`;
  if (s < 86400) return `${Math.floor(s / 3600)}小时前`;
  if (s < 7 * 86400) return `${Math.floor(s / 86400)}天前`;
  return `${beijingDate(at)} ${beijingTime(at)}`;
}

/** The first line of a post, for titles and descriptions. */
export const excerpt = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return [...flat].length > max ? `${[...flat].slice(0, max).join('')}…` : flat;
};

export const postHref = (id: number) => `/community/post/${id}`;
export const personalHref = (a: { id: number; isAnchor: number }) =>
  `/personal/${a.id}?headerNavIndex=${a.isAnchor === 1 ? 2 : 0}`;

/** ?page and ?sort of a feed page, bounded. */
export function feedQuery(url: URL): { pageNum: number; pageSize: number; sort: 'new' | 'hot' } {
  const pageNum = Math.min(
    10_000,
    Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1),
  );
  return { pageNum, pageSize: 30, sort: url.searchParams.get('sort') === 'hot' ? 'hot' : 'new' };
}

/** A positive id from a route parameter, or null. */
export const idParam = (v: string | undefined): number | null => parseId(v);
