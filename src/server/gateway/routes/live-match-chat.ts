import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT } from '../../../lib/live/rules.ts';
import { CHANNEL } from '../../../lib/realtime/codes.ts';
import { socketTokens } from '../../realtime/tokens.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { readChatSend } from '../../services/live/chat-input.ts';
import { afterId, caller, live, optionalId, requiredId } from './live-input.ts';
import { LIMIT } from '../limits.ts';

/**
 * /svc/chat — the chat of a match (spec §7 "Chat"): a chat room per match id, delivered on the
 * socket channel `match:{id}` with WS_CODE.chatMessage. Same rules as room chat, through the same
 * service function.
 */
export const chatRoutes = new Hono<GatewayEnv>();

/** POST /chat/getToken?group={matchId} → {token (a socket token, 60 s), channel: 'match:{id}'}: join it after /imapi/websocket. */
chatRoutes.post('/getToken', async (c) => {
  const input = await readInput(c);
  const group = requiredId(input, 'group');
  return ok(c, {
    token: socketTokens(c.var.app).issue(c.var.user?.id ?? 0),
    channel: CHANNEL.match(group),
    group,
  });
});

/** POST /chat/welcome {matchId} → {welcome, matchId}. */
chatRoutes.post('/welcome', async (c) => {
  const input = await readInput(c);
  return ok(c, await live(c).welcome.match(requiredId(input, 'matchId')));
});

/** POST /chat/page {matchId, pageSize (20), lastId?, afterId?} → {list (oldest first), hasMore}. */
chatRoutes.post('/page', async (c) => {
  const input = await readInput(c);
  const { pageSize } = validate(z.object({ pageSize: q.pageSize(CHAT.pageSize, 50) }), {
    pageSize: text(input.pageSize) || undefined,
  });
  return ok(
    c,
    await live(c).chat.page(
      { matchId: requiredId(input, 'matchId') },
      { pageSize, beforeId: optionalId(input, 'lastId'), afterId: afterId(input) },
    ),
  );
});

/** POST /chat/notice → {notice, maxLength}. */
chatRoutes.post('/notice', (c) => ok(c, live(c).welcome.matchNotice()));

/** POST /chat/msg {matchId, content, atUserId?, atNickName?, platform} → the ChatMessage. */
chatRoutes.post('/msg', requireUser, LIMIT.chat, async (c) => {
  const { target, message } = readChatSend(await readInput(c), 'matchId');
  return ok(c, await live(c).chat.send(caller(c).id, target, message));
});
