import { Hono } from 'hono';
import { z } from 'zod';
import { FEED_SORTS, POST_RULES } from '../../../lib/community/rules.ts';
import { COMMUNITY_MSG } from '../../../lib/community/messages.ts';
import { actorOf } from '../../services/community/posts.ts';
import { requireAccess, requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, withPageParam } from '../input.ts';
import { rateLimit } from '../rate-limit.ts';
import type { GatewayEnv } from '../types.ts';
import { LIMIT } from '../limits.ts';

/** /svc/inform — community calls (docs/community.md). Writes check the caller in the services too. */
export const communityRoutes = new Hono<GatewayEnv>();
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.community;
const viewer = (c: { var: GatewayEnv['Variables'] }) => (c.var.user ? actorOf(c.var.user) : null);

const postInput = z.object({ postId: field.id() });
const byIdInput = z.object({ id: field.id() });
/** The paging of the feeds (pageParam {pageNum, pageSize}, docs/community.md) and its filters. */
const paging = { pageNum: field.page(), pageSize: field.pageSize(POST_RULES.pageSize, 100) };
const feedFilters = {
  keyword: field.optionalStr({ max: POST_RULES.keywordMax }),
  authorId: field.optionalId(),
};

/** GET /inform/circle/list: every circle with its counts; `joined` for the caller. */
communityRoutes.get('/circle/list', async (c) => ok(c, await svc(c).circles.list(c.var.user?.id ?? null)));

const circleInput = z.object({ circleId: field.id() });

/** POST /inform/circle/join {circleId} and /inform/circle/leave {circleId}. */
for (const action of ['join', 'leave'] as const) {
  communityRoutes.post(`/circle/${action}`, requireUser, async (c) => {
    const { circleId } = await read(c, circleInput);
    return ok(c, await svc(c).circles[action](c.var.user.id, circleId));
  });
}

const generalFeedInput = withPageParam({
  circleId: field.idIfAny(),
  ...feedFilters,
  sort: field.pick(['new', 'hot'], 'new'),
  ...paging,
});

/** POST /inform/post/list/general {circleId?, sort: new|hot, pageParam {pageNum, pageSize, keyword?, authorId?}}. */
communityRoutes.post('/post/list/general', async (c) => {
  const feed = { ...(await read(c, generalFeedInput)), viewerId: c.var.user?.id ?? null };
  return ok(c, { ...(await svc(c).feeds.general(feed)), sorts: FEED_SORTS });
});

/** GET /inform/post/detail/{id}. */
communityRoutes.get('/post/detail/:id', async (c) => {
  const { id } = await read(c, byIdInput);
  return ok(c, await svc(c).posts.detail(id, viewer(c)));
});

const addPicturesInput = z.object({ files: field.list(), file: field.list() });

/** POST /inform/post/addPic/base64 {files: [base64 | data URL, …]} (or {file}) → [{url, thumb}]. */
communityRoutes.post(
  '/post/addPic/base64',
  requireUser,
  rateLimit({ name: 'upload', max: 60, windowMs: 600_000 }),
  async (c) => {
    const { files, file } = await read(c, addPicturesInput);
    return ok(c, await svc(c).pictures.add(files.length ? files : file));
  },
);

const newPostInput = z.object({
  type: field.str().transform((t): 1 | 2 => (t === '2' ? 2 : 1)),
  circleId: field.idIfAny(),
  content: field.str(),
  pictures: field.list(),
  matchId: field.idIfAny(),
});

/** POST /inform/post/addSave {circleId, content, pictures, matchId?, type: 1 post | 2 anchor dynamic}. */
communityRoutes.post('/post/addSave', requireUser, LIMIT.post, async (c) => {
  const { type: kind, ...post } = await read(c, newPostInput);
  const created = await svc(c).posts.create(actorOf(c.var.user), { kind, ...post });
  return ok(c, created.post, created.notice ?? undefined);
});

const postEditInput = z.object({
  postId: field.id(),
  content: field.str(),
  pictures: field.list(),
  matchId: field.idOrNull(),
});

/** POST /inform/post/edit {postId, content, pictures, matchId?}: the author (or an operator) changes a post. */
communityRoutes.post('/post/edit', requireUser, LIMIT.post, async (c) => {
  const { postId, ...edit } = await read(c, postEditInput);
  const edited = await svc(c).edits.edit(actorOf(c.var.user), postId, edit);
  return ok(c, edited.post, edited.notice ?? COMMUNITY_MSG.postEdited);
});

