import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';

import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES, type NewsStatus } from '../../../lib/news/rules.ts';
import type { ArticleCard, ArticleDetail, NewsColumnView, NewsPage } from '../../../lib/news/types.ts';
import type { Db } from '../../db/client.ts';
import {
  newsArticles,
  newsCollects,
  newsColumns,
  newsTags,
  type NewsArticleRow,
} from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import type { MatchLookup } from '../live/matches.ts';
import { selectCards, tagsOf, toCard, visible } from './cards.ts';
import { renderMarkdown } from './markdown.ts';

export interface ListQuery {
  columnId?: number;
  keyword?: string;
  authorId?: number;
  pageNum: number;
  pageSize: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Views, comments and collections against age: what readers care about now. */
const heat = sql`(${newsArticles.views} + 5 * ${newsArticles.commentCount} + 10 * ${newsArticles.collectCount} + 1)
  / power(extract(epoch from (now() - ${newsArticles.publishAt})) / 3600 + 2, 1.2)`;

/** What readers see: columns, lists, hot and recommended articles, one article with its neighbours. */
export function createArticleService(db: Db, matches: MatchLookup) {
  async function detailOf(row: NewsArticleRow, viewerId: number | null): Promise<ArticleDetail> {
    const [[card], tags, collected] = await Promise.all([
      selectCards(db).where(eq(newsArticles.id, row.id)),
      tagsOf(db, [row.id]),
      viewerId
        ? db.$count(newsCollects, and(eq(newsCollects.userId, viewerId), eq(newsCollects.articleId, row.id)))
        : 0,
    ]);
    const list = tags.get(row.id) ?? [];
    const briefs = await matches.briefs(list.filter((t) => t.kind === 'match').map((t) => t.refId));
    return {
      ...toCard(card),
      status: row.status as NewsStatus,
      html: renderMarkdown(row.body),
      body: row.body,
      tags: list,
      matches: [...briefs.values()],
      collectCount: row.collectCount,
      collected: collected > 0,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  return {
    async columns(): Promise<NewsColumnView[]> {
      const counts = await db
        .select({ columnId: newsArticles.columnId, n: count() })
        .from(newsArticles)
        .where(visible())
        .groupBy(newsArticles.columnId);
      const rows = await db.select().from(newsColumns).orderBy(asc(newsColumns.sort), asc(newsColumns.id));
      return rows.map((c) => ({
        id: c.id,
        slug: c.slug,
        name: c.name,
        intro: c.intro,
        count: counts.find((x) => x.columnId === c.id)?.n ?? 0,
      }));
    },

    async columnBySlug(slug: string) {
      const [c] = await db.select().from(newsColumns).where(eq(newsColumns.slug, slug));
      return c ?? null;
    },

    /** POST /inform/info/list: newest first; keyword searches title and summary. */
    async list(q: ListQuery): Promise<NewsPage<ArticleCard>> {
      const where: SQL[] = [visible()];
      if (q.columnId) where.push(eq(newsArticles.columnId, q.columnId));
      if (q.authorId) where.push(eq(newsArticles.authorId, q.authorId));
      if (q.keyword) {
        const like = `%${escapeLike(q.keyword)}%`;
        where.push(or(ilike(newsArticles.title, like), ilike(newsArticles.summary, like))!);
      }
      const cond = and(...where);
      const [rows, total] = await Promise.all([
        selectCards(db)
          .where(cond)
          .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.$count(newsArticles, cond),
      ]);
      return { list: rows.map(toCard), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    /** The hot list: heat over the last two weeks (views are flushed from the KV buffer). */
    async hot(limit = 10, columnId?: number): Promise<ArticleCard[]> {
      const rows = await selectCards(db)
        .where(
          and(
            visible(),
            gt(newsArticles.publishAt, sql`now() - make_interval(days => ${NEWS_RULES.hotDays})`),
            columnId ? eq(newsArticles.columnId, columnId) : undefined,
          ),
        )
        .orderBy(desc(heat), desc(newsArticles.id))
        .limit(limit);
      return rows.map(toCard);
    },

    /** Recommended: season reviews, guides and editors' pieces readers collected most. */
    async recommend(limit = 6, exceptId?: number): Promise<ArticleCard[]> {
      const rows = await selectCards(db)
        .where(
          and(
            visible(),
            inArray(newsArticles.kind, ['review', 'guide', 'editor']),
            exceptId ? ne(newsArticles.id, exceptId) : undefined,
          ),
        )
        .orderBy(desc(newsArticles.collectCount), desc(newsArticles.publishAt))
        .limit(limit);
      return rows.map(toCard);
    },

    /** A column's banner: its newest articles with a cover (the whole site's for 头条). */
    async banner(columnId?: number, limit = 5): Promise<ArticleCard[]> {
      const rows = await selectCards(db)
        .where(
          and(
            visible(),
            isNotNull(newsArticles.cover),
            columnId ? eq(newsArticles.columnId, columnId) : undefined,
          ),
        )
        .orderBy(desc(newsArticles.publishAt))
        .limit(limit);
      return rows.map(toCard);
    },

    /** GET /inform/info/detail/{id}: 404 unknown or unpublished, 410 deleted (data names the column). */
    async detail(id: number, viewerId: number | null): Promise<ArticleDetail> {
      const [row] = await db.select().from(newsArticles).where(eq(newsArticles.id, id));
      if (!row) throw notFound(NEWS_MSG.articleNotFound);
      if (row.status === 'deleted') {
        const [c] = await db.select().from(newsColumns).where(eq(newsColumns.id, row.columnId));
        throw new ApiError(410, NEWS_MSG.articleGone, { column: { slug: c.slug, name: c.name } });
      }
      const live = row.status === 'published' && row.publishAt && row.publishAt.getTime() <= Date.now();
      if (!live) throw notFound(NEWS_MSG.articleNotFound);
      return detailOf(row, viewerId);
    },

    /** The private preview link of a draft (any state but deleted). */
    async preview(token: string): Promise<ArticleDetail | null> {
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
      const [row] = await db.select().from(newsArticles).where(eq(newsArticles.previewToken, token));
      if (!row || row.status === 'deleted') return null;
      const d = row.draft;
      if (!d) return detailOf(row, null);
      // A published article's pending change: shown as it will read once published.
      const [live, [column]] = await Promise.all([
        detailOf(row, null),
        db.select().from(newsColumns).where(eq(newsColumns.id, d.columnId)),
      ]);
      return {
        ...live,
        title: d.title,
        summary: d.summary,
        cover: d.cover,
        body: d.body,
        html: renderMarkdown(d.body),
        column: column ? { id: column.id, slug: column.slug, name: column.name } : live.column,
        pending: true,
      };
    },

    /** Articles sharing a team or match tag, then the same column. */
    async related(a: ArticleDetail, limit = 6): Promise<ArticleCard[]> {
      const refs = a.tags.filter((t) => t.kind !== 'player');
      const tagged = refs.length
        ? await db
            .selectDistinct({ id: newsTags.articleId })
            .from(newsTags)
            .where(or(...refs.map((t) => and(eq(newsTags.kind, t.kind), eq(newsTags.refId, t.refId))))!)
            .limit(50)
        : [];
      const ids = tagged.map((t) => t.id).filter((x) => x !== a.id);
      const rows = await selectCards(db)
        .where(
          and(
            visible(),
            ne(newsArticles.id, a.id),
            ids.length
              ? or(inArray(newsArticles.id, ids), eq(newsArticles.columnId, a.column.id))
              : eq(newsArticles.columnId, a.column.id),
          ),
        )
        .orderBy(...(ids.length ? [desc(inArray(newsArticles.id, ids))] : []), desc(newsArticles.publishAt))
        .limit(limit);
      return rows.map(toCard);
    },

    /** The previous (older) and next (newer) article of the same column. */
    async neighbours(a: ArticleDetail): Promise<{ prev: ArticleCard | null; next: ArticleCard | null }> {
      const at = new Date(a.publishedAt);
      const base = and(visible(), eq(newsArticles.columnId, a.column.id), ne(newsArticles.id, a.id));
      const [[prev], [next]] = await Promise.all([
        selectCards(db)
          .where(and(base, lt(newsArticles.publishAt, at)))
          .orderBy(desc(newsArticles.publishAt))
          .limit(1),
        selectCards(db)
          .where(and(base, gt(newsArticles.publishAt, at)))
          .orderBy(asc(newsArticles.publishAt))
          .limit(1),
      ]);
      return { prev: prev ? toCard(prev) : null, next: next ? toCard(next) : null };
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
