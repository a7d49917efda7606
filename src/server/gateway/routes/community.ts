import { Hono } from 'hono';
import { z } from 'zod';
import { FEED_SORTS } from '../../../lib/community/rules.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { actorOf, feedFiltersOf, listOf, optionalId, pageOf, pathId, wantOf } from './community-input.ts';
import { LIMIT } from '../limits.ts';

/** /svc/inform — community calls (docs/community.md). Writes check the caller in the services too. */
export const communityRoutes = new Hono<GatewayEnv>();
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.community;
const viewer = (c: { var: GatewayEnv['Variables'] }) => (c.var.user ? actorOf(c.var.user) : null);

/** GET /inform/circle/list: every circle with its counts; `joined` for the caller. */
communityRoutes.get('/circle/list', async (c) => ok(c, await svc(c).circles.list(c.var.user?.id ?? null)));

/** POST /inform/circle/join {circleId} and /inform/circle/leave {circleId}. */
for (const action of ['join', 'leave'] as const) {
  communityRoutes.post(`/circle/${action}`, requireUser, async (c) => {
    const { circleId } = validate(z.object({ circleId: q.id() }), await readInput(c));
    return ok(c, await svc(c).circles[action](c.var.user.id, circleId));
  });
}

/** POST /inform/post/list/general {circleId?, sort: new|hot, pageParam {pageNum, pageSize, keyword?, authorId?}}. */
communityRoutes.post('/post/list/general', async (c) => {
  const input = await readInput(c);
  const sort = text(input.sort) === 'hot' ? 'hot' : 'new';
  const feed = {
    circleId: optionalId(input.circleId),
    ...feedFiltersOf(input),
    sort,
    viewerId: c.var.user?.id ?? null,
    ...pageOf(input),
  } as const;
  return ok(c, { ...(await svc(c).feeds.general(feed)), sorts: FEED_SORTS });
});

/** GET /inform/post/detail/{id}. */
communityRoutes.get('/post/detail/:id', async (c) =>
  ok(c, await svc(c).posts.detail(pathId(c.req.param('id')), viewer(c))),
);

/** POST /inform/post/addPic/base64 {files: [base64 | data URL, …]} (or {file}) → [{url, thumb}]. */
communityRoutes.post(
  '/post/addPic/base64',
  requireUser,
  rateLimit({ name: 'upload', max: 60, windowMs: 600_000 }),
  async (c) => {
    const input = await readInput(c);
    return ok(c, await svc(c).pictures.add(listOf(input.files ?? input['files[]'] ?? input.file)));
  },
);

/** POST /inform/post/addSave {circleId, content, pictures, matchId?, type: 1 post | 2 anchor dynamic}. */
communityRoutes.post('/post/addSave', requireUser, LIMIT.post, async (c) => {
  const input = await readInput(c);
  const kind = text(input.type) === '2' ? 2 : 1;
  const created = await svc(c).posts.create(actorOf(c.var.user), {
    kind,
    circleId: optionalId(input.circleId),
    content: text(input.content),
    pictures: listOf(input.pictures ?? input['pictures[]']),
    matchId: optionalId(input.matchId),
  });
  return ok(c, created.post, created.notice ?? undefined);
});

/** POST /inform/post/edit {postId, content, pictures, matchId?}: the author (or an operator) changes a post. */
communityRoutes.post('/post/edit', requireUser, LIMIT.post, async (c) => {
  const input = await readInput(c);
  const { postId } = validate(z.object({ postId: q.id() }), input);
  const edited = await svc(c).edits.edit(actorOf(c.var.user), postId, {
    content: text(input.content),
    pictures: listOf(input.pictures ?? input['pictures[]']),
    matchId: 'matchId' in input ? (optionalId(input.matchId) ?? null) : undefined,
  });
  return ok(c, edited.post, edited.notice ?? COMMUNITY_MSG.postEdited);
});

