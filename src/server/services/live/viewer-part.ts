import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  follows,
  nobilityTiers,
  roomForbids,
  roomManagers,
  userNobility,
  users,
  wallets,
} from '../../db/schema/index.ts';
import type { RoomViewer } from '../../../lib/live/types.ts';
import type { Room, RoomRole } from './access.ts';

/**
 * A logged-in fan's part of a live room (RoomViewer) in one query: the room page is the visitor's
 * copy for everyone (issue #34). Null: no such active user.
 */
export function createViewerPart(db: Db) {
  return async function viewerPart(room: Room, userId: number): Promise<RoomViewer | null> {
    // The app's clock, as the other checks of bans and nobility read it (tests drive it).
    const now = sql`${new Date().toISOString()}::timestamptz`;
    const [row] = await db
      .select({
        id: users.id,
        nickName: users.nickName,
        level: users.level,
        nobilityLevel: sql<number>`coalesce((select ${nobilityTiers.level} from ${userNobility}
          inner join ${nobilityTiers} on ${nobilityTiers.id} = ${userNobility.tierId}
          where ${userNobility.userId} = ${userId} and ${userNobility.expiresAt} > ${now}), 0)`.mapWith(
          Number,
        ),
        balance:
          sql<number>`coalesce((select ${wallets.balance} from ${wallets} where ${wallets.userId} = ${userId}), 0)`.mapWith(
            Number,
          ),
        isFollowed: sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${userId}
          and ${follows.targetType} = 'anchor' and ${follows.targetId} = ${room.anchorId})`.mapWith(Boolean),
        manager: sql<boolean>`exists (select 1 from ${roomManagers}
          where ${roomManagers.roomId} = ${room.id} and ${roomManagers.userId} = ${userId})`.mapWith(Boolean),
        forbidden: sql<boolean>`exists (select 1 from ${roomForbids}
          where ${roomForbids.roomId} = ${room.id} and ${roomForbids.userId} = ${userId}
          and (${roomForbids.expiresAt} is null or ${roomForbids.expiresAt} > ${now}))`.mapWith(Boolean),
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 1)));
    if (!row) return null;
    const { manager, ...part } = row;
    const role: RoomRole = room.anchorId === userId ? 'anchor' : manager ? 'manager' : 'viewer';
    return { ...part, role };
  };
}
