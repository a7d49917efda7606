import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf } from '../../services/community/posts.ts';
import { isNoticeKind } from '../../services/notifications/notifications.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, withPageParam } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { LIMIT } from '../limits.ts';

/** /svc/inform — reports, feedback, notifications and the posting island's match picker (docs/community.md). */
export const communityMoreRoutes = new Hono<GatewayEnv>();
const target = { targetType: field.oneOf(['post', 'comment']), targetId: field.id() };
const reportInput = z.object({ ...target, reason: field.str() });
const reviewInput = z.object({
  ...target,
  decision: field.oneOf(['hide', 'restore', 'ban']),
  reason: field.str().transform((r) => r.slice(0, 200)),
});
/** A notice kind, or undefined (every kind) for anything else. */
const noticeKind = () => field.str().transform((k) => (isNoticeKind(k) ? k : undefined));

/** POST /inform/report/add {targetType: post|comment, targetId, reason}. */
communityMoreRoutes.post('/report/add', requireUser, LIMIT.report, async (c) => {
  const report = await read(c, reportInput);
  return ok(c, await c.var.app.services.community.reports.report(actorOf(c.var.user), report));
});

/** POST /inform/report/review {targetType, targetId, decision: hide|restore|ban, reason?} — operators. */
communityMoreRoutes.post('/report/review', requireAccess('reports.review'), async (c) => {
  const review = await read(c, reviewInput);
  return ok(c, await c.var.app.services.community.reports.review(actorOf(c.var.user), review));
});

const feedbackInput = z.object({ content: field.str(), contact: field.str(), screenshot: field.str() });

/** POST /inform/feedback/add {content, contact?, screenshot?}; visitors may send it too. */
communityMoreRoutes.post(
  '/feedback/add',
  rateLimit({ name: 'feedback', max: 5, windowMs: 600_000 }),
  async (c) => {
    const feedback = await read(c, feedbackInput);
    return ok(c, await c.var.app.services.community.feedback.add(c.var.user?.id ?? null, feedback));
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

const noticesInput = withPageParam({
  kind: noticeKind(),
  pageNum: field.page(),
  pageSize: field.pageSize(20, 100),
});

/** GET /inform/message/list?kind&pageNum&pageSize: my notifications, newest first. */
communityMoreRoutes.get('/message/list', requireUser, async (c) =>
  ok(c, await c.var.app.services.notifications.list(c.var.user.id, await read(c, noticesInput))),
);

/** GET /inform/message/unread: unread counts per kind and `all`. */
communityMoreRoutes.get('/message/unread', requireUser, async (c) =>
  ok(c, await c.var.app.services.notifications.unread(c.var.user.id)),
);

// Ids beyond the id range (1e300) reached the SQL as a 500: refused by name instead.
const markReadInput = z.object({ ids: field.idList(), kind: noticeKind() });

/** POST /inform/message/read {ids?, kind?}: marks mine read (all of them when neither is given). */
communityMoreRoutes.post('/message/read', requireUser, async (c) => {
  const changed = await c.var.app.services.notifications.markRead(
    c.var.user.id,
    await read(c, markReadInput),
  );
  return ok(c, { changed });
});
