import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { BARRAGE_STYLES, barrageAllowed, CHAT, LEVEL_GATES, MENTION_RE } from '../../../lib/live/rules.ts';
import type { ChatMessage, Sender } from '../../../lib/live/types.ts';
import { CODE, MSG, fill } from '../../../lib/messages.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { SPORTS_MSG } from '../../../lib/sports/messages.ts';
import { screenText } from '../../../lib/moderation/sensitive-words.ts';
import type { Db } from '../../db/client.ts';
import { chatMessages, users } from '../../db/schema/index.ts';
import { ApiError, badRequest, forbidden, invalidParam, notFound } from '../../errors.ts';
import type { Kv } from '../../kv/kv.ts';
import { refuseIfMuted } from '../accounts/mute.ts';
import { ACCOUNT_MSG } from '../../../lib/accounts/messages.ts';
import type { Room, RoomAccess } from './access.ts';
import type { RoomPublisher } from './events.ts';
import type { MatchLookup } from './matches.ts';
import type { RoomService } from './rooms.ts';
import { validate } from '../../validate.ts';
import { socketChatInput } from './chat-input.ts';
import { senderSnapshot, type Senders } from './senders.ts';

/** Where a message goes: a live room, or the chat of a match. */
export type ChatTarget = { roomId: number; matchId?: undefined } | { matchId: number; roomId?: undefined };

export interface SendInput {
  content: string;
  /** @mention by id or by nickname (a leading "@昵称 " in the text works too). */
  atUserId?: number;
  atNickName?: string;
  /** Barrage style id (/api/chat/barrage/all); 0 or absent: chat only. */
  barrage?: number;
}

type Row = typeof chatMessages.$inferSelect;

export const toMessage = (r: Row): ChatMessage => {
  const extra = (r.extra ?? null) as Record<string, unknown> | null;
  return {
    id: r.id,
    roomId: r.roomId,
    matchId: r.matchId,
    kind: r.kind as ChatMessage['kind'],
    content: r.content,
    sender: r.sender as Sender,
    atInfo: (r.atInfo ?? null) as ChatMessage['atInfo'],
    barrage: typeof extra?.barrage === 'number' ? extra.barrage : null,
    extra,
    createdAt: r.createdAt.toISOString(),
  };
};

/** Control and invisible characters out, runs of whitespace (newlines too) folded to one space. */
export const cleanText = (raw: string) =>
  raw
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Room and match chat. `send` is the one way in, for POST /api/chat/msg, POST /chat/msg and the
 * socket's chat frame alike: it checks the ban, the rate limit, slow mode, length and level gates,
 * stores the message and publishes it.
 */
