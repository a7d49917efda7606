import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { LEVEL_GATES, RED_PACKET } from '../../../lib/live/rules.ts';
import { fill } from '../../../lib/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { redPacketGrabs, redPackets, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { RoomAccess } from './access.ts';
import type { ChatService } from './chat.ts';
import { cleanText } from './chat.ts';
import type { RoomPublisher } from './events.ts';
import { senderSnapshot, type Senders } from './senders.ts';
import { splitRedPacket } from './split.ts';
import type { MatchRedPackets } from './match-red-packets.ts';
import {
  MATCH_PACKET_MSG,
  OPENER_NAME,
  OPENER_WHEN,
  type PacketOpener,
} from '../../../lib/live/match-packets.ts';

type Packet = typeof redPackets.$inferSelect;
export interface SendPacket {
  roomId: number;
  total: number;
  count: number;
  mode: number;
  password?: string;
  key: string;
  /** A match packet (比赛红包): opens at the room's match's next goal or half time instead of at once. */
  opensOn?: PacketOpener;
}

/**
 * What is left of a packet back to its sender (trade type 12). Every return (an expired packet's
 * rest, an armed match packet given back) uses this one key, so a packet is returned once.
 */
export const returnToSender = (ledger: Ledger, tx: Tx, p: Packet, amount: number, note: string) =>
  ledger.credit(
    {
      userId: p.senderId,
      currency: 'diamond',
      amount,
      type: TRADE_TYPE.redPacketReturned,
      key: `redpacket:${p.id}:return`,
      ref: `redpacket:${p.id}`,
      note,
    },
    tx,
  );

/**
 * 红包: the sender pays the whole packet at once (trade type 10), each grab pays its share (11),
 * and what nobody took comes back to the sender after 24 h (12). All through the wallet's ledger;
 * the packet row is locked while a grab or a return changes it.
 */
