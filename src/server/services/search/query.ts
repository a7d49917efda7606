import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isHan, queryTerms } from '../../../lib/search/text.ts';

export interface SearchHit {
  kind: string;
  refId: number;
  sport: number | null;
  title: string;
  subtitle: string;
  href: string;
  image: string | null;
  score: number;
}

/**
 * The tsquery for what was typed: a Han run becomes a phrase of its characters (every indexed
 * row carries its characters in order), a Latin or digit word a prefix. Terms are letters and
 * digits only, so nothing typed can change the query's syntax.
 */
export function toTsQuery(query: string): string | null {
  const parts = queryTerms(query).map((t) =>
    isHan(t) ? (t.length === 1 ? t : `(${[...t].join(' <-> ')})`) : `${t}:*`,
  );
  return parts.length ? parts.join(' & ') : null;
}

/**
 * The best `perKind` rows of each kind in one statement (GIN index on tsv). Score: text rank,
 * plus 10 when the query is one of the row's names exactly (曼城, mc, manchester city), 3 when a
 * name starts with it, plus the row's popularity.
 */
export async function searchDocsFor(db: Db, query: string, perKind: number): Promise<SearchHit[]> {
  const tsq = toTsQuery(query);
  if (!tsq) return [];
  const name = query.toLowerCase();
  const result = await db.execute(sql`
    select kind, ref_id as "refId", sport, title, subtitle, href, image, score from (
      select d.*, row_number() over (partition by d.kind order by d.score desc, d.id) as rn from (
        select s.id, s.kind, s.ref_id, s.sport, s.title, s.subtitle, s.href, s.image,
          ts_rank(s.tsv, q.q)
            + case when position(${`|${name}|`} in s.names) > 0 then 10
                   when position(${`|${name}`} in s.names) > 0 then 3 else 0 end
            + s.boost as score
        from search_docs s, to_tsquery('simple', ${tsq}) as q(q)
        where s.tsv @@ q.q
      ) d
    ) ranked
    where rn <= ${perKind}
    order by kind, score desc`);
  return rowsOf<SearchHit>(result).map((r) => ({ ...r, score: Number(r.score) }));
}
