import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { LIMIT } from '../limits.ts';

/** /svc/message — 私信 (docs/messages.md). Every call needs a login; the desk calls need 运营. */
export const messageRoutes = new Hono<GatewayEnv>();
const conversationInput = z.object({ conversationId: field.id() });
const historyInput = conversationInput.extend({ beforeId: field.optionalId() });
/** The content as sent: text keeps its inner whitespace (the service cleans it). */
const sendInput = conversationInput.extend({
  kind: field.oneOf(['text', 'image'], { fallback: 'text' }),
  content: field.rawStr(),
});
const openInput = z.object({ service: field.flag() });
const userInput = z.object({ userId: field.id() });
const blockInput = z.object({ userId: field.id(), cancel: field.flag() });

/** GET /message/conversations: mine with peer, last message, unread count and the peer's read marker. */
messageRoutes.get('/conversations', requireUser, async (c) =>
  ok(c, await c.var.app.services.messages.conversations.list(c.var.user.id)),
);

/** POST /message/open {userId} | {service: 1}: the conversation, created on first use. */
messageRoutes.post('/open', requireUser, LIMIT.message, async (c) => {
  const convs = c.var.app.services.messages.conversations;
  if ((await read(c, openInput)).service) return ok(c, await convs.openService(c.var.user.id));
  const { userId } = await read(c, userInput);
  return ok(c, await convs.openDirect(c.var.user.id, userId));
});

/** GET /message/history?conversationId&beforeId: a page of the thread, oldest first, with `hasMore`. */
messageRoutes.get('/history', requireUser, async (c) => {
  const { conversationId, beforeId } = await read(c, historyInput);
  return ok(
    c,
    await c.var.app.services.messages.conversations.history(c.var.user.id, conversationId, beforeId),
  );
});

/** POST /message/send {conversationId, kind: text|image, content}: the stored message. */
messageRoutes.post('/send', requireUser, LIMIT.message, async (c) =>
  ok(c, await c.var.app.services.messages.sender.send(c.var.user.id, await read(c, sendInput))),
);

/** POST /message/read {conversationId}: marks the thread read; the peer gets a read receipt. */
messageRoutes.post('/read', requireUser, async (c) => {
  const { conversationId } = await read(c, conversationInput);
  return ok(c, await c.var.app.services.messages.reads.markRead(c.var.user.id, conversationId));
});

/** GET /message/unread: {messages, notices, all} — the header badge. */
messageRoutes.get('/unread', requireUser, async (c) =>
  ok(c, await c.var.app.services.messages.reads.totals(c.var.user.id)),
);

/** POST /message/block {userId, cancel?}: block (or with cancel=1 unblock) a user. */
messageRoutes.post(
  '/block',
  requireUser,
  rateLimit({ name: 'dm-block', max: 30, windowMs: 60_000 }),
  async (c) => {
    const { userId, cancel } = await read(c, blockInput);
    return ok(c, await c.var.app.services.messages.blocks.set(c.var.user.id, userId, !cancel));
  },
);

/** GET /message/blocks: the users I have blocked. */
messageRoutes.get('/blocks', requireUser, async (c) =>
  ok(c, await c.var.app.services.messages.blocks.list(c.var.user.id)),
);

/** GET /message/service/list — 运营: service conversations, unanswered first. */
messageRoutes.get('/service/list', requireAccess('service.reply'), async (c) =>
  ok(c, await c.var.app.services.messages.desk.list()),
);

/** GET /message/service/history?conversationId&beforeId — 运营: a service thread (marks it read). */
messageRoutes.get('/service/history', requireAccess('service.reply'), async (c) => {
  const { conversationId, beforeId } = await read(c, historyInput);
  return ok(c, await c.var.app.services.messages.desk.thread(conversationId, beforeId));
});

/** POST /message/service/reply {conversationId, kind?, content} — 运营: answer as 客服 (ops log). */
messageRoutes.post('/service/reply', requireAccess('service.reply'), LIMIT.message, async (c) => {
  const { conversationId, kind, content } = await read(c, sendInput);
  return ok(c, await c.var.app.services.messages.desk.reply(c.var.user.id, conversationId, kind, content));
});
