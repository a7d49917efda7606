import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likeArg } from '../../db/like.ts';
import { aboutPages, users } from '../../db/schema/index.ts';

/**
 * Site search (/search?val=): people (anchors and experts first) and help pages; the page adds
 * rooms from the live service.
 */
export function createSearchService(db: Db) {
  return {
    async query(raw: string, limit = 20) {
      const word = raw.trim().slice(0, 40);
      if (!word) return { word, users: [], pages: [] };
      const pattern = likeArg(word);
      const [people, pages] = await Promise.all([
        db
          .select({
            id: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
            level: users.level,
            isAnchor: users.isAnchor,
            isExpert: users.isExpert,
            signature: users.signature,
          })
          .from(users)
          .where(and(eq(users.status, 1), ilike(users.nickName, pattern)))
          .orderBy(desc(users.isAnchor), desc(users.isExpert), desc(users.level), asc(users.id))
          .limit(limit),
        db
          .select({
            id: aboutPages.id,
            category: aboutPages.category,
            slug: aboutPages.slug,
            title: aboutPages.title,
            summary: aboutPages.summary,
          })
          .from(aboutPages)
          .where(
            or(
              ilike(aboutPages.title, pattern),
              ilike(aboutPages.summary, pattern),
              ilike(aboutPages.body, pattern),
            ),
          )
          .orderBy(asc(aboutPages.sort))
          .limit(limit),
      ]);
      return { word, users: people, pages };
    },
  };
}
