import { asc, count, desc, eq } from 'drizzle-orm';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { ROOM_AUDIT_FIELDS, ROOM_FIELD_NAMES, type RoomAuditField } from '../../../lib/ops/labels.ts';
import { assertAccess } from '../../access.ts';
import type { Db, Tx } from '../../db/client.ts';
import { roomAudits, rooms, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import type { Caller, Room } from './access.ts';
import type { RoomPublisher } from './events.ts';

export const ROOM_AUDIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
const chars = (s: string) => [...s].length;

/**
 * 直播间审核 (先发后审): a room's new title, cover or notice shows at once and waits here for an
 * operator. Passing keeps it; refusing puts the old value back (when the room still shows the
 * reviewed one) and tells the anchor why.
 */
export function createRoomAuditService(deps: {
  db: Db;
  publish: RoomPublisher;
  ops: OpsServices;
  notices: NotificationService;
  onListsChanged: () => void;
}) {
  const { db, publish, ops, notices, onListsChanged } = deps;

  return {
    /** Called by the anchor's settings save: one pending row per changed field. */
    async record(q: Tx, before: Room, after: Room) {
      const rows = ROOM_AUDIT_FIELDS.filter((f) => (before[f] ?? '') !== (after[f] ?? '')).map((field) => ({
        roomId: before.id,
        field,
        before: before[field],
        after: after[field],
      }));
      if (rows.length) await q.insert(roomAudits).values(rows);
    },

    async list(
      caller: Caller,
      input: { status: (typeof ROOM_AUDIT_STATUSES)[number]; page: number; pageSize: number },
    ) {
      assertAccess(caller.roles, 'live.manage');
      const where = eq(roomAudits.status, input.status);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: roomAudits.id,
            roomId: roomAudits.roomId,
            field: roomAudits.field,
            before: roomAudits.before,
            after: roomAudits.after,
            status: roomAudits.status,
            reason: roomAudits.reason,
            createdAt: roomAudits.createdAt,
            anchorId: users.id,
            nickName: users.nickName,
          })
          .from(roomAudits)
          .innerJoin(rooms, eq(rooms.id, roomAudits.roomId))
          .innerJoin(users, eq(users.id, rooms.anchorId))
          .where(where)
          .orderBy(desc(roomAudits.id))
          .limit(input.pageSize)
          .offset((input.page - 1) * input.pageSize),
        db.select({ total: count() }).from(roomAudits).where(where),
      ]);
      return {
        list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    /** Operators: rooms to watch — suspended ones first, then live ones by heat (50 at most). */
    async rooms(caller: Caller) {
      assertAccess(caller.roles, 'live.manage');
      return db
        .select({
          id: rooms.id,
          title: rooms.title,
          auditState: rooms.auditState,
          liveState: rooms.liveState,
          heat: rooms.heat,
          anchorId: users.id,
          nickName: users.nickName,
        })
        .from(rooms)
        .innerJoin(users, eq(users.id, rooms.anchorId))
        .orderBy(asc(rooms.auditState), desc(rooms.liveState), desc(rooms.heat))
        .limit(50);
    },

    /** Operators: pass, or refuse with a reason (1–100) that reaches the anchor's notifications. */
    async review(caller: Caller, input: { id: number; pass: boolean; reason?: string }) {
      assertAccess(caller.roles, 'live.manage');
      const reason = input.reason?.trim() ?? '';
      if (!input.pass && (chars(reason) < 1 || chars(reason) > 100))
        throw badRequest(LIVE_MSG.reviewNoteRequired);
      const done = await db.transaction(async (tx) => {
        const [a] = await tx.select().from(roomAudits).where(eq(roomAudits.id, input.id)).for('update');
        if (!a) throw notFound(LIVE_MSG.auditNotFound);
        if (a.status !== 'pending') throw badRequest(LIVE_MSG.auditReviewed);
        const [room] = await tx.select().from(rooms).where(eq(rooms.id, a.roomId)).for('update');
        if (room.anchorId === caller.id) throw forbidden(WALLET_MSG.reviewOwnRequest);
        const status = input.pass ? 'approved' : 'rejected';
        await tx
          .update(roomAudits)
          .set({ status, reviewerId: caller.id, reason: reason || null, reviewedAt: new Date() })
          .where(eq(roomAudits.id, a.id));
        const field = a.field as RoomAuditField;
        // A later change of the same field is its own audit row: only undo what was reviewed.
        const revert = !input.pass && (room[field] ?? null) === a.after;
        let next = room;
        if (revert) {
          const value = field === 'cover' ? a.before : (a.before ?? '');
          [next] = await tx
            .update(rooms)
            .set({ [field]: value, updatedAt: new Date() })
            .where(eq(rooms.id, room.id))
            .returning();
        }
        await ops.log.record(tx, {
          actorId: caller.id,
          action: input.pass ? 'room.audit.approve' : 'room.audit.reject',
          targetType: 'room',
          targetId: room.id,
          before: { [field]: room[field] },
          after: { [field]: next[field], audit: status },
          reason: reason || null,
        });
        if (!input.pass) {
          await notices.notify(tx, {
            userId: room.anchorId,
            kind: 'audit',
            title: `直播间${ROOM_FIELD_NAMES[field]}未通过审核`,
            body: `原因：${reason}${revert ? '。已恢复为修改前的内容，请修改后重新提交。' : ''}`,
            link: '/v/anchor-set',
          });
        }
        return { id: a.id, roomId: room.id, field, status, reverted: revert, room: next };
      });
      if (done.reverted) {
        onListsChanged();
        const r = done.room;
        if (done.field === 'notice') await publish.event({ type: 'notice', roomId: r.id, notice: r.notice });
        await publish.event({
          type: 'settings',
          roomId: r.id,
          title: r.title,
          slowMode: r.slowMode,
          matchId: r.matchId,
        });
      }
      const { room: _room, ...out } = done;
      return out;
    },
  };
}

export type RoomAuditService = ReturnType<typeof createRoomAuditService>;
