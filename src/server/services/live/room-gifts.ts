import { WALLET_MSG } from '../../../lib/wallet-messages.ts';
import { badRequest } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import type { GiftService } from '../wallet/gifts.ts';
import type { RoomAccess } from './access.ts';
import type { ChatService } from './chat.ts';
import type { RoomPublisher } from './events.ts';
import type { RoomService } from './rooms.ts';
import { senderSnapshot, type Senders } from './senders.ts';

/** The same gift again within this time continues the combo (x2, x3 …). */
export const COMBO_WINDOW_MS = 5_000;
const DAY_MS = 86_400_000;

export interface RoomGiftInput {
  roomId?: number;
  giftId: number;
  anchorId?: number;
  count: number;
  key: string;
}

/**
 * A gift sent in a room: paid by the wallet (POST /pay/gift, one ledger transfer), then shown to
 * the room: a chat line, the effect for everyone, the combo count and the heat. A retried request
 * (same key) pays nothing again and is not announced twice.
 */
export function createRoomGiftService(deps: {
  kv: Kv;
  gifts: GiftService;
  access: RoomAccess;
  senders: Senders;
  chat: ChatService;
  rooms: RoomService;
  publish: RoomPublisher;
}) {
  const { kv, gifts, access, senders, chat, rooms, publish } = deps;

  return {
    async send(userId: number, input: RoomGiftInput) {
      if (!input.roomId) {
        if (!input.anchorId) throw badRequest('参数 anchorId 无效：应为正整数');
        return {
          ...(await gifts.send(userId, {
            giftId: input.giftId,
            anchorId: input.anchorId,
            count: input.count,
            key: input.key,
          })),
          combo: input.count,
          heat: null,
        };
      }
      const room = await access.openRoom(input.roomId);
      if (input.anchorId && input.anchorId !== room.anchorId) throw badRequest(WALLET_MSG.anchorNotFound);
      const result = await gifts.send(userId, {
        giftId: input.giftId,
        anchorId: room.anchorId,
        count: input.count,
        key: input.key,
      });
      if (!(await kv.setIfAbsent(`gift:shown:${result.recordId}`, '1', DAY_MS)))
        return { ...result, combo: input.count, heat: null };
      const comboKey = `gift:combo:${room.id}:${userId}:${result.gift.id}`;
      const combo = (Number(await kv.get(comboKey)) || 0) + result.count;
      await kv.set(comboKey, String(combo), COMBO_WINDOW_MS);
      const user = senderSnapshot(await senders.of(userId, room));
      const gift = {
        id: result.gift.id,
        name: result.gift.name,
        icon: result.gift.icon,
        tier: result.gift.tier,
      };
      const heat = await rooms.addHeat(room.id, result.cost);
      await chat.post(room, 'gift', user, `送出 ${gift.name}×${result.count}`, {
        gift,
        count: result.count,
        combo,
      });
      await publish.event({ type: 'gift', roomId: room.id, user, gift, count: result.count, combo, heat });
      return { ...result, combo, heat };
    },
  };
}
