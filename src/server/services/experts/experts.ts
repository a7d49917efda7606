import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { experts, users } from '../../db/schema/index.ts';

/** Expert profiles (/tj). Recommendations join this service with the expert-tips issue. */
export function createExpertService(db: Db) {
  return {
    /** The user's expert profile, or null when the user is no expert. */
    async profileOf(userId: number) {
      const [row] = await db
        .select({
          userId: experts.userId,
          nickName: users.nickName,
          portrait: users.portrait,
          title: experts.title,
          intro: experts.intro,
          tags: experts.tags,
          createdAt: experts.createdAt,
        })
        .from(experts)
        .innerJoin(users, eq(users.id, experts.userId))
        .where(eq(experts.userId, userId));
      return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
    },
  };
}
