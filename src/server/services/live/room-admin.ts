import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CHAT } from '../../../lib/live/rules.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { OPS_MSG } from '../../../lib/ops/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { isLiveNavId } from '../../../lib/vocab/live-navs.ts';
import type { Db, Tx } from '../../db/client.ts';
import { liveSessions, rooms } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { may } from '../../../lib/access.ts';
import { assertAccess } from '../../access.ts';
import type { MediaProvider } from '../../providers/media/index.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import type { Caller, Room, RoomAccess } from './access.ts';
import type { NotificationService } from '../notifications/notifications.ts';
import type { OpsServices } from '../ops/index.ts';
import { relinkBroadcast } from './broadcast-match.ts';
import type { RoomPublisher } from './events.ts';
import type { RoomAuditService } from './room-audits.ts';
import type { MatchLookup } from './matches.ts';
import { streamOf } from './rooms.ts';

export interface RoomSettings {
  title?: string;
  cover?: string;
  navId?: number;
  /** 0 unlinks the match. */
  matchId?: number;
  notice?: string;
  slowMode?: number;
}

const newSecret = () => randomBytes(6).toString('hex');
const chars = (s: string) => [...s].length;

/** The anchor's side of a room: settings, the stream key, going up and down. */
export function createRoomAdmin(deps: {
  db: Db;
  access: RoomAccess;
  media: MediaProvider;
  matches: MatchLookup;
  storage: StorageProvider;
  publish: RoomPublisher;
  audits: Pick<RoomAuditService, 'record'>;
  ops: OpsServices;
  notices: NotificationService;
  /** Called when the live lists change (the room list cache drops its entries). */
  onListsChanged: () => void;
  /** The sports feed's clock (a running broadcast's match link changes at its time). */
  feedNow: () => number;
}) {
  const { db, access, media, matches, storage, publish, audits, ops, notices, onListsChanged, feedNow } =
    deps;

  const pushOf = (r: Room) => media.push(streamOf(r), r.anchorId);

  async function check(s: RoomSettings) {
    if (s.title !== undefined && (chars(s.title) < 2 || chars(s.title) > 30))
      throw badRequest(LIVE_MSG.roomTitleRule);
    if (s.notice !== undefined && chars(s.notice) > 100) throw badRequest(LIVE_MSG.roomNoticeRule);
    if (s.navId !== undefined && !isLiveNavId(s.navId)) throw badRequest(LIVE_MSG.liveNavInvalid);
    if (s.slowMode !== undefined && !(CHAT.slowModes as readonly number[]).includes(s.slowMode))
      throw badRequest(LIVE_MSG.slowModeInvalid);
    if (s.cover !== undefined) {
      const name = storage.nameOf(s.cover);
      if (!s.cover.startsWith('/covers/') && (!name || !(await storage.get(name))))
        throw badRequest(LIVE_MSG.coverInvalid);
    }
    if (s.matchId && !(await matches.briefs([s.matchId])).has(s.matchId))
      throw badRequest(SPORTS_MSG.matchNotFound);
  }

  return {
    /** /v/anchor-set: the room as its anchor sees it, with the OBS settings. */
    async settings(caller: Caller) {
      const r = await access.ownRoom(caller);
      const briefs = r.matchId ? await matches.briefs([r.matchId]) : new Map();
      const { streamSecret: _s, ...room } = r;
      return {
        room: { ...room, match: r.matchId ? (briefs.get(r.matchId) ?? null) : null },
        push: pushOf(r),
        demo: media.demo,
      };
    },

    async update(caller: Caller, s: RoomSettings) {
      const r = await access.ownRoom(caller);
      await check(s);
      const next = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(rooms)
          .set({
            ...s,
            matchId: s.matchId === undefined ? undefined : s.matchId || null,
            updatedAt: new Date(),
          })
          .where(eq(rooms.id, r.id))
          .returning();
        if (row.liveState === 1 && row.sessionId)
          await relinkBroadcast(tx, row.sessionId, row.matchId, feedNow());
        await audits.record(tx, r, row);
        return row;
      });
      if (s.notice !== undefined && s.notice !== r.notice)
        await publish.event({ type: 'notice', roomId: r.id, notice: next.notice });
      await publish.event({
        type: 'settings',
        roomId: r.id,
        title: next.title,
        slowMode: next.slowMode,
        matchId: next.matchId,
      });
      return next;
    },

    /** A new stream name: every push URL handed out before stops working. */
    async resetKey(caller: Caller) {
      const r = await access.ownRoom(caller);
      const [next] = await db
        .update(rooms)
        .set({ streamSecret: newSecret(), updatedAt: new Date() })
        .where(eq(rooms.id, r.id))
        .returning();
      return pushOf(next);
    },

    /** POST /api/room/up: goes live (settings may come along). Going up twice keeps the running broadcast. */
    async up(caller: Caller, s: RoomSettings) {
      const r = await access.ownRoom(caller);
      if (r.auditState !== 1) throw forbidden(LIVE_MSG.roomBlocked);
      await check(s);
      const next = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(rooms).where(eq(rooms.id, r.id)).for('update');
        const title = s.title ?? locked.title;
        const fields = {
          ...s,
          matchId: s.matchId === undefined ? locked.matchId : s.matchId || null,
          title,
          updatedAt: new Date(),
        };
        if (locked.liveState === 1) {
          const [row] = await tx.update(rooms).set(fields).where(eq(rooms.id, r.id)).returning();
          if (row.sessionId) await relinkBroadcast(tx, row.sessionId, row.matchId, feedNow());
          await audits.record(tx, locked, row);
          return row;
        }
        const [session] = await tx
          .insert(liveSessions)
          .values({
            roomId: r.id,
            anchorId: r.anchorId,
            title,
            cover: fields.cover ?? locked.cover,
            navId: fields.navId ?? locked.navId,
            matchId: fields.matchId,
          })
          .returning({ id: liveSessions.id });
        const [row] = await tx
          .update(rooms)
          .set({ ...fields, liveState: 1, liveSince: new Date(), sessionId: session.id })
          .where(eq(rooms.id, r.id))
          .returning();
        await audits.record(tx, locked, row);
        return row;
      });
      onListsChanged();
      await publish.event({ type: 'up', roomId: r.id, title: next.title });
      return {
        roomId: r.id,
        liveState: 1,
        push: pushOf(next),
        pullUrls: media.pull(streamOf(next), caller.id),
      };
    },

    /** GET /api/room/down: the anchor (or an operator) ends the broadcast; its session becomes a replay. */
    async down(roomId: number, caller: Caller, suspended = false) {
      const r = await access.room(roomId);
      if (r.anchorId !== caller.id && !may(caller.roles, 'live.manage')) throw forbidden(LIVE_MSG.anchorOnly);
      const ended = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(rooms).where(eq(rooms.id, r.id)).for('update');
        if (locked.liveState !== 1) return false;
        if (locked.sessionId) {
          await tx
            .update(liveSessions)
            .set({
              endedAt: new Date(),
              replayUrl: media.replay(streamOf(locked)),
              // With the media server, the recording becomes a replay once the resume window passes.
              replayState: media.server ? 'pending' : null,
              pushClient: null,
              peakHeat: sql`greatest(${liveSessions.peakHeat}, ${locked.heat})`,
            })
            .where(and(eq(liveSessions.id, locked.sessionId), isNull(liveSessions.endedAt)));
        }
        await tx
          .update(rooms)
          .set({ liveState: 0, liveSince: null, sessionId: null, updatedAt: new Date() })
          .where(eq(rooms.id, r.id));
        return true;
      });
      if (ended) {
        onListsChanged();
        await publish.event({ type: 'down', roomId: r.id, ...(suspended && { suspended }) });
      }
      return { roomId: r.id, liveState: 0 };
    },

    /**
     * Operators: suspend a room (it leaves the lists; a live one goes offline for every viewer at
     * once) with a reason the anchor is told, or lift it. Logged in the ops log.
     */
    async setAuditState(caller: Caller, roomId: number, approved: boolean, reason = '') {
      assertAccess(caller.roles, 'live.manage');
      const why = reason.trim();
      if (!approved && (chars(why) < 1 || chars(why) > 100)) throw badRequest(OPS_MSG.suspendReasonRequired);
      const r = await access.room(roomId);
      if (r.anchorId === caller.id) throw forbidden(OPS_MSG.opsOwnRoom);
      if (!approved && r.liveState === 1) await this.down(roomId, caller, true);
      const auditState = approved ? 1 : 0;
      await db.transaction(async (tx) => {
        await tx.update(rooms).set({ auditState, updatedAt: new Date() }).where(eq(rooms.id, r.id));
        if (r.auditState === auditState) return;
        await ops.log.record(tx, {
          actorId: caller.id,
          action: approved ? 'room.restore' : 'room.suspend',
          targetType: 'room',
          targetId: r.id,
          before: { auditState: r.auditState, liveState: r.liveState },
          after: { auditState, liveState: 0 },
          reason: why || null,
        });
        await notices.notify(tx, {
          userId: r.anchorId,
          kind: 'audit',
          title: approved ? '你的直播间已解除封禁' : '你的直播间已被封禁',
          body: approved ? '现在可以重新开播了。' : `原因：${why}`,
          link: '/v/anchor-set',
        });
      });
      onListsChanged();
      return { roomId: r.id, auditState };
    },

    /** The room of a newly approved anchor (inside the approval's transaction). */
    async createFor(tx: Tx, anchor: { id: number; nickName: string }, navId: number) {
      await tx
        .insert(rooms)
        .values({
          anchorId: anchor.id,
          title: `${anchor.nickName}的直播间`,
          navId,
          streamSecret: newSecret(),
        })
        .onConflictDoNothing({ target: rooms.anchorId });
    },
  };
}

export type RoomAdmin = ReturnType<typeof createRoomAdmin>;
