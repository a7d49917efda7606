import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { roomForbids, roomManagers, rooms, users } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import { may } from '../../../lib/access.ts';

export type Room = typeof rooms.$inferSelect;
/** What a caller is in a room. Operators (site staff) moderate every room like a manager. */
export type RoomRole = 'anchor' | 'manager' | 'viewer';

/** Who is asking: the session user (id and staff roles) or nobody. */
export interface Caller {
  id: number;
  roles?: readonly string[];
}

/**
 * Room lookups and the permission checks of every live-room action. Each service method that
 * changes something starts with one of these.
 */
export function createRoomAccess(db: Db) {
  async function room(roomId: number, q: Tx = db): Promise<Room> {
    const [r] = await q.select().from(rooms).where(eq(rooms.id, roomId));
    if (!r) throw notFound(LIVE_MSG.roomNotFound);
    return r;
  }

  /** A room that viewers may use (not blocked). */
  async function openRoom(roomId: number): Promise<Room> {
    const r = await room(roomId);
    if (r.auditState !== 1) throw forbidden(LIVE_MSG.roomBlocked);
    return r;
  }

  async function roleIn(r: Room, userId: number): Promise<RoomRole> {
    if (r.anchorId === userId) return 'anchor';
    const n = await db.$count(
      roomManagers,
      and(eq(roomManagers.roomId, r.id), eq(roomManagers.userId, userId)),
    );
    return n > 0 ? 'manager' : 'viewer';
  }

  return {
    room,
    openRoom,
    roleIn,

    /** The caller's own room; 403 for someone who is not an anchor with a room. */
    async ownRoom(caller: Caller): Promise<Room> {
      const [r] = await db.select().from(rooms).where(eq(rooms.anchorId, caller.id));
      if (!r) throw forbidden(LIVE_MSG.anchorOnly);
      return r;
    },

    /** Only the room's anchor (managers are appointed by the anchor alone). */
    async requireAnchor(roomId: number, caller: Caller): Promise<Room> {
      const r = await room(roomId);
      if (r.anchorId !== caller.id) throw forbidden(LIVE_MSG.roomAnchorOnly);
      return r;
    },

    /** The anchor, a manager of the room, or an operator; returns the caller's role. */
    async requireAdmin(roomId: number, caller: Caller): Promise<{ room: Room; role: RoomRole }> {
      const r = await room(roomId);
      const role = await roleIn(r, caller.id);
      if (role === 'viewer' && !may(caller.roles, 'live.manage')) throw forbidden(LIVE_MSG.roomAdminOnly);
      return { room: r, role: role === 'viewer' ? 'manager' : role };
    },

    /** A ban in force right now (permanent, or not yet expired). */
    async isForbidden(roomId: number, userId: number): Promise<boolean> {
      const n = await db.$count(
        roomForbids,
        and(
          eq(roomForbids.roomId, roomId),
          eq(roomForbids.userId, userId),
          or(isNull(roomForbids.expiresAt), gt(roomForbids.expiresAt, new Date())),
        ),
      );
      return n > 0;
    },

    /** A user by nickname, case-insensitive as nicknames are unique that way. */
    async userByNick(nickName: string) {
      const [u] = await db
        .select({ id: users.id, nickName: users.nickName, portrait: users.portrait, level: users.level })
        .from(users)
        .where(and(sql`lower(${users.nickName}) = lower(${nickName})`, eq(users.status, 1)));
      return u ?? null;
    },
  };
}

export type RoomAccess = ReturnType<typeof createRoomAccess>;
