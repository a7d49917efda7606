import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { bubbleOf } from '../../../lib/live/rules.ts';
import type { Sender } from '../../../lib/live/types.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import type { Db } from '../../db/client.ts';
import { roomForbids, roomManagers, userNobility, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { NobilityService } from '../wallet/nobility.ts';
import type { Room } from './access.ts';

export interface SenderInfo extends Sender {
  /** The nobility's entry effect, when the sender holds one. */
  entryEffect: string | null;
}

/** What a chat message must know of its sender besides who they are: a ban in the room, a staff mute. */
export interface ChatStanding {
  sender: SenderInfo | null;
  bannedInRoom: boolean;
  mutedUntil: Date | null;
}

/**
 * Who someone is in a room right now: name, level, role, nobility (from the wallet) and the
 * chat bubble that follows from them. Chat messages keep this snapshot. One statement reads the
 * user, their role in the room, the tier they hold and, for chat, a ban and a mute (a chat message
 * took five of its seven to nine statements for these); the tiers' names and perks come from the
 * wallet's cached list, so a console edit of a tier shows on other instances within its 30 s.
 */
export function createSenders(deps: { db: Db; nobility: NobilityService }) {
  const { db, nobility } = deps;

  async function load(userId: number, room: Room | null) {
    const now = new Date();
    const [row] = await db
      .select({
        id: users.id,
        nickName: users.nickName,
        level: users.level,
        status: users.status,
        mutedUntil: users.mutedUntil,
        manager: room
          ? sql<boolean>`exists (select 1 from ${roomManagers} where ${and(
              eq(roomManagers.roomId, room.id),
              eq(roomManagers.userId, users.id),
            )})`
          : sql<boolean>`false`,
        banned: room
          ? sql<boolean>`exists (select 1 from ${roomForbids} where ${and(
              eq(roomForbids.roomId, room.id),
              eq(roomForbids.userId, users.id),
              or(isNull(roomForbids.expiresAt), gt(roomForbids.expiresAt, now)),
            )})`
          : sql<boolean>`false`,
        tierId: sql<number | null>`(select ${userNobility.tierId} from ${userNobility} where ${and(
          eq(userNobility.userId, users.id),
          gt(userNobility.expiresAt, now),
        )} limit 1)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  async function senderOf(row: NonNullable<Awaited<ReturnType<typeof load>>>, room: Room | null) {
    const tier = row.tierId === null ? undefined : (await nobility.list()).find((t) => t.id === row.tierId);
    const role = room?.anchorId === row.id ? 'anchor' : row.manager ? 'manager' : null;
    return {
      id: row.id,
      nickName: row.nickName,
      level: row.level,
      role,
      nobility: tier
        ? { id: tier.id, name: tier.name, level: tier.level, color: tier.color, badge: tier.perks.badge }
        : null,
      bubble: bubbleOf(row.level, tier?.perks.bubble ?? 0),
      entryEffect: tier?.perks.entryEffect ?? null,
    } satisfies SenderInfo;
  }

  return {
    async of(userId: number, room: Room | null): Promise<SenderInfo> {
      const row = await load(userId, room);
      if (!row || row.status !== 1) throw notFound(ACCOUNT_MSG.userNotFound);
      return senderOf(row, room);
    },

    /**
     * For a chat message: the sender (null for a user who does not exist or is disabled), and whether
     * a ban in the room or a staff mute stops them; the caller checks those first, in the message's
     * order of rules.
     */
    async forChat(userId: number, room: Room | null): Promise<ChatStanding> {
      const row = await load(userId, room);
      return {
        sender: row?.status === 1 ? await senderOf(row, room) : null,
        bannedInRoom: row?.banned ?? false,
        mutedUntil: row?.mutedUntil ?? null,
      };
    },
  };
}

/** The snapshot stored with a message (no entry effect). */
export const senderSnapshot = ({ entryEffect: _e, ...sender }: SenderInfo): Sender => sender;

export type Senders = ReturnType<typeof createSenders>;
