import { BUBBLES, bubbleOf } from '../../../lib/live/rules.ts';
import type { NobilityService } from '../wallet/nobility.ts';
import type { RoomAccess } from './access.ts';
import type { RoomPublisher } from './events.ts';
import { senderSnapshot, type Senders } from './senders.ts';

/**
 * Nobility as the room shows it: buying or renewing from the room (paid by the wallet, trade type
 * 15, then announced to the room), the caller's bag of perks, and the chat bubbles.
 */
export function createRoomNobilityService(deps: {
  nobility: NobilityService;
  access: RoomAccess;
  senders: Senders;
  publish: RoomPublisher;
}) {
  const { nobility, access, senders, publish } = deps;

  return {
    /** GET /api/nobility/active: buys or renews `tierId` for `months`; the room hears of it. */
    async activate(userId: number, input: { tierId: number; months: number; key: string; roomId?: number }) {
      const room = input.roomId ? await access.openRoom(input.roomId) : null;
      const result = await nobility.purchase(userId, {
        tierId: input.tierId,
        months: input.months,
        key: input.key,
      });
      if (room) {
        const me = await senders.of(userId, room);
        await publish.event({
          type: 'nobility',
          roomId: room.id,
          user: senderSnapshot(me),
          name: result.nobility.name,
        });
      }
      return result;
    },

    /** GET /api/nobility/bag: what the caller holds, its perks, and every tier to buy. */
    async bag(userId: number) {
      const [current, tiers, me] = await Promise.all([
        nobility.active(userId),
        nobility.list(),
        senders.of(userId, null),
      ]);
      const tier = current ? tiers.find((t) => t.id === current.id) : undefined;
      return {
        current: current && tier ? { ...tier, expiresAt: current.expiresAt } : null,
        bubble: me.bubble,
        tiers,
      };
    },

    /** GET /api/nobility/bubble: the bubble styles, and the caller's (from level and nobility). */
    async bubbles(userId: number | null) {
      const mine = userId ? (await senders.of(userId, null)).bubble : bubbleOf(0);
      return { list: BUBBLES, mine };
    },
  };
}
