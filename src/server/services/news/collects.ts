import { and, desc, eq, sql } from 'drizzle-orm';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import type { ArticleCard, NewsPage } from '../../../lib/news/types.ts';
import type { Db } from '../../db/client.ts';
import { newsArticles, newsCollects } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { selectCards, toCard, visible } from './cards.ts';

/** 收藏: one row per reader and article; the article's count follows the rows under its row lock. */
export function createNewsCollects(db: Db) {
  return {
    /** Whether the user collected the article (GET /inform/info/mine). */
    async has(userId: number, articleId: number): Promise<boolean> {
      const mine = and(eq(newsCollects.userId, userId), eq(newsCollects.articleId, articleId));
      return (await db.$count(newsCollects, mine)) > 0;
    },

    /** GET /inform/info/collect?collectId&flag: flag 1 collects, 0 removes, absent toggles. */
    async set(userId: number, articleId: number, want?: boolean) {
      const [a] = await db
        .select({ id: newsArticles.id })
        .from(newsArticles)
        .where(and(eq(newsArticles.id, articleId), visible()));
      if (!a) throw notFound(NEWS_MSG.articleNotFound);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from news_articles where id = ${articleId} for update`);
        const mine = and(eq(newsCollects.userId, userId), eq(newsCollects.articleId, articleId));
        const had = (await tx.$count(newsCollects, mine)) > 0;
        const collected = want ?? !had;
        if (collected && !had) await tx.insert(newsCollects).values({ userId, articleId });
        if (!collected && had) await tx.delete(newsCollects).where(mine);
        const collectCount = await tx.$count(newsCollects, eq(newsCollects.articleId, articleId));
        await tx.update(newsArticles).set({ collectCount }).where(eq(newsArticles.id, articleId));
        return { collected, collectCount };
      });
    },

    /** GET /inform/info/my/collect: my collected articles, latest collected first (unpublished ones drop out). */
    async mine(
      userId: number,
      pageNum: number,
      pageSize: number,
    ): Promise<NewsPage<ArticleCard & { collectedAt: string }>> {
      const cond = and(eq(newsCollects.userId, userId), visible());
      const [rows, [{ total }]] = await Promise.all([
        selectCards(db)
          .innerJoin(newsCollects, eq(newsCollects.articleId, newsArticles.id))
          .where(cond)
          .orderBy(desc(newsCollects.id))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(newsCollects)
          .innerJoin(newsArticles, eq(newsArticles.id, newsCollects.articleId))
          .where(cond),
      ]);
      const at = await db
        .select({ articleId: newsCollects.articleId, createdAt: newsCollects.createdAt })
        .from(newsCollects)
        .where(eq(newsCollects.userId, userId));
      const when = new Map(at.map((r) => [r.articleId, r.createdAt.toISOString()]));
      return {
        list: rows.map((r) => ({ ...toCard(r), collectedAt: when.get(r.id) ?? '' })),
        total,
        pageNum,
        pageSize,
      };
    },
  };
}

export type NewsCollects = ReturnType<typeof createNewsCollects>;
