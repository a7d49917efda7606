import { Hono } from 'hono';
import { z } from 'zod';
import { requireAccess } from '../auth.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv, UserCtx } from '../types.ts';

/** /svc/inform/about/editor — draft, preview and publish of the about and help pages (role editor). */
export const aboutEditorRoutes = new Hono<GatewayEnv>().use(requireAccess('pages.edit'));
const svc = (c: { var: GatewayEnv['Variables'] }) => c.var.app.services.pages;
const actor = (c: UserCtx) => ({ id: c.var.user.id });

aboutEditorRoutes.get('/list', async (c) => ok(c, await svc(c).list()));

const byIdInput = z.object({ id: field.id() });
const versionInput = z.object({ id: field.id(), versionId: field.id() });

aboutEditorRoutes.get('/detail/:id', async (c) => ok(c, await svc(c).get((await read(c, byIdInput)).id)));

aboutEditorRoutes.get('/version/:id/:versionId', async (c) => {
  const { id, versionId } = await read(c, versionInput);
  return ok(c, await svc(c).version(id, versionId));
});

const draftInput = z.object({ id: field.id(), title: field.str(), summary: field.str(), body: field.str() });

/** POST /inform/about/editor/save {id, title, summary?, body (Markdown)}: the draft. */
aboutEditorRoutes.post('/save', async (c) =>
  ok(c, await svc(c).saveDraft(actor(c), await read(c, draftInput))),
);

for (const action of ['publish', 'revert'] as const) {
  aboutEditorRoutes.post(`/${action}`, async (c) => {
    const { id } = await read(c, byIdInput);
    return ok(c, await svc(c)[action](actor(c), id));
  });
}
