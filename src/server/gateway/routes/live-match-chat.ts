import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT } from '../../../lib/live/rules.ts';
import { CHANNEL } from '../../../lib/realtime/codes.ts';
import { socketTokens } from '../../realtime/tokens.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';
import { matchChatInput } from '../../services/live/chat-input.ts';
import { caller, live } from './live-context.ts';
import { LIMIT } from '../limits.ts';

/**
 * /svc/chat — the chat of a match (spec §7 "Chat"): a chat room per match id, delivered on the
 * socket channel `match:{id}` with WS_CODE.chatMessage. Same rules as room chat, through the same
 * service function.
 */
export const chatRoutes = new Hono<GatewayEnv>();

const getTokenInput = z.object({ group: field.id() });

/** POST /chat/getToken?group={matchId} → {token (a socket token, 60 s), channel: 'match:{id}'}: join it after /imapi/websocket. */
chatRoutes.post('/getToken', async (c) => {
  const { group } = await read(c, getTokenInput);
  return ok(c, {
    token: socketTokens(c.var.app).issue(c.var.user?.id ?? 0),
    channel: CHANNEL.match(group),
    group,
  });
});

const welcomeInput = z.object({ matchId: field.id() });

/** POST /chat/welcome {matchId} → {welcome, matchId}. */
chatRoutes.post('/welcome', async (c) => {
  const { matchId } = await read(c, welcomeInput);
  return ok(c, await live(c).welcome.match(matchId));
});

const chatPageInput = z.object({
  pageSize: field.pageSize(CHAT.pageSize, 50),
  matchId: field.id(),
  lastId: field.optionalId(),
  afterId: field.optionalWhole(),
});

/** POST /chat/page {matchId, pageSize (20), lastId?, afterId?} → {list (oldest first), hasMore}. */
chatRoutes.post('/page', async (c) => {
  const { pageSize, matchId, lastId, afterId } = await read(c, chatPageInput);
  return ok(c, await live(c).chat.page({ matchId }, { pageSize, beforeId: lastId, afterId }));
});

/** POST /chat/notice → {notice, maxLength}. */
chatRoutes.post('/notice', (c) => ok(c, live(c).welcome.matchNotice()));

/** POST /chat/msg {matchId, content, atUserId?, atNickName?, platform} → the ChatMessage. */
chatRoutes.post('/msg', requireUser, LIMIT.chat, async (c) => {
  const { matchId, ...message } = await read(c, matchChatInput);
  return ok(c, await live(c).chat.send(caller(c).id, { matchId }, message));
});
