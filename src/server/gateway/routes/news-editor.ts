import { Hono } from 'hono';
import { z } from 'zod';
import { POST_RULES } from '../../../lib/community/rules.ts';
import { NEWS_STATUSES, type NewsStatus } from '../../../lib/news/rules.ts';
import { publishAtOf, tagsOf } from '../../services/news/input.ts';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read, withPageParam } from '../input.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';

/** /svc/inform/info/editor — the editors' calls (role editor); each action is in the ops log. */
export const newsEditorRoutes = new Hono<GatewayEnv>().use(requireAccess('news.edit'));
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.news.editor;
const actor = (c: UserCtx) => ({
  id: c.var.user.id,
  nickName: c.var.user.nickName,
});

const articlesInput = withPageParam({
  status: field.str().transform((s) => (s && s in NEWS_STATUSES ? (s as NewsStatus) : undefined)),
  keyword: field.optionalStr(),
  columnNo: field.idIfAny(),
  pageNum: field.page(),
  pageSize: field.pageSize(POST_RULES.pageSize, 100),
});

newsEditorRoutes.get('/list', async (c) => {
  const { columnNo, ...list } = await read(c, articlesInput);
  return ok(c, await svc(c).list({ ...list, columnId: columnNo }));
});

const byIdInput = z.object({ id: field.id() });

newsEditorRoutes.get('/detail/:id', async (c) => ok(c, await svc(c).get((await read(c, byIdInput)).id)));

/**
 * An article as the editor sends it; `tags` (or teamIds, matchIds, playerIds) are read as the
 * console's form reads them (services/news/input.ts), refusals included.
 */
const articleInput = z.preprocess(
  (raw) => ({ ...(raw as Record<string, unknown>), tags: tagsOf(raw as Record<string, unknown>) }),
  z.object({
    columnId: field.id(),
    id: field.idIfAny(),
    title: field.str(),
    summary: field.str(),
    cover: field.optionalStr().transform((cover) => cover ?? null),
    body: field.str(),
    tags: z.custom<ReturnType<typeof tagsOf>>(),
  }),
);

/** POST /inform/info/editor/save {id?, columnId, title, summary?, cover?, body, tags | teamIds …}. */
newsEditorRoutes.post('/save', async (c) => ok(c, await svc(c).save(actor(c), await read(c, articleInput))));

const publishInput = z.object({ id: field.id(), publishAt: z.preprocess(publishAtOf, z.date().optional()) });

/** `publishAt` as the console's form reads it (services/news/input.ts): absent is now. */
newsEditorRoutes.post('/publish', async (c) => {
  const { id, publishAt } = await read(c, publishInput);
  return ok(c, await svc(c).publish(actor(c), id, publishAt));
});

for (const action of ['unpublish', 'remove', 'relink', 'revert'] as const) {
  newsEditorRoutes.post(`/${action === 'remove' ? 'delete' : action}`, async (c) => {
    const { id } = await read(c, byIdInput);
    return ok(c, await svc(c)[action](actor(c), id));
  });
}

const imagesInput = z.object({ files: field.list(), file: field.list() });

/** POST /inform/info/editor/image {files: [base64 | data URL]} → [url]: WebP, no EXIF, ≤ 1600 px. */
newsEditorRoutes.post('/image', async (c) => {
  const { files, file } = await read(c, imagesInput);
  return ok(c, await svc(c).images(files.length ? files : file));
});