export function createChatService(deps: {
  db: Db;
  kv: Kv;
  access: RoomAccess;
  senders: Senders;
  rooms: RoomService;
  matches: MatchLookup;
  publish: RoomPublisher;
}) {
  const { db, kv, access, senders, rooms, matches, publish } = deps;

  async function targetRoom(target: ChatTarget): Promise<Room | null> {
    if (target.roomId) return access.openRoom(target.roomId);
    if (!(await matches.briefs([target.matchId!])).has(target.matchId!))
      throw notFound(SPORTS_MSG.matchNotFound);
    return null;
  }

  async function mention(input: SendInput, content: string, level: number) {
    const typed = MENTION_RE.exec(content + ' ')?.[1];
    const nick = input.atNickName?.trim() || typed;
    if (!input.atUserId && !nick) return null;
    if (level < LEVEL_GATES.mention)
      throw forbidden(fill(LIVE_MSG.mentionLevel, { level: LEVEL_GATES.mention }));
    const [u] = input.atUserId
      ? await db
          .select({ id: users.id, nickName: users.nickName })
          .from(users)
          .where(and(eq(users.id, input.atUserId), eq(users.status, 1)))
      : [await access.userByNick(nick!)];
    if (!u) throw badRequest(LIVE_MSG.mentionUnknown);
    return { id: u.id, nickName: u.nickName };
  }

  /** Burst limit for everyone; slow mode for viewers of a room that has it on. */
  async function pace(userId: number, room: Room | null, sender: Sender) {
    if ((await kv.incr(`chat:burst:${userId}`, CHAT.burstWindowMs)) > CHAT.burst)
      throw new ApiError(CODE.tooMany, LIVE_MSG.chatTooFast);
    if (!room || room.slowMode === 0 || sender.role) return;
    const key = `chat:slow:${room.id}:${userId}`;
    if (!(await kv.setIfAbsent(key, '1', room.slowMode * 1000))) {
      const seconds = Math.max(1, Math.ceil((await kv.ttl(key)) / 1000));
      throw new ApiError(CODE.tooMany, fill(LIVE_MSG.chatSlowMode, { seconds }));
    }
  }

  async function send(userId: number, target: ChatTarget, input: SendInput): Promise<ChatMessage> {
    // The sensitive-word list is shared with the community: refuse words stop the message, insults are masked.
    const screened = screenText(cleanText(input.content ?? ''));
    if (screened.refused) throw badRequest(fill(COMMUNITY_MSG.postSensitive, { word: screened.refused }));
    const content = screened.text;
    if (!content) throw badRequest(LIVE_MSG.chatEmpty);
    if ([...content].length > CHAT.maxLength)
      throw badRequest(fill(LIVE_MSG.chatTooLong, { max: CHAT.maxLength }));
    const room = await targetRoom(target);
    const standing = await senders.forChat(userId, room);
    if (standing.bannedInRoom) throw forbidden(LIVE_MSG.chatForbidden);
    refuseIfMuted(standing.mutedUntil);
    if (!standing.sender) throw notFound(ACCOUNT_MSG.userNotFound);
    const sender = senderSnapshot(standing.sender);
    let barrage: number | null = null;
    if (input.barrage) {
      const style = BARRAGE_STYLES.find((s) => s.id === input.barrage);
      if (!style) throw badRequest(LIVE_MSG.barrageStyleLocked);
      // Nobles fly barrage whatever their level.
      if (sender.level < LEVEL_GATES.barrage && !sender.nobility)
        throw forbidden(fill(LIVE_MSG.barrageLevel, { level: LEVEL_GATES.barrage }));
      if (!barrageAllowed(style, sender.level, sender.nobility?.level ?? 0))
        throw forbidden(LIVE_MSG.barrageStyleLocked);
      barrage = style.id;
    }
    const atInfo = await mention(input, content, sender.level);
    await pace(userId, room, sender);
    const [row] = await db
      .insert(chatMessages)
      .values({
        roomId: room?.id ?? null,
        matchId: room ? null : target.matchId!,
        userId,
        content,
        sender,
        atInfo,
        extra: barrage ? { barrage } : null,
      })
      .returning();
    const message = toMessage(row);
    await publish.chat(message);
    if (room) await rooms.addHeat(room.id, 1);
    return message;
  }

  return {
    send,

    /** The chat frame of the socket (WS_CODE.chatSend): the same checks as POST /api/chat/msg. */
    async fromSocket(userId: number, data: Record<string, unknown>) {
      const { roomId, matchId, ...message } = validate(socketChatInput, data);
      if (roomId) return send(userId, { roomId }, message);
      if (matchId) return send(userId, { matchId }, message);
      throw invalidParam('roomId', MSG.valueRequired);
    },

    /** Anything else the room or match says in the chat (gifts, red packets): stored and published. */
    async post(
      room: Room,
      kind: 'gift' | 'redPacket',
      sender: Sender,
      content: string,
      extra: Record<string, unknown>,
    ) {
      const [row] = await db
        .insert(chatMessages)
        .values({ roomId: room.id, userId: sender.id, kind, content, sender, extra })
        .returning();
      const message = toMessage(row);
      await publish.chat(message);
      return message;
    },

    /** History, oldest first: the `pageSize` messages before `beforeId` (or the latest), or those after `afterId`. */
    async page(target: ChatTarget, opts: { pageSize: number; beforeId?: number; afterId?: number }) {
      await targetRoom(target);
      const where = and(
        target.roomId ? eq(chatMessages.roomId, target.roomId) : eq(chatMessages.matchId, target.matchId!),
        opts.beforeId ? lt(chatMessages.id, opts.beforeId) : undefined,
        opts.afterId !== undefined ? gt(chatMessages.id, opts.afterId) : undefined,
        // A line held for review (the seeded moderation case) waits in the console, not in the room.
        sql`(${chatMessages.extra} ->> 'held') is null`,
      );
      // Newer messages read forwards (a poll catching up), older ones backwards from the latest.
      const forwards = opts.afterId !== undefined;
      const rows = await db
        .select()
        .from(chatMessages)
        .where(where)
        .orderBy(forwards ? asc(chatMessages.id) : desc(chatMessages.id))
        .limit(opts.pageSize + 1);
      const hasMore = rows.length > opts.pageSize;
      const page = rows.slice(0, opts.pageSize);
      return { list: (forwards ? page : page.reverse()).map(toMessage), hasMore };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
