import { Hono } from 'hono';
import { z } from 'zod';
import { NEWS_STATUSES, type NewsStatus } from '../../../lib/news/rules.ts';
import { publishAtOf, tagsOf } from '../../services/news/input.ts';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { listOf, optionalId, pageOf, pathId } from './community-input.ts';

/** /svc/inform/info/editor — the editors' calls (role editor); each action is in the ops log. */
export const newsEditorRoutes = new Hono<GatewayEnv>().use(requireAccess('news.edit'));
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.news.editor;
const actor = (c: UserCtx) => ({
  id: c.var.user.id,
  nickName: c.var.user.nickName,
});

newsEditorRoutes.get('/list', async (c) => {
  const query = c.req.query();
  const status = query.status && query.status in NEWS_STATUSES ? (query.status as NewsStatus) : undefined;
  return ok(
    c,
    await svc(c).list({
      status,
      keyword: text(query.keyword).trim() || undefined,
      columnId: optionalId(query.columnNo),
      ...pageOf(query),
    }),
  );
});

newsEditorRoutes.get('/detail/:id', async (c) => ok(c, await svc(c).get(pathId(c.req.param('id')))));

/** POST /inform/info/editor/save {id?, columnId, title, summary?, cover?, body, tags | teamIds …}. */
newsEditorRoutes.post('/save', async (c) => {
  const input = await readInput(c);
  const { columnId } = validate(z.object({ columnId: q.id() }), input);
  const saved = await svc(c).save(actor(c), {
    id: optionalId(input.id),
    columnId,
    title: text(input.title),
    summary: text(input.summary),
    cover: text(input.cover) || null,
    body: text(input.body),
    tags: tagsOf(input),
  });
  return ok(c, saved);
});

newsEditorRoutes.post('/publish', async (c) => {
  const input = await readInput(c);
  const { id } = validate(z.object({ id: q.id() }), input);
  return ok(c, await svc(c).publish(actor(c), id, publishAtOf(input.publishAt)));
});

for (const action of ['unpublish', 'remove', 'relink', 'revert'] as const) {
  newsEditorRoutes.post(`/${action === 'remove' ? 'delete' : action}`, async (c) => {
    const { id } = validate(z.object({ id: q.id() }), await readInput(c));
    return ok(c, await svc(c)[action](actor(c), id));
  });
}

/** POST /inform/info/editor/image {files: [base64 | data URL]} → [url]: WebP, no EXIF, ≤ 1600 px. */
newsEditorRoutes.post('/image', async (c) => {
  const input = await readInput(c);
  return ok(c, await svc(c).images(listOf(input.files ?? input['files[]'] ?? input.file)));
});
