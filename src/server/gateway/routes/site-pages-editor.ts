import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess } from '../auth.ts';
import { readInput } from '../body.ts';
import { ok } from '../envelope.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';
import { q, text, validate } from '../../validate.ts';
import { pathId } from './community-input.ts';

/** /svc/inform/about/editor — draft, preview and publish of the about and help pages (role editor). */
export const aboutEditorRoutes = new Hono<GatewayEnv>().use(requireAccess('pages.edit'));
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.pages;
const actor = (c: UserCtx) => ({ id: c.var.user.id });

aboutEditorRoutes.get('/list', async (c) => ok(c, await svc(c).list()));

aboutEditorRoutes.get('/detail/:id', async (c) => ok(c, await svc(c).get(pathId(c.req.param('id')))));

aboutEditorRoutes.get('/version/:id/:versionId', async (c) =>
  ok(c, await svc(c).version(pathId(c.req.param('id')), pathId(c.req.param('versionId')))),
);

/** POST /inform/about/editor/save {id, title, summary?, body (Markdown)}: the draft. */
aboutEditorRoutes.post('/save', async (c) => {
  const input = await readInput(c);
  const { id } = validate(z.object({ id: q.id() }), input);
  const saved = await svc(c).saveDraft(actor(c), {
    id,
    title: text(input.title),
    summary: text(input.summary),
    body: text(input.body),
  });
  return ok(c, saved);
});

for (const action of ['publish', 'revert'] as const) {
  aboutEditorRoutes.post(`/${action}`, async (c) => {
    const { id } = validate(z.object({ id: q.id() }), await readInput(c));
    return ok(c, await svc(c)[action](actor(c), id));
  });
}
