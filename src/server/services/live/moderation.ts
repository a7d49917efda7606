import { and, asc, count, desc, eq, ilike } from 'drizzle-orm';
import { MANAGERS_MAX } from '../../../lib/live/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { likeArg } from '../../db/like.ts';
import { roomForbids, roomManagers, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Caller, RoomAccess } from './access.ts';
import type { RoomPublisher } from './events.ts';

/** Longest timed ban: 30 days, in minutes. No minutes: until lifted. */
export const FORBID_MAX_MINUTES = 43_200;

/**
 * 房管 and 禁言. Only the anchor appoints and removes managers; the anchor and the managers (and
 * operators) ban and unban; a manager cannot ban the anchor, another manager or themself.
 */
export function createModerationService(deps: { db: Db; access: RoomAccess; publish: RoomPublisher }) {
  const { db, access, publish } = deps;

  async function target(nickName: string) {
    const u = await access.userByNick(nickName.trim());
    if (!u) throw notFound(fill(LIVE_MSG.nickNotFound, { nickName: nickName.trim().slice(0, 20) }));
    return u;
  }

  return {
    async addManager(caller: Caller, roomId: number, nickName: string) {
      const room = await access.requireAnchor(roomId, caller);
      const u = await target(nickName);
      if (u.id === room.anchorId) throw badRequest(LIVE_MSG.managerSelf);
      if ((await db.$count(roomManagers, eq(roomManagers.roomId, room.id))) >= MANAGERS_MAX)
        throw badRequest(fill(LIVE_MSG.managerLimit, { max: MANAGERS_MAX }));
      try {
        const [row] = await db.insert(roomManagers).values({ roomId: room.id, userId: u.id }).returning();
        return { id: row.id, roomId: room.id, userId: u.id, nickName: u.nickName };
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(LIVE_MSG.managerExists);
        throw err;
      }
    },

    async removeManager(caller: Caller, id: number) {
      const [row] = await db.select().from(roomManagers).where(eq(roomManagers.id, id));
      if (!row) throw notFound(LIVE_MSG.managerNotFound);
      await access.requireAnchor(row.roomId, caller);
      await db.delete(roomManagers).where(eq(roomManagers.id, id));
      return { id };
    },

    /** The anchor and the room's managers may see who the managers are. */
    async managers(caller: Caller, roomId: number) {
      const { room } = await access.requireAdmin(roomId, caller);
      const list = await db
        .select({
          id: roomManagers.id,
          userId: users.id,
          nickName: users.nickName,
          portrait: users.portrait,
          level: users.level,
          createdAt: roomManagers.createdAt,
        })
        .from(roomManagers)
        .innerJoin(users, eq(users.id, roomManagers.userId))
        .where(eq(roomManagers.roomId, room.id))
        .orderBy(asc(roomManagers.id));
      return {
        roomId: room.id,
        list: list.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
        max: MANAGERS_MAX,
      };
    },

    async forbid(caller: Caller, roomId: number, nickName: string, minutes?: number) {
      if (
        minutes !== undefined &&
        (!Number.isInteger(minutes) || minutes < 1 || minutes > FORBID_MAX_MINUTES)
      )
        throw badRequest(LIVE_MSG.forbidMinutesInvalid);
      const { room, role } = await access.requireAdmin(roomId, caller);
      const u = await target(nickName);
      if (u.id === caller.id) throw badRequest(LIVE_MSG.forbidSelf);
      if (u.id === room.anchorId) throw forbidden(LIVE_MSG.forbidAnchor);
      if (role !== 'anchor' && (await access.roleIn(room, u.id)) === 'manager')
        throw forbidden(LIVE_MSG.forbidManager);
      const expiresAt = minutes ? new Date(Date.now() + minutes * 60_000) : null;
      // A ban that has run out is renewed in place; one still in force is reported.
      if (await access.isForbidden(room.id, u.id)) throw badRequest(LIVE_MSG.forbidExists);
      const [row] = await db
        .insert(roomForbids)
        .values({ roomId: room.id, userId: u.id, byUserId: caller.id, expiresAt })
        .onConflictDoUpdate({
          target: [roomForbids.roomId, roomForbids.userId],
          set: { byUserId: caller.id, expiresAt, createdAt: new Date() },
        })
        .returning();
      const until = expiresAt?.toISOString() ?? null;
      await publish.event({ type: 'forbid', roomId: room.id, userId: u.id, nickName: u.nickName, until });
      return { id: row.id, roomId: room.id, userId: u.id, nickName: u.nickName, until };
    },

    async unforbid(caller: Caller, id: number) {
      const [row] = await db.select().from(roomForbids).where(eq(roomForbids.id, id));
      if (!row) throw notFound(LIVE_MSG.forbidNotFound);
      await access.requireAdmin(row.roomId, caller);
      await db.delete(roomForbids).where(eq(roomForbids.id, id));
      await publish.event({ type: 'unforbid', roomId: row.roomId, userId: row.userId });
      return { id };
    },

    async forbids(
      caller: Caller,
      input: { roomId: number; page: number; pageSize: number; nickName?: string },
    ) {
      const { room } = await access.requireAdmin(input.roomId, caller);
      const where = and(
        eq(roomForbids.roomId, room.id),
        input.nickName ? ilike(users.nickName, likeArg(input.nickName.trim())) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: roomForbids.id,
            userId: users.id,
            nickName: users.nickName,
            portrait: users.portrait,
            expiresAt: roomForbids.expiresAt,
            createdAt: roomForbids.createdAt,
          })
          .from(roomForbids)
          .innerJoin(users, eq(users.id, roomForbids.userId))
          .where(where)
          .orderBy(desc(roomForbids.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db
          .select({ total: count() })
          .from(roomForbids)
          .innerJoin(users, eq(users.id, roomForbids.userId))
          .where(where),
      ]);
      const now = Date.now();
      const list = rows.map((r) => ({
        ...r,
        expiresAt: r.expiresAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        active: !r.expiresAt || r.expiresAt.getTime() > now,
      }));
      return { list, total, page: input.page, pageSize: input.pageSize };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
