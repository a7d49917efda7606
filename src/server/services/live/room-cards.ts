import { eq } from 'drizzle-orm';
import type { RoomCard } from '../../../lib/live/types.ts';
import { liveNavName } from '../../../lib/vocab/live-navs.ts';
import type { Db } from '../../db/client.ts';
import { rooms, users } from '../../db/schema/index.ts';
import type { MatchLookup } from './matches.ts';

/** Rooms joined with their anchors: the one query behind every room list. */
export function roomCardQuery(db: Db) {
  return db
    .select({
      id: rooms.id,
      title: rooms.title,
      cover: rooms.cover,
      navId: rooms.navId,
      heat: rooms.heat,
      liveState: rooms.liveState,
      liveSince: rooms.liveSince,
      matchId: rooms.matchId,
      anchorId: rooms.anchorId,
      nickName: users.nickName,
      portrait: users.portrait,
      level: users.level,
    })
    .from(rooms)
    .innerJoin(users, eq(users.id, rooms.anchorId))
    .$dynamic();
}

type CardRow = Awaited<ReturnType<ReturnType<typeof roomCardQuery>['execute']>>[number];

/** Rows to cards, with their linked matches looked up in one go. */
export async function toCards(rows: CardRow[], matches: MatchLookup): Promise<RoomCard[]> {
  const briefs = await matches.briefs(rows.flatMap((r) => (r.matchId ? [r.matchId] : [])));
  return rows.map((r) => ({
    ...r,
    roomId: r.id,
    navName: liveNavName(r.navId),
    liveSince: r.liveSince?.toISOString() ?? null,
    match: r.matchId ? (briefs.get(r.matchId) ?? null) : null,
  }));
}
