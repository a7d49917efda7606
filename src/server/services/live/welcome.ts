import { eq } from 'drizzle-orm';
import { CHAT, LEVEL_GATES } from '../../../lib/live/rules.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Kv } from '../../kv/kv.ts';
import type { RoomAccess } from './access.ts';
import type { RoomPublisher } from './events.ts';
import type { MatchLookup } from './matches.ts';
import type { RoomService } from './rooms.ts';
import { senderSnapshot, type Senders } from './senders.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { createViewerPart } from './viewer-part.ts';
import { notFound } from '../../errors.ts';

/** One entry announcement per user and room in this window, however often the page reloads. */
const ENTRY_QUIET_MS = 10 * 60_000;

const CHAT_RULES = '文明观赛，理性发言。禁止发布广告、引战、辱骂及违法违规内容，违者将被禁言。';

/** What a viewer is told on entering a room or a match chat, and the chat rules that apply to them. */
export function createWelcomeService(deps: {
  db: Db;
  kv: Kv;
  access: RoomAccess;
  senders: Senders;
  rooms: RoomService;
  matches: MatchLookup;
  publish: RoomPublisher;
}) {
  const { db, kv, access, senders, rooms, matches, publish } = deps;
  const viewerPart = createViewerPart(db);

  return {
    /**
     * POST /api/chat/welcome: the welcome line, the notice and, for a logged-in fan, their part of the
     * room (`me`, viewer-part.ts: the page is the visitor's copy for everyone). A noble or a user of
     * Lv5 and up is announced to the room (with the nobility's entry effect).
     */
    async room(roomId: number, userId: number | null) {
      const room = await access.openRoom(roomId);
      const [anchor, me] = await Promise.all([
        db.select({ nickName: users.nickName }).from(users).where(eq(users.id, room.anchorId)),
        userId ? viewerPart(room, userId) : null,
      ]);
      let entry = false;
      if (
        me &&
        (me.nobilityLevel > 0 || me.level >= LEVEL_GATES.entryNotice) &&
        (await kv.setIfAbsent(`entry:${room.id}:${me.id}`, '1', ENTRY_QUIET_MS))
      ) {
        const sender = await senders.of(me.id, room);
        const effect = sender.entryEffect ?? '进入直播间';
        await publish.event({ type: 'entry', roomId: room.id, user: senderSnapshot(sender), effect });
        await rooms.addHeat(room.id, 1);
        entry = true;
      }
      return {
        welcome: `欢迎来到${anchor[0]?.nickName ?? ''}的直播间！${CHAT_RULES}`,
        notice: room.notice,
        entry,
        me,
      };
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
      if (!m) throw notFound(SPORTS_MSG.matchNotFound);
      return { welcome: `欢迎来到 ${m.home} vs ${m.away} 的聊天室！${CHAT_RULES}`, matchId };
    },

    /** POST /chat/notice: the match chat's standing notice. */
    matchNotice: () => ({ notice: CHAT_RULES, maxLength: CHAT.maxLength }),
  };
}
