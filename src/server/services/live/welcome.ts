import { CHAT, LEVEL_GATES } from '../../../lib/live/rules.ts';
import type { Kv } from '../../kv/kv.ts';
import type { RoomAccess } from './access.ts';
import type { RoomPublisher } from './events.ts';
import type { MatchLookup } from './matches.ts';
import type { RoomService } from './rooms.ts';
import { senderSnapshot, type Senders } from './senders.ts';
import { MSG } from '../../../lib/messages.ts';
import { notFound } from '../../errors.ts';

/** One entry announcement per user and room in this window, however often the page reloads. */
const ENTRY_QUIET_MS = 10 * 60_000;

const CHAT_RULES = '文明观赛，理性发言。禁止发布广告、引战、辱骂及违法违规内容，违者将被禁言。';

/** What a viewer is told on entering a room or a match chat, and the chat rules that apply to them. */
export function createWelcomeService(deps: {
  kv: Kv;
  access: RoomAccess;
  senders: Senders;
  rooms: RoomService;
  matches: MatchLookup;
  publish: RoomPublisher;
}) {
  const { kv, access, senders, rooms, matches, publish } = deps;

  return {
    /**
     * POST /api/chat/welcome: the welcome line and the notice. A noble or a user of Lv5 and up is
     * announced to the room (with the nobility's entry effect).
     */
    async room(roomId: number, userId: number | null) {
      const room = await access.openRoom(roomId);
      const info = await rooms.info(roomId);
      const anchor = await senders.of(room.anchorId, null);
      let entry = false;
      if (userId) {
        const me = await senders.of(userId, room);
        if (
          (me.nobility || me.level >= LEVEL_GATES.entryNotice) &&
          (await kv.setIfAbsent(`entry:${room.id}:${userId}`, '1', ENTRY_QUIET_MS))
        ) {
          const effect = me.entryEffect ?? '进入直播间';
          await publish.event({ type: 'entry', roomId: room.id, user: senderSnapshot(me), effect });
          await rooms.addHeat(room.id, 1);
          entry = true;
        }
      }
      return { welcome: `欢迎来到${anchor.nickName}的直播间！${CHAT_RULES}`, notice: info.notice, entry };
    },

    /** GET /api/chat/info: the chat rules for this caller in this room. */
    async roomInfo(roomId: number, userId: number | null) {
      const room = await access.openRoom(roomId);
      const [role, forbidden] = userId
        ? await Promise.all([access.roleIn(room, userId), access.isForbidden(room.id, userId)])
        : ['viewer', false];
      return {
        roomId: room.id,
        slowMode: room.slowMode,
        maxLength: CHAT.maxLength,
        burst: CHAT.burst,
        burstWindowSeconds: CHAT.burstWindowMs / 1000,
        pageSize: CHAT.pageSize,
        levelGates: LEVEL_GATES,
        role: userId ? role : null,
        forbidden,
        canSend: Boolean(userId) && !forbidden,
        rules: CHAT_RULES,
      };
    },

    /** POST /chat/welcome {matchId}. */
    async match(matchId: number) {
      const m = (await matches.briefs([matchId])).get(matchId);
      if (!m) throw notFound(MSG.matchNotFound);
      return { welcome: `欢迎来到 ${m.home} vs ${m.away} 的聊天室！${CHAT_RULES}`, matchId };
    },

    /** POST /chat/notice: the match chat's standing notice. */
    matchNotice: () => ({ notice: CHAT_RULES, maxLength: CHAT.maxLength }),
  };
}
