import { and, asc, eq, sql } from 'drizzle-orm';
import type { CircleView } from '../../../lib/community/types.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import type { Db } from '../../db/client.ts';
import { circleMembers, circles } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

type Row = typeof circles.$inferSelect;
const view = (r: Row, joined: boolean): CircleView => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  icon: r.icon,
  intro: r.intro,
  rules: r.rules,
  memberCount: r.memberCount,
  postCount: r.postCount,
  joined,
});

/** 圈子: the list, one circle, joining and leaving (member counts follow the rows). */
export function createCircleService(db: Db) {
  async function joinedIds(userId: number | null): Promise<Set<number>> {
    if (!userId) return new Set();
    const rows = await db
      .select({ id: circleMembers.circleId })
      .from(circleMembers)
      .where(eq(circleMembers.userId, userId));
    return new Set(rows.map((r) => r.id));
  }

  async function setMember(userId: number, circleId: number, join: boolean): Promise<CircleView> {
    return db.transaction(async (tx) => {
      const [c] = await tx
        .select({ id: circles.id })
        .from(circles)
        .where(eq(circles.id, circleId))
        .for('update');
      if (!c) throw notFound(COMMUNITY_MSG.circleNotFound);
      if (join) await tx.insert(circleMembers).values({ circleId, userId }).onConflictDoNothing();
      else
        await tx
          .delete(circleMembers)
          .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
      const [row] = await tx
        .update(circles)
        .set({
          memberCount: sql`(select count(*)::int from ${circleMembers} where ${circleMembers.circleId} = ${circleId})`,
        })
        .where(eq(circles.id, circleId))
        .returning();
      return view(row, join);
    });
  }

  return {
    async list(viewerId: number | null): Promise<CircleView[]> {
      const [rows, joined] = await Promise.all([
        db.select().from(circles).orderBy(asc(circles.sort), asc(circles.id)),
        joinedIds(viewerId),
      ]);
      return rows.map((r) => view(r, joined.has(r.id)));
    },

    async get(id: number, viewerId: number | null): Promise<CircleView> {
      const [row] = await db.select().from(circles).where(eq(circles.id, id));
      if (!row) throw notFound(COMMUNITY_MSG.circleNotFound);
      return view(row, (await joinedIds(viewerId)).has(id));
    },

    join: (userId: number, circleId: number) => setMember(userId, circleId, true),
    leave: (userId: number, circleId: number) => setMember(userId, circleId, false),
  };
}

export type CircleService = ReturnType<typeof createCircleService>;
