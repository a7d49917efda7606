import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newsArticles, newsColumns, newsRevisions, newsTags } from '../../db/schema/index.ts';
import type { Draft } from './writers/draft.ts';

/** The byline of season reviews and data digests written from the data. */
export const DATA_DESK = '球友圈数据中心';
/** The byline of the evergreen guides. */
export const EDITORS = '球友圈编辑部';

/** Who signs a written article: a column's desk for its reports and previews (球友圈英超频道). */
export function bylineOf(kind: Draft['kind'], columnName: string): string {
  if (kind === 'guide') return EDITORS;
  if (kind === 'report' || kind === 'preview') return `球友圈${columnName}频道`;
  return DATA_DESK;
}

export const newPreviewToken = () => randomBytes(18).toString('base64url');

/** Stores a written article once (its sourceKey is unique); returns its id, or null when it already existed. */
export async function storeDraft(db: Db, d: Draft, cover: string | null = null): Promise<number | null> {
  const [column] = await db
    .select({ id: newsColumns.id, name: newsColumns.name })
    .from(newsColumns)
    .where(eq(newsColumns.slug, d.column));
  if (!column) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsArticles)
      .values({
        columnId: column.id,
        kind: d.kind,
        sourceKey: d.sourceKey,
        title: d.title,
        summary: d.summary,
        cover,
        body: d.body,
        authorName: bylineOf(d.kind, column.name),
        demo: d.demo ?? false,
        views: d.views ?? 0,
        status: 'published',
        publishAt: d.publishAt,
        previewToken: newPreviewToken(),
        createdAt: d.publishAt,
        updatedAt: d.publishAt,
      })
      .onConflictDoNothing()
      .returning({ id: newsArticles.id });
    if (!row) return null;
    await writeTags(tx, row.id, d.tags);
    await tx.insert(newsRevisions).values({
      articleId: row.id,
      editorId: null,
      action: 'generate',
      snapshot: { title: d.title, summary: d.summary, body: d.body, status: 'published' },
    });
    return row.id;
  });
}

export async function writeTags(tx: Tx, articleId: number, tags: Draft['tags']) {
  await tx.delete(newsTags).where(eq(newsTags.articleId, articleId));
  if (tags.length)
    await tx
      .insert(newsTags)
      .values(tags.map((t) => ({ ...t, articleId })))
      .onConflictDoNothing();
}
