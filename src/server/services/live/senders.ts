import { and, eq } from 'drizzle-orm';
import { bubbleOf } from '../../../lib/live/rules.ts';
import type { Sender } from '../../../lib/live/types.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { NobilityService } from '../wallet/nobility.ts';
import type { Room, RoomAccess } from './access.ts';

export interface SenderInfo extends Sender {
  /** The nobility's entry effect, when the sender holds one. */
  entryEffect: string | null;
}

/**
 * Who someone is in a room right now: name, level, role, nobility (from the wallet) and the
 * chat bubble that follows from them. Chat messages keep this snapshot.
 */
export function createSenders(deps: { db: Db; nobility: NobilityService; access: RoomAccess }) {
  const { db, nobility, access } = deps;

  return {
    async of(userId: number, room: Room | null): Promise<SenderInfo> {
      const [u] = await db
        .select({ id: users.id, nickName: users.nickName, level: users.level })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.status, 1)));
      if (!u) throw notFound(ACCOUNT_MSG.userNotFound);
      const [held, tiers, role] = await Promise.all([
        nobility.activeOf([userId]),
        nobility.list(),
        room ? access.roleIn(room, userId) : Promise.resolve('viewer' as const),
      ]);
      const tier = held.get(userId);
      const perks = tier ? tiers.find((t) => t.id === tier.id)?.perks : undefined;
      return {
        id: u.id,
        nickName: u.nickName,
        level: u.level,
        role: role === 'viewer' ? null : role,
        nobility: tier
          ? { id: tier.id, name: tier.name, level: tier.level, color: tier.color, badge: tier.badge }
          : null,
        bubble: bubbleOf(u.level, perks?.bubble ?? 0),
        entryEffect: perks?.entryEffect ?? null,
      };
    },
  };
}

/** The snapshot stored with a message (no entry effect). */
export const senderSnapshot = ({ entryEffect: _e, ...sender }: SenderInfo): Sender => sender;

export type Senders = ReturnType<typeof createSenders>;