/** POST /inform/post/pin {postId, pinned: 1|0}: operators pin a circle post (logged). */
communityRoutes.post('/post/pin', requireAccess('posts.moderate'), async (c) => {
  const input = await readInput(c);
  const { postId } = validate(z.object({ postId: q.id() }), input);
  return ok(c, await svc(c).edits.pin(actorOf(c.var.user), postId, wantOf(input.pinned) !== false));
});

/**
 * POST /inform/post/list/anchor {pageParam {pageNum, pageSize, authorId?, keyword?}}: dynamics of one
 * anchor (the spec's authorId; anchorId is still read) or of the anchors I follow.
 */
communityRoutes.post('/post/list/anchor', async (c) => {
  const input = await readInput(c);
  const { authorId, keyword } = feedFiltersOf(input);
  return ok(
    c,
    await svc(c).feeds.anchor({
      anchorId: authorId ?? optionalId(input.anchorId),
      keyword,
      viewerId: c.var.user?.id ?? null,
      ...pageOf(input),
    }),
  );
});

/** GET /inform/post/list/anchor/my?pageNum&pageSize: my own dynamics, held ones included. */
communityRoutes.get('/post/list/anchor/my', requireUser, async (c) =>
  ok(c, await svc(c).feeds.mine(c.var.user.id, { kind: 2, ...pageOf(c.req.query()) })),
);

/** GET /inform/post/anchor/delete?postId: the author or staff delete a post (dynamic or circle post). */
communityRoutes.get('/post/anchor/delete', requireUser, async (c) => {
  const { postId } = validate(z.object({ postId: q.id() }), c.req.query());
  await svc(c).posts.remove(actorOf(c.var.user), postId);
  return ok(c, { postId, deleted: true });
});

/** GET /inform/post/like/{id}?like=1|0 (absent: toggle) → {liked, likeCount}. */
communityRoutes.get('/post/like/:id', requireUser, async (c) =>
  ok(c, await svc(c).likes.post(actorOf(c.var.user), pathId(c.req.param('id')), wantOf(c.req.query('like')))),
);

/**
 * GET /inform/post/shield/mine → {postIds, authorIds}: what the caller shielded. /community is one
 * shared copy for everyone; a fan's browser hides these from it (src/scripts/community-shields.ts).
 */
communityRoutes.get('/post/shield/mine', requireUser, async (c) =>
  ok(c, await svc(c).shields.mine(c.var.user.id)),
);

/** POST /inform/post/shield {postId | authorId, cancel?}. */
communityRoutes.post('/post/shield', requireUser, async (c) => {
  const input = await readInput(c);
  const target = { postId: optionalId(input.postId), authorId: optionalId(input.authorId) };
  return ok(c, await svc(c).shields.set(c.var.user.id, target, wantOf(input.cancel) !== true));
});

/** POST /inform/comment/reply {postId, content, parentId?}. */
communityRoutes.post('/comment/reply', requireUser, LIMIT.comment, async (c) => {
  const input = await readInput(c);
  const { postId } = validate(z.object({ postId: q.id() }), input);
  const reply = { postId, content: text(input.content), parentId: optionalId(input.parentId) };
  return ok(c, await svc(c).comments.reply(actorOf(c.var.user), reply));
});

/** GET /inform/comment/list/byPost?postId&pageNum&pageSize. */
communityRoutes.get('/comment/list/byPost', async (c) => {
  const { postId } = validate(z.object({ postId: q.id() }), c.req.query());
  await svc(c).posts.detail(postId, viewer(c));
  return ok(
    c,
    await svc(c).comments.list(postId, { viewerId: c.var.user?.id ?? null, ...pageOf(c.req.query(), 20) }),
  );
});

/** GET /inform/comment/like/{id}?like=1|0. */
communityRoutes.get('/comment/like/:id', requireUser, async (c) =>
  ok(
    c,
    await svc(c).likes.comment(actorOf(c.var.user), pathId(c.req.param('id')), wantOf(c.req.query('like'))),
  ),
);
