import { MSG, fill } from '../../../lib/messages.ts';
import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_RULES } from '../../../lib/community/rules.ts';
import { NEWS_MSG } from '../../../lib/news/messages.ts';
import { NEWS_RULES } from '../../../lib/news/rules.ts';
import { invalidParam } from '../../errors.ts';
import { requireUser } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, whole, withPageParam } from '../input.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
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
async function columnFilter(c: { var: GatewayEnv['Variables'] }, id: number | undefined) {
  if (!id) return undefined;
  const cols = await svc(c).articles.columns();
  const col = cols.find((x) => x.id === id);
  if (!col) throw invalidParam('columnNo', NEWS_MSG.columnNotFound);
  return col.slug === 'headline' ? undefined : col.id;
}

/** POST /inform/info/listCategory: the columns in tab order with their article counts. */
newsRoutes.post('/info/listCategory', async (c) => ok(c, await svc(c).articles.columns()));

const articlesInput = withPageParam({
  keyword: field.chars(0, 40, fill(MSG.lengthTooLong, { max: 40 })),
  columnNo: field.idIfAny(),
  authorId: field.idIfAny(),
  pageNum: field.page(),
  pageSize: field.pageSize(NEWS_RULES.pageSize, 100),
});

/** POST /inform/info/list {pageParam {pageNum, pageSize=30}, columnNo?, platform?, keyword?, authorId?}. */
newsRoutes.post('/info/list', async (c) => {
  const { keyword, columnNo, ...list } = await read(c, articlesInput);
  return ok(
    c,
    await svc(c).articles.list({
      columnId: await columnFilter(c, columnNo),
      keyword: keyword || undefined,
      ...list,
    }),
  );
});

const byIdInput = z.object({ id: field.id() });

/** GET /inform/info/detail/{id}: one article (counts a view); 404 unknown, 410 deleted. */
newsRoutes.get('/info/detail/:id', async (c) => {
  const { id } = await read(c, byIdInput);
  const article = await svc(c).articles.detail(id, c.var.user?.id ?? null);
  await svc(c).views.hit(article.id);
  return ok(c, article);
});

const columnInput = z.object({ columnNo: field.idIfAny() });

/** GET /inform/info/banner?columnNo: the newest articles with a cover. */
newsRoutes.get('/info/banner', async (c) =>
  ok(c, await svc(c).articles.banner(await columnFilter(c, (await read(c, columnInput)).columnNo))),
);

/** GET /inform/info/hot?columnNo: the hot list (views, comments and collections against age). */
newsRoutes.get('/info/hot', async (c) =>
  ok(c, await svc(c).articles.hot(10, await columnFilter(c, (await read(c, columnInput)).columnNo))),
);

const recommendInput = z.object({ articleId: field.idIfAny() });

/** GET /inform/info/recommend?articleId: recommended reading (reviews, guides, editors' pieces). */
newsRoutes.get('/info/recommend', async (c) =>
  ok(c, await svc(c).articles.recommend(6, (await read(c, recommendInput)).articleId)),
);

const commentsInput = withPageParam({
  articleId: field.id(),
  pageNum: field.page(),
  pageSize: field.pageSize(COMMENT_RULES.pageSize, 100),
});

/** GET /inform/info/comment/list?articleId&pageNum&pageSize. */
newsRoutes.get('/info/comment/list', async (c) => {
  const { articleId, ...page } = await read(c, commentsInput);
  await svc(c).articles.detail(articleId, null);
  return ok(c, await svc(c).comments.list(articleId, { ...page, viewerId: c.var.user?.id ?? null }));
});

const replyInput = z.object({ articleId: field.id(), content: field.str(), parentId: field.idIfAny() });

/** POST /inform/info/comment/reply {articleId, content, parentId?}. */
newsRoutes.post('/info/comment/reply', requireUser, LIMIT.comment, async (c) =>
  ok(c, await svc(c).comments.reply(actor(c), await read(c, replyInput))),
);

const likeInput = z.object({ id: field.id(), like: field.toggle() });

/** GET /inform/info/comment/like/{id}?like=1|0 (absent toggles). */
newsRoutes.get('/info/comment/like/:id', requireUser, async (c) => {
  const { id, like } = await read(c, likeInput);
  return ok(c, await svc(c).comments.like(actor(c), id, like));
});

const reportInput = z.object({ commentId: field.id(), reason: field.str() });

/** POST /inform/info/comment/report {commentId, reason}. */
newsRoutes.post('/info/comment/report', requireUser, LIMIT.report, async (c) => {
  const { commentId, reason } = await read(c, reportInput);
  return ok(c, await svc(c).comments.report(actor(c), commentId, reason));
});

const collectInput = z.object({
  collectId: field.id(),
  type: field.optionalStr().refine((t) => t === undefined || t === '1', whole(NEWS_MSG.collectType)),
  flag: field.toggle(),
});

/** GET /inform/info/collect?collectId&flag&type: type 1 (article); flag 1 collects, 0 removes, absent toggles. */
newsRoutes.get('/info/collect', requireUser, async (c) => {
  const { collectId, flag } = await read(c, collectInput);
  return ok(c, await svc(c).collects.set(c.var.user.id, collectId, flag));
});

/** At most this many comment ids in one GET /inform/info/mine (a page shows 20 with their replies). */
const MINE_MAX_COMMENTS = 500;
const mineInput = z.object({ articleId: field.id(), commentIds: field.idList(MINE_MAX_COMMENTS) });

/**
 * GET /inform/info/mine?articleId&commentIds=1,2 (login) → {collected, liked, reported, own}: whether
 * the caller collected the article, which of these comments they liked, reported and wrote. The article page is one shared copy
 * for everyone; a fan's browser fills their own states from this (src/scripts/news-states.ts).
 */
newsRoutes.get('/info/mine', requireUser, async (c) => {
  const { articleId, commentIds } = await read(c, mineInput);
  const userId = c.var.user.id;
  const [collected, liked, { reported, own }] = await Promise.all([
    svc(c).collects.has(userId, articleId),
    svc(c).comments.likedIds(userId, commentIds),
    svc(c).comments.reportStates(userId, commentIds),
  ]);
  return ok(c, { collected, liked, reported, own });
});

const collectedInput = withPageParam({
  pageNum: field.page(),
  pageSize: field.pageSize(NEWS_RULES.pageSize, 100),
});

/** GET /inform/info/my/collect?pageNum&pageSize: my collected articles. */
newsRoutes.get('/info/my/collect', requireUser, async (c) => {
  const page = await read(c, collectedInput);
  return ok(c, await svc(c).collects.mine(c.var.user.id, page.pageNum, page.pageSize));
});
