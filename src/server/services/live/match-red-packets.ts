import { and, eq } from 'drizzle-orm';
import {
  MATCH_PACKET_MSG,
  OPENER_NAME,
  armRefusal,
  armedFate,
  type MatchNow,
  type PacketOpener,
} from '../../../lib/live/match-packets.ts';
import { RED_PACKET } from '../../../lib/live/rules.ts';
import type { SportId } from '../../../lib/vocab/sports.ts';
import type { Db } from '../../db/client.ts';
import { matches, redPackets } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { Room, RoomAccess } from './access.ts';
import type { ChatService } from './chat.ts';
import type { RoomPublisher } from './events.ts';
import { returnToSender } from './red-packets.ts';
import { senderSnapshot, type Senders } from './senders.ts';

type Packet = typeof redPackets.$inferSelect;

/**
 * 比赛红包 (docs/live-rooms.md): the anchor pays when arming (send() in red-packets.ts, the same
 * ledger entry as any packet); the packet opens when its moment comes (next goal, half time) or goes
 * back whole to the anchor when the match ends first. Each change moves the packet out of 'armed' in
 * one guarded update, so the feed's event, the sweep and a second instance act on it once.
 */
export function createMatchRedPackets(deps: {
  db: Db;
  ledger: Ledger;
  access: RoomAccess;
  senders: Senders;
  chat: ChatService;
  publish: RoomPublisher;
}) {
  const { db, ledger } = deps;

  async function matchNow(matchId: number): Promise<MatchNow | null> {
    const [m] = await db
      .select({
        sport: matches.sport,
        state: matches.state,
        home: matches.homeScore,
        away: matches.awayScore,
      })
      .from(matches)
      .where(eq(matches.id, matchId));
    return m ? { sport: m.sport as SportId, state: m.state, goals: (m.home ?? 0) + (m.away ?? 0) } : null;
  }

  /** The anchor's own room and its match, which must still allow the opener: what the packet records. */
  async function arming(userId: number, room: Room, on: PacketOpener) {
    if (room.anchorId !== userId) throw forbidden(MATCH_PACKET_MSG.anchorOnly);
    const m = room.matchId ? await matchNow(room.matchId) : null;
    if (!room.matchId || !m) throw badRequest(MATCH_PACKET_MSG.noMatch);
    const refusal = armRefusal(m, on);
    if (refusal) throw badRequest(refusal);
    return { status: 'armed', matchId: room.matchId, opensOn: on, armedGoals: m.goals };
  }

  const anchorOf = async (p: Packet) => {
    const room = await deps.access.room(p.roomId);
    return { room, user: senderSnapshot(await deps.senders.of(p.senderId, room)) };
  };

  async function open(p: Packet, at: Date): Promise<boolean> {
    const [opened] = await db
      .update(redPackets)
      .set({ status: 'open', openedAt: at, expiresAt: new Date(at.getTime() + RED_PACKET.ttlMs) })
      .where(and(eq(redPackets.id, p.id), eq(redPackets.status, 'armed')))
      .returning();
    if (!opened) return false;
    const { room, user } = await anchorOf(opened);
    const name = OPENER_NAME[opened.opensOn as PacketOpener];
    const facts = { count: opened.count, total: opened.total, hasPassword: Boolean(opened.password) };
    await deps.chat.post(room, 'redPacket', user, `的${name}开抢啦！共${opened.total}球钻`, {
      packetId: opened.id,
      opened: opened.opensOn,
      ...facts,
    });
    await deps.publish.event({
      type: 'redPacket',
      roomId: room.id,
      packetId: opened.id,
      user,
      ...facts,
      opensOn: opened.opensOn as PacketOpener,
      opened: true,
    });
    return true;
  }

  /** The whole packet back to the anchor (returnToSender: the key an expired packet's return uses). */
  async function giveBack(p: Packet, at: Date): Promise<boolean> {
    const back = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(redPackets)
        .set({ status: 'expired', amountLeft: 0, settledAt: at })
        .where(and(eq(redPackets.id, p.id), eq(redPackets.status, 'armed')))
        .returning();
      if (!row) return null;
      const name = OPENER_NAME[row.opensOn as PacketOpener];
      await returnToSender(ledger, tx, row, row.total, `比赛结束，${name}未开出，全额退回`);
      return row;
    });
    if (!back) return false;
    const { room, user } = await anchorOf(back);
    await deps.chat.post(
      room,
      'redPacket',
      user,
      `的${OPENER_NAME[back.opensOn as PacketOpener]}未等到开抢，已退回`,
      {
        packetId: back.id,
        returned: true,
      },
    );
    return true;
  }

  /** Opens or gives back the armed packets of one match as it stands now; how many changed. */
  async function advanceMatch(matchId: number, at = new Date()): Promise<number> {
    const armed = await db
      .select()
      .from(redPackets)
      .where(and(eq(redPackets.matchId, matchId), eq(redPackets.status, 'armed')));
    if (!armed.length) return 0;
    const m = await matchNow(matchId);
    let changed = 0;
    for (const p of armed) {
      const fate = m
        ? armedFate(m, { opensOn: p.opensOn as PacketOpener, armedGoals: p.armedGoals ?? 0 })
        : 'return';
      if (fate === 'open' && (await open(p, at))) changed++;
      if (fate === 'return' && (await giveBack(p, at))) changed++;
    }
    return changed;
  }

  return {
    arming,
    advanceMatch,

    /** Every match with armed packets, for the sweep that catches a missed goal, half time or end. */
    async sweep(): Promise<number> {
      const rows = await db
        .selectDistinct({ matchId: redPackets.matchId })
        .from(redPackets)
        .where(eq(redPackets.status, 'armed'));
      let n = 0;
      for (const r of rows) if (r.matchId) n += await advanceMatch(r.matchId);
      return n;
    },
  };
}

export type MatchRedPackets = ReturnType<typeof createMatchRedPackets>;
