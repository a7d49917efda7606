import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { isNoticeKind } from '../../services/notifications/notifications.ts';
import { actorOf, listOf, pageOf } from './community-input.ts';
import { LIMIT } from '../limits.ts';

/** /svc/inform — reports, feedback, notifications and the posting island's match picker (docs/community.md). */
export const communityMoreRoutes = new Hono<GatewayEnv>();
const target = z.object({ targetType: z.enum(['post', 'comment']), targetId: q.id() });

/** POST /inform/report/add {targetType: post|comment, targetId, reason}. */
communityMoreRoutes.post('/report/add', requireUser, LIMIT.report, async (c) => {
  const input = await readInput(c);
  const t = validate(target, input);
  return ok(
    c,
    await c.var.app.services.community.reports.report(actorOf(c.var.user), {
      ...t,
      reason: text(input.reason),
    }),
  );
});

/** POST /inform/report/review {targetType, targetId, decision: hide|restore|ban, reason?} — operators. */
communityMoreRoutes.post('/report/review', requireAccess('reports.review'), async (c) => {
  const input = await readInput(c);
  const t = validate(target.extend({ decision: z.enum(['hide', 'restore', 'ban']) }), input);
  return ok(
    c,
    await c.var.app.services.community.reports.review(actorOf(c.var.user), {
      ...t,
      reason: text(input.reason).slice(0, 200),
    }),
  );
});

/** POST /inform/feedback/add {content, contact?, screenshot?}; visitors may send it too. */
communityMoreRoutes.post(
  '/feedback/add',
  rateLimit({ name: 'feedback', max: 5, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    const fb = {
      content: text(input.content),
      contact: text(input.contact),
      screenshot: text(input.screenshot),
    };
    return ok(c, await c.var.app.services.community.feedback.add(c.var.user?.id ?? null, fb));
  },
);

/** GET /inform/post/matches: matches from a day ago to two days ahead, for linking a post. */
communityMoreRoutes.get('/post/matches', requireUser, async (c) => {
  const now = Date.now();
  return ok(
    c,
    await c.var.app.services.community.matches.between(
      new Date(now - 86400_000),
      new Date(now + 2 * 86400_000),
      60,
    ),
  );
});

/** GET /inform/message/list?kind&pageNum&pageSize: my notifications, newest first. */
communityMoreRoutes.get('/message/list', requireUser, async (c) => {
  const kind = c.req.query('kind');
  const args = { kind: isNoticeKind(kind) ? kind : undefined, ...pageOf(c.req.query(), 20) };
  return ok(c, await c.var.app.services.notifications.list(c.var.user.id, args));
});

/** GET /inform/message/unread: unread counts per kind and `all`. */
communityMoreRoutes.get('/message/unread', requireUser, async (c) =>
  ok(c, await c.var.app.services.notifications.unread(c.var.user.id)),
);

/** POST /inform/message/read {ids?, kind?}: marks mine read (all of them when neither is given). */
communityMoreRoutes.post('/message/read', requireUser, async (c) => {
  const input = await readInput(c);
  // Ids beyond the id range (1e300) reached the SQL as a 500: refused by name instead.
  const ids = validate(z.object({ ids: z.array(q.id()) }), { ids: listOf(input.ids) }).ids;
  const kind = text(input.kind);
  const changed = await c.var.app.services.notifications.markRead(c.var.user.id, {
    ids,
    kind: isNoticeKind(kind) ? kind : undefined,
  });
  return ok(c, { changed });
});
