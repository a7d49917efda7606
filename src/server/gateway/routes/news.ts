import { MSG, fill } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_RULES } from '../../../lib/community/rules.ts';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES } from '../../../lib/news/rules.ts';
import { badRequest, invalidParam } from '../../errors.ts';
import { requireUser } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { optionalId, pageOf, pathId, wantOf } from './community-input.ts';
import { newsEditorRoutes } from './news-editor.ts';
import { aboutEditorRoutes } from './site-pages-editor.ts';
import { LIMIT } from '../limits.ts';

/** /svc/inform/info — news (docs/news.md): columns, lists, articles, comments, collections. */
export const newsRoutes = new Hono<GatewayEnv>();
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.news;
const actor = (c: UserCtx) => ({
  id: c.var.user.id,
  nickName: c.var.user.nickName,
});
newsRoutes.route('/info/editor', newsEditorRoutes);
newsRoutes.route('/about/editor', aboutEditorRoutes);

/** The 头条 column lists every column; another column id lists its own articles. */
async function columnFilter(c: { var: GatewayEnv['Variables'] }, columnNo: unknown) {
  const id = optionalId(columnNo);
  if (!id) return undefined;
  const cols = await svc(c).articles.columns();
  const col = cols.find((x) => x.id === id);
  if (!col) throw invalidParam('columnNo', NEWS_MSG.columnNotFound);
  return col.slug === 'headline' ? undefined : col.id;
}

/** POST /inform/info/listCategory: the columns in tab order with their article counts. */
newsRoutes.post('/info/listCategory', async (c) => ok(c, await svc(c).articles.columns()));

/** POST /inform/info/list {pageParam {pageNum, pageSize=30}, columnNo?, platform?, keyword?, authorId?}. */
newsRoutes.post('/info/list', async (c) => {
  const input = await readInput(c);
  const keyword = text(input.keyword).trim();
  if ([...keyword].length > 40) throw invalidParam('keyword', fill(MSG.lengthTooLong, { max: 40 }));
  return ok(
    c,
    await svc(c).articles.list({
      columnId: await columnFilter(c, input.columnNo),
      keyword: keyword || undefined,
      authorId: optionalId(input.authorId),
      ...pageOf(input, NEWS_RULES.pageSize),
    }),
  );
});

/** GET /inform/info/detail/{id}: one article (counts a view); 404 unknown, 410 deleted. */
newsRoutes.get('/info/detail/:id', async (c) => {
  const article = await svc(c).articles.detail(pathId(c.req.param('id')), c.var.user?.id ?? null);
  await svc(c).views.hit(article.id);
  return ok(c, article);
});

/** GET /inform/info/banner?columnNo: the newest articles with a cover. */
newsRoutes.get('/info/banner', async (c) =>
  ok(c, await svc(c).articles.banner(await columnFilter(c, c.req.query('columnNo')))),
);

/** GET /inform/info/hot?columnNo: the hot list (views, comments and collections against age). */
newsRoutes.get('/info/hot', async (c) =>
  ok(c, await svc(c).articles.hot(10, await columnFilter(c, c.req.query('columnNo')))),
);

/** GET /inform/info/recommend?articleId: recommended reading (reviews, guides, editors' pieces). */
newsRoutes.get('/info/recommend', async (c) =>
  ok(c, await svc(c).articles.recommend(6, optionalId(c.req.query('articleId')))),
);

/** GET /inform/info/comment/list?articleId&pageNum&pageSize. */
newsRoutes.get('/info/comment/list', async (c) => {
  const { articleId } = validate(z.object({ articleId: q.id() }), c.req.query());
  await svc(c).articles.detail(articleId, null);
  const page = pageOf(c.req.query(), COMMENT_RULES.pageSize);
  return ok(c, await svc(c).comments.list(articleId, { ...page, viewerId: c.var.user?.id ?? null }));
});

/** POST /inform/info/comment/reply {articleId, content, parentId?}. */
newsRoutes.post('/info/comment/reply', requireUser, LIMIT.comment, async (c) => {
  const input = await readInput(c);
  const { articleId } = validate(z.object({ articleId: q.id() }), input);
  const reply = { articleId, content: text(input.content), parentId: optionalId(input.parentId) };
  return ok(c, await svc(c).comments.reply(actor(c), reply));
});

/** GET /inform/info/comment/like/{id}?like=1|0 (absent toggles). */
newsRoutes.get('/info/comment/like/:id', requireUser, async (c) =>
  ok(c, await svc(c).comments.like(actor(c), pathId(c.req.param('id')), wantOf(c.req.query('like')))),
);

/** POST /inform/info/comment/report {commentId, reason}. */
newsRoutes.post('/info/comment/report', requireUser, LIMIT.report, async (c) => {
  const input = await readInput(c);
  const { commentId } = validate(z.object({ commentId: q.id() }), input);
  return ok(c, await svc(c).comments.report(actor(c), commentId, text(input.reason).trim()));
});

/** GET /inform/info/collect?collectId&flag&type: type 1 (article); flag 1 collects, 0 removes, absent toggles. */
newsRoutes.get('/info/collect', requireUser, async (c) => {
  const { collectId } = validate(z.object({ collectId: q.id() }), c.req.query());
  const type = c.req.query('type');
  if (type !== undefined && type !== '' && type !== '1') throw badRequest(NEWS_MSG.collectType);
  return ok(c, await svc(c).collects.set(c.var.user.id, collectId, wantOf(c.req.query('flag'))));
});

/** At most this many comment ids in one GET /inform/info/mine (a page shows 20 with their replies). */
const MINE_MAX_COMMENTS = 500;

/**
 * GET /inform/info/mine?articleId&commentIds=1,2 (login) → {collected, liked, reported, own}: whether
 * the caller collected the article, which of these comments they liked, reported and wrote. The article page is one shared copy
 * for everyone; a fan's browser fills their own states from this (src/scripts/news-states.ts).
 */
newsRoutes.get('/info/mine', requireUser, async (c) => {
  const { articleId, commentIds } = validate(
    z.object({ articleId: q.id(), commentIds: z.array(q.id()).max(MINE_MAX_COMMENTS) }),
    {
      articleId: c.req.query('articleId'),
      commentIds: (c.req.query('commentIds') ?? '').split(',').filter(Boolean),
    },
  );
  const userId = c.var.user.id;
  const [collected, liked, { reported, own }] = await Promise.all([
    svc(c).collects.has(userId, articleId),
    svc(c).comments.likedIds(userId, commentIds),
    svc(c).comments.reportStates(userId, commentIds),
  ]);
  return ok(c, { collected, liked, reported, own });
});

/** GET /inform/info/my/collect?pageNum&pageSize: my collected articles. */
newsRoutes.get('/info/my/collect', requireUser, async (c) => {
  const page = pageOf(c.req.query(), NEWS_RULES.pageSize);
  return ok(c, await svc(c).collects.mine(c.var.user.id, page.pageNum, page.pageSize));
});