export function createRedPacketService(deps: {
  db: Db;
  ledger: Ledger;
  access: RoomAccess;
  senders: Senders;
  chat: ChatService;
  publish: RoomPublisher;
  matchPackets: MatchRedPackets;
}) {
  const { db, ledger, access, senders, chat, publish } = deps;

  const byKey = async (senderId: number, key: string) =>
    (
      await db
        .select()
        .from(redPackets)
        .where(and(eq(redPackets.senderId, senderId), eq(redPackets.requestKey, key)))
    )[0];

  /** Gives the rest of an expired packet back to its sender; false when there was nothing to do. */
  async function settle(packetId: number, now = new Date()): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [p] = await tx.select().from(redPackets).where(eq(redPackets.id, packetId)).for('update');
      if (!p || p.status !== 'open' || p.expiresAt > now) return false;
      if (p.amountLeft > 0) await returnToSender(ledger, tx, p, p.amountLeft, '红包过期退回');
      await tx
        .update(redPackets)
        .set({ status: 'expired', amountLeft: 0, settledAt: now })
        .where(eq(redPackets.id, p.id));
      return true;
    });
  }

  async function detail(packetId: number, viewerId: number | null) {
    const [p] = await db
      .select({ packet: redPackets, nickName: users.nickName, portrait: users.portrait })
      .from(redPackets)
      .innerJoin(users, eq(users.id, redPackets.senderId))
      .where(eq(redPackets.id, packetId));
    if (!p) throw notFound(LIVE_MSG.redPacketNotFound);
    const grabs = await db
      .select({
        userId: redPacketGrabs.userId,
        nickName: users.nickName,
        portrait: users.portrait,
        amount: redPacketGrabs.amount,
        createdAt: redPacketGrabs.createdAt,
      })
      .from(redPacketGrabs)
      .innerJoin(users, eq(users.id, redPacketGrabs.userId))
      .where(eq(redPacketGrabs.packetId, packetId))
      .orderBy(asc(redPacketGrabs.id));
    const { packet: r } = p;
    const best =
      r.status !== 'open' && r.mode === RED_PACKET.modes.random
        ? Math.max(0, ...grabs.map((g) => g.amount))
        : null;
    return {
      id: r.id,
      roomId: r.roomId,
      sender: { id: r.senderId, nickName: p.nickName, portrait: p.portrait },
      total: r.total,
      count: r.count,
      mode: r.mode,
      hasPassword: Boolean(r.password),
      grabbed: r.grabbed,
      amountLeft: r.amountLeft,
      status: r.status,
      /** A match packet's moment ('goal' | 'half'), null for a packet sent open. */
      opensOn: r.opensOn as PacketOpener | null,
      openedAt: r.openedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      mine: viewerId ? (grabs.find((g) => g.userId === viewerId)?.amount ?? null) : null,
      grabs: grabs.map((g) => ({
        ...g,
        createdAt: g.createdAt.toISOString(),
        best: best !== null && g.amount === best,
      })),
    };
  }

  return {
    detail,
    settle,

    async send(userId: number, input: SendPacket) {
      const room = await access.openRoom(input.roomId);
      const prior = await byKey(userId, input.key);
      if (prior) return detail(prior.id, userId);
      const me = await senders.of(userId, room);
      if (me.level < LEVEL_GATES.redPacket)
        throw forbidden(fill(LIVE_MSG.redPacketLevel, { level: LEVEL_GATES.redPacket }));
      if (await access.isForbidden(room.id, userId)) throw forbidden(LIVE_MSG.chatForbidden);
      const password = cleanText(input.password ?? '') || null;
      if (password && [...password].length > RED_PACKET.passwordMax)
        throw badRequest(LIVE_MSG.redPacketPasswordRule);
      const shares = splitRedPacket(input.total, input.count, input.mode);
      const armed = input.opensOn ? await deps.matchPackets.arming(userId, room, input.opensOn) : null;
      let packet: Packet;
      try {
        packet = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(redPackets)
            .values({
              roomId: room.id,
              senderId: userId,
              total: input.total,
              count: input.count,
              mode: input.mode,
              password,
              shares,
              amountLeft: input.total,
              requestKey: input.key,
              // An armed packet's 24 hours start when it opens (match-red-packets.ts).
              expiresAt: new Date(Date.now() + RED_PACKET.ttlMs),
              ...armed,
            })
            .returning();
          await ledger.debit(
            {
              userId,
              currency: 'diamond',
              amount: input.total,
              type: TRADE_TYPE.sendRedPacket,
              key: `redpacket:${input.key}`,
              ref: `redpacket:${row.id}`,
              note: `直播间红包 ${input.count}个`,
            },
            tx,
          );
          return row;
        });
      } catch (err) {
        // The same request twice at once: the first one made the packet.
        const winner = isUniqueViolation(err) ? await byKey(userId, input.key) : undefined;
        if (winner) return detail(winner.id, userId);
        throw err;
      }
      const user = senderSnapshot(me);
      const kind = packet.mode === RED_PACKET.modes.random ? '拼手气红包' : '红包';
      const facts = { count: packet.count, total: packet.total, hasPassword: Boolean(password) };
      const on = input.opensOn;
      const said = on
        ? `埋了一个${OPENER_NAME[on]}，共${packet.total}球钻，${OPENER_WHEN[on]}`
        : `发了一个${kind}，共${packet.total}球钻`;
      await chat.post(room, 'redPacket', user, said, {
        packetId: packet.id,
        ...facts,
        ...(on && { opensOn: on }),
      });
      await publish.event({
        type: 'redPacket',
        roomId: room.id,
        packetId: packet.id,
        user,
        ...facts,
        ...(on && { opensOn: on }),
      });
      return detail(packet.id, userId);
    },

    async grab(userId: number, packetId: number, password?: string) {
      const [p] = await db.select().from(redPackets).where(eq(redPackets.id, packetId));
      if (!p) throw notFound(LIVE_MSG.redPacketNotFound);
      if (p.password && cleanText(password ?? '') !== p.password)
        throw badRequest(LIVE_MSG.redPacketPasswordWrong);
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(redPackets).where(eq(redPackets.id, packetId)).for('update');
        const [mine] = await tx
          .select()
          .from(redPacketGrabs)
          .where(and(eq(redPacketGrabs.packetId, packetId), eq(redPacketGrabs.userId, userId)));
        if (mine) return { kind: 'grabbed' as const };
        if (locked.status === 'armed') return { kind: 'armed' as const };
        if (locked.status === 'expired' || locked.expiresAt <= new Date())
          return { kind: 'expired' as const };
        if (locked.status !== 'open' || locked.grabbed >= locked.count) return { kind: 'gone' as const };
        const amount = locked.shares[locked.grabbed];
        const last = locked.grabbed + 1 === locked.count;
        await tx.insert(redPacketGrabs).values({ packetId, userId, amount });
        await tx
          .update(redPackets)
          .set({
            grabbed: sql`${redPackets.grabbed} + 1`,
            amountLeft: sql`${redPackets.amountLeft} - ${amount}`,
            status: last ? 'done' : 'open',
            settledAt: last ? new Date() : null,
          })
          .where(eq(redPackets.id, packetId));
        const record = await ledger.credit(
          {
            userId,
            currency: 'diamond',
            amount,
            type: TRADE_TYPE.grabRedPacket,
            key: `redpacket:${packetId}:grab`,
            ref: `redpacket:${packetId}`,
            counterpartyId: locked.senderId,
            note: '抢红包',
          },
          tx,
        );
        return {
          kind: 'ok' as const,
          amount,
          balance: record.balanceAfter,
          left: locked.count - locked.grabbed - 1,
        };
      });
      if (outcome.kind === 'grabbed') throw badRequest(LIVE_MSG.redPacketGrabbed);
      if (outcome.kind === 'armed') throw badRequest(MATCH_PACKET_MSG.waiting);
      if (outcome.kind === 'gone') throw badRequest(LIVE_MSG.redPacketGone);
      if (outcome.kind === 'expired') {
        await settle(packetId);
        throw badRequest(LIVE_MSG.redPacketExpired);
      }
      const me = await senders.of(userId, null);
      await publish.event({
        type: 'redPacketGrab',
        roomId: p.roomId,
        packetId,
        nickName: me.nickName,
        amount: outcome.amount,
        left: outcome.left,
      });
      return { amount: outcome.amount, balance: outcome.balance, packet: await detail(packetId, userId) };
    },

    /** The room's packets of the last day, newest first, with what the viewer took. */
    async list(roomId: number, viewerId: number | null) {
      await access.openRoom(roomId);
      const rows = await db
        .select({ id: redPackets.id })
        .from(redPackets)
        .where(and(eq(redPackets.roomId, roomId), sql`${redPackets.createdAt} > now() - interval '1 day'`))
        .orderBy(desc(redPackets.id))
        .limit(20);
      return Promise.all(rows.map((r) => detail(r.id, viewerId)));
    },

    /** Returns the rest of every expired packet (the background sweep). */
    async expireDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: redPackets.id })
        .from(redPackets)
        .where(and(eq(redPackets.status, 'open'), lte(redPackets.expiresAt, now)))
        .limit(200);
      let settled = 0;
      for (const { id } of due) if (await settle(id, now)) settled++;
      return settled;
    },
  };
}

export type RedPacketService = ReturnType<typeof createRedPacketService>;
