import { timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { LIVE_MSG } from '../../../lib/live/messages.ts';
import { z } from 'zod';
import { forbidden } from '../../errors.ts';
import { ok } from '../envelope.ts';
import { field, read } from '../input.ts';
import type { GatewayEnv } from '../types.ts';

/**
 * /svc/media/hooks — called only by the media server (deploy/media/nginx.conf.template), which
 * sends the shared key (`?key=`, derived from APP_SECRET or MEDIA_HOOK_KEY); anyone else gets 403.
 * Mounted before the gateway's per-caller rate limit: every viewer's playlist check comes from the
 * media server's one address. Non-2xx answers make nginx-rtmp drop a push and nginx refuse a playlist.
 */
export const mediaHookRoutes = new Hono<GatewayEnv>();

const hooks = (c: Parameters<MiddlewareHandler<GatewayEnv>>[0]) => c.var.app.services.media.hooks;

const mediaServerOnly: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  const want = Buffer.from(c.var.app.services.media.provider.hookKey);
  const got = Buffer.from(c.req.query('key') ?? '');
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw forbidden(LIVE_MSG.mediaHookOnly);
  await next();
};
mediaHookRoutes.use('/hooks/*', mediaServerOnly);

const publishInput = z.object({ name: field.str(), auth_key: field.str(), clientid: field.str() });
const publishDoneInput = z.object({ name: field.str(), clientid: field.str() });

/** nginx-rtmp on_publish (form: call, app, name, clientid, addr, and the push's own query: auth_key). */
mediaHookRoutes.post('/hooks/publish', async (c) => {
  const { name, auth_key: authKey, clientid: clientId } = await read(c, publishInput);
  const result = await hooks(c).publish({ name, authKey, clientId });
  c.var.app.log.info({ ...result, name: name.replace(/_.*/, '_…') }, 'push started');
  return ok(c, result);
});

/** nginx-rtmp on_publish_done. */
mediaHookRoutes.post('/hooks/publish-done', async (c) => {
  const { name, clientid: clientId } = await read(c, publishDoneInput);
  return ok(c, await hooks(c).publishDone({ name, clientId }));
});

/** nginx auth_request for a playlist; the original URI (with auth_key) comes in X-Original-URI. */
mediaHookRoutes.get('/hooks/play', (c) => ok(c, hooks(c).play(c.req.header('x-original-uri') ?? '')));
