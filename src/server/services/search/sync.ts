import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchDocs } from '../../db/schema/index.ts';
import { docTokens, loadSources, type SourceDoc } from './sources.ts';

const BATCH = 300;
const sigOf = (d: SourceDoc) => createHash('sha1').update(JSON.stringify(d)).digest('base64url');

/**
 * Brings search_docs in line with the tables it indexes: rows whose source changed are rewritten
 * (pinyin and segmentation are computed here, once, not per query), rows whose thing is gone or
 * hidden are deleted. Run by a leased job (jobs.ts) and after seeding; safe to run concurrently
 * with searches, each batch is one statement.
 */
export async function syncSearchIndex(db: Db): Promise<{ written: number; removed: number }> {
  const [sources, existing] = await Promise.all([
    loadSources(db),
    db.select({ kind: searchDocs.kind, refId: searchDocs.refId, sig: searchDocs.sig }).from(searchDocs),
  ]);
  const have = new Map(existing.map((e) => [`${e.kind}:${e.refId}`, e.sig]));
  const changed: (typeof searchDocs.$inferInsert)[] = [];
  for (const d of sources) {
    const key = `${d.kind}:${d.refId}`;
    const sig = sigOf(d);
    const old = have.get(key);
    have.delete(key);
    if (old === sig) continue;
    const { tokens, names } = docTokens(d);
    changed.push({
      kind: d.kind,
      refId: d.refId,
      sport: d.sport,
      title: d.title,
      subtitle: d.subtitle,
      href: d.href,
      image: d.image,
      names,
      tokens,
      boost: d.boost,
      sig,
    });
  }
  for (let i = 0; i < changed.length; i += BATCH) {
    await db
      .insert(searchDocs)
      .values(changed.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: [searchDocs.kind, searchDocs.refId],
        set: {
          sport: sql`excluded.sport`,
          title: sql`excluded.title`,
          subtitle: sql`excluded.subtitle`,
          href: sql`excluded.href`,
          image: sql`excluded.image`,
          names: sql`excluded.names`,
          tokens: sql`excluded.tokens`,
          boost: sql`excluded.boost`,
          sig: sql`excluded.sig`,
          updatedAt: sql`now()`,
        },
      });
  }
  // What is left in `have` no longer exists (or is hidden): out of the index.
  const gone = new Map<string, number[]>();
  for (const key of have.keys()) {
    const [kind, id] = key.split(':');
    gone.set(kind, [...(gone.get(kind) ?? []), Number(id)]);
  }
  for (const [kind, ids] of gone) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await db
        .delete(searchDocs)
        .where(and(eq(searchDocs.kind, kind), inArray(searchDocs.refId, ids.slice(i, i + BATCH))));
    }
  }
  return { written: changed.length, removed: have.size };
}
