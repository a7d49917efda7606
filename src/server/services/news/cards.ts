import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { matchHref } from '../../../lib/match/format.ts';
import { playerHref, teamHref } from '../../../lib/match/links.ts';
import type { NewsKind, TagKind } from '../../../lib/news/rules.ts';
import type { ArticleCard, NewsTag } from '../../../lib/news/types.ts';
import type { Db } from '../../db/client.ts';
import { matches, newsArticles, newsColumns, newsTags, players, teams } from '../../db/schema/index.ts';

/** Readers see an article once it is published and its publish time has come. */
export const visible = (): SQL =>
  and(eq(newsArticles.status, 'published'), lte(newsArticles.publishAt, sql`now()`))!;

/** The columns a card needs, joined with its column. */
export const cardColumns = {
  id: newsArticles.id,
  title: newsArticles.title,
  summary: newsArticles.summary,
  cover: newsArticles.cover,
  kind: newsArticles.kind,
  demo: newsArticles.demo,
  authorId: newsArticles.authorId,
  authorName: newsArticles.authorName,
  publishAt: newsArticles.publishAt,
  createdAt: newsArticles.createdAt,
  views: newsArticles.views,
  commentCount: newsArticles.commentCount,
  columnId: newsColumns.id,
  columnSlug: newsColumns.slug,
  columnName: newsColumns.name,
};

export const selectCards = (db: Db) =>
  db.select(cardColumns).from(newsArticles).innerJoin(newsColumns, eq(newsColumns.id, newsArticles.columnId));

type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];

export const toCard = (r: CardRow): ArticleCard => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  cover: r.cover,
  kind: r.kind as NewsKind,
  demo: r.demo,
  column: { id: r.columnId, slug: r.columnSlug, name: r.columnName },
  authorId: r.authorId,
  authorName: r.authorName,
  publishedAt: (r.publishAt ?? r.createdAt).toISOString(),
  views: r.views,
  commentCount: r.commentCount,
});

/** Tags of some articles with links to the team, player or match pages (sport read from the row). */
export async function tagsOf(db: Db, articleIds: number[]): Promise<Map<number, NewsTag[]>> {
  const out = new Map<number, NewsTag[]>();
  if (articleIds.length === 0) return out;
  const rows = await db.select().from(newsTags).where(inArray(newsTags.articleId, articleIds));
  const ids = (k: TagKind) => [...new Set(rows.filter((r) => r.kind === k).map((r) => r.refId))];
  const [ts, ps, ms] = await Promise.all([
    ids('team').length
      ? db
          .select({ id: teams.id, sport: teams.sport })
          .from(teams)
          .where(inArray(teams.id, ids('team')))
      : [],
    ids('player').length
      ? db
          .select({ id: players.id, sport: players.sport })
          .from(players)
          .where(inArray(players.id, ids('player')))
      : [],
    ids('match').length
      ? db
          .select({ id: matches.id, sport: matches.sport })
          .from(matches)
          .where(inArray(matches.id, ids('match')))
      : [],
  ]);
  const sport = new Map([...ts, ...ps, ...ms].map((x) => [x.id, x.sport] as const));
  const sportOf = (k: TagKind, id: number) =>
    (k === 'team' ? ts : k === 'player' ? ps : ms).find((x) => x.id === id)?.sport ?? sport.get(id) ?? 1;
  for (const r of rows) {
    const k = r.kind as TagKind;
    const s = sportOf(k, r.refId);
    const href =
      k === 'team'
        ? teamHref(s, r.refId)
        : k === 'player'
          ? playerHref(s, r.refId)
          : matchHref(s, 'live', r.refId);
    const list = out.get(r.articleId) ?? [];
    list.push({ kind: k, refId: r.refId, label: r.label, href });
    out.set(r.articleId, list);
  }
  return out;
}