const pinInput = z.object({ postId: field.id(), pinned: field.toggle() });

/** POST /inform/post/pin {postId, pinned: 1|0}: operators pin a circle post (logged). */
communityRoutes.post('/post/pin', requireAccess('posts.moderate'), async (c) => {
  const { postId, pinned } = await read(c, pinInput);
  return ok(c, await svc(c).edits.pin(actorOf(c.var.user), postId, pinned !== false));
});

const anchorFeedInput = withPageParam({ ...feedFilters, anchorId: field.idIfAny(), ...paging });

/**
 * POST /inform/post/list/anchor {pageParam {pageNum, pageSize, authorId?, keyword?}}: dynamics of one
 * anchor (the spec's authorId; anchorId is still read) or of the anchors I follow.
 */
communityRoutes.post('/post/list/anchor', async (c) => {
  const { authorId, anchorId, ...feed } = await read(c, anchorFeedInput);
  return ok(
    c,
    await svc(c).feeds.anchor({ ...feed, anchorId: authorId ?? anchorId, viewerId: c.var.user?.id ?? null }),
  );
});

const myDynamicsInput = withPageParam(paging);

/** GET /inform/post/list/anchor/my?pageNum&pageSize: my own dynamics, held ones included. */
communityRoutes.get('/post/list/anchor/my', requireUser, async (c) =>
  ok(c, await svc(c).feeds.mine(c.var.user.id, { kind: 2, ...(await read(c, myDynamicsInput)) })),
);

/** GET /inform/post/anchor/delete?postId: the author or staff delete a post (dynamic or circle post). */
communityRoutes.get('/post/anchor/delete', requireUser, async (c) => {
  const { postId } = await read(c, postInput);
  await svc(c).posts.remove(actorOf(c.var.user), postId);
  return ok(c, { postId, deleted: true });
});

const likeInput = z.object({ id: field.id(), like: field.toggle() });

/** GET /inform/post/like/{id}?like=1|0 (absent: toggle) → {liked, likeCount}. */
communityRoutes.get('/post/like/:id', requireUser, async (c) => {
  const { id, like } = await read(c, likeInput);
  return ok(c, await svc(c).likes.post(actorOf(c.var.user), id, like));
});

/**
 * GET /inform/post/shield/mine → {postIds, authorIds}: what the caller shielded. /community is one
 * shared copy for everyone; a fan's browser hides these from it (src/scripts/community-shields.ts).
 */
communityRoutes.get('/post/shield/mine', requireUser, async (c) =>
  ok(c, await svc(c).shields.mine(c.var.user.id)),
);

const shieldInput = z.object({ postId: field.idIfAny(), authorId: field.idIfAny(), cancel: field.toggle() });

/** POST /inform/post/shield {postId | authorId, cancel?}. */
communityRoutes.post('/post/shield', requireUser, async (c) => {
  const { cancel, ...target } = await read(c, shieldInput);
  return ok(c, await svc(c).shields.set(c.var.user.id, target, cancel !== true));
});

const replyInput = z.object({ postId: field.id(), content: field.str(), parentId: field.idIfAny() });

/** POST /inform/comment/reply {postId, content, parentId?}. */
communityRoutes.post('/comment/reply', requireUser, LIMIT.comment, async (c) =>
  ok(c, await svc(c).comments.reply(actorOf(c.var.user), await read(c, replyInput))),
);

const commentsInput = withPageParam({
  postId: field.id(),
  pageNum: field.page(),
  pageSize: field.pageSize(20, 100),
});

/** GET /inform/comment/list/byPost?postId&pageNum&pageSize. */
communityRoutes.get('/comment/list/byPost', async (c) => {
  const { postId, ...page } = await read(c, commentsInput);
  await svc(c).posts.detail(postId, viewer(c));
  return ok(c, await svc(c).comments.list(postId, { viewerId: c.var.user?.id ?? null, ...page }));
});

/** GET /inform/comment/like/{id}?like=1|0. */
communityRoutes.get('/comment/like/:id', requireUser, async (c) => {
  const { id, like } = await read(c, likeInput);
  return ok(c, await svc(c).likes.comment(actorOf(c.var.user), id, like));
});
