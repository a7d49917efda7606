import { and, desc, eq } from 'drizzle-orm';
import { DM_MSG } from '../../../lib/dm/messages.ts';
import type { DmPeer } from '../../../lib/dm/types.ts';
import type { Db } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';

/** 拉黑: a blocked user can neither write to me nor receive from me until I lift it. */
export function createBlockService(db: Db) {
  return {
    async set(userId: number, targetId: number, blocked: boolean): Promise<{ blocked: boolean }> {
      if (targetId === userId) throw badRequest(DM_MSG.dmBlockSelf);
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
      if (!target) throw notFound(DM_MSG.dmUserMissing);
      if (blocked) await db.insert(userBlocks).values({ userId, blockedId: targetId }).onConflictDoNothing();
      else
        await db
          .delete(userBlocks)
          .where(and(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, targetId)));
      return { blocked };
    },

    async list(userId: number): Promise<DmPeer[]> {
      return db
        .select({ id: users.id, nickName: users.nickName, portrait: users.portrait })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.userId, userId))
        .orderBy(desc(userBlocks.id));
    },
  };
}
